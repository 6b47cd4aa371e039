import { AppLink } from '@/components/ui/app-link';
import { NoApplicationsYet } from '@/components/application-empty-states';
import { LaunchTile, LaunchTileGrid } from '@/components/launch-tile';
import type { Homepage } from '../api/get-my-homepage';

type HomepageApplication = Homepage['applications'][number];

/** The applications enabled for the user's teams, one group per team (already ordered by team, then name). */
export function TeamApplicationTiles({ applications }: { applications: HomepageApplication[] }) {
  if (applications.length === 0) {
    return (
      <NoApplicationsYet
        title="No applications yet"
        text="Applications granted to your teams appear here, ready to launch."
      />
    );
  }
  const groups = new Map<string, HomepageApplication[]>();
  for (const application of applications) {
    groups.set(application.teamFriendlyId, [...(groups.get(application.teamFriendlyId) ?? []), application]);
  }
  return (
    <div className="grid gap-6">
      {[...groups].map(([teamFriendlyId, teamApplications]) => {
        const headingId = `dashboard-applications-${teamFriendlyId}`;
        return (
          <section key={teamFriendlyId} aria-labelledby={headingId} className="grid gap-3">
            <h3 id={headingId} className="text-sm font-medium text-muted-foreground">
              <AppLink href={`/teams/${teamFriendlyId}/home`} className="hover:text-foreground hover:underline">
                {teamApplications[0]?.teamName ?? teamFriendlyId}
              </AppLink>
            </h3>
            <LaunchTileGrid>
              {teamApplications.map((application) => (
                <li key={application.id}>
                  <LaunchTile type="APPLICATION" item={application} />
                </li>
              ))}
            </LaunchTileGrid>
          </section>
        );
      })}
    </div>
  );
}
