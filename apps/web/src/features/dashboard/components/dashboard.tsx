import { useSuspenseQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useRouteContext } from '@tanstack/react-router';
import { BookmarkIcon, BookmarkPlusIcon, PlusIcon } from 'lucide-react';
import { AppLink } from '@/components/ui/app-link';
import { Avatar } from '@/components/ui/avatar';
import { ButtonLink } from '@/components/ui/button-link';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { LaunchTileGrid } from '@/components/launch-tile';
import { BookmarkTile } from '@/components/bookmark-tile';
import { NoTeamYet } from '@/components/application-empty-states';
import { TeamRoleBadge } from '@/components/team-role-badge';
import { myHomepageQueryOptions } from '../api/get-my-homepage';
import { TeamApplicationTiles } from './team-application-tiles';
import { PageSection } from '@/components/ui/page-section';

const pageDescription = 'Your teams, applications and bookmarks at a glance.';

/**
 * The homepage: the user's teams with their role, then every application and bookmark they can launch. `notice`
 * comes first when given (a system administrator's setup checklist).
 */
export function Dashboard({ notice }: { notice?: ReactNode }) {
  const { graphqlClient } = useRouteContext({ from: '__root__' });
  const { data: homepage } = useSuspenseQuery(myHomepageQueryOptions(graphqlClient));
  const teamNames = new Map(homepage.teams.map((team) => [team.friendlyId, team.name]));

  return (
    <>
      <PageHeader
        title="Dashboard"
        description={pageDescription}
        actions={
          homepage.teams.length > 0 && (
            <ButtonLink href="/teams/add" color="neutral" variant="outline" icon={PlusIcon}>
              New team
            </ButtonLink>
          )
        }
      />
      <div className="grid gap-10">
        {notice}
        <PageSection title="My teams">
          {homepage.teams.length === 0 ? (
            <NoTeamYet
              text="Teams share bookmarks and applications. Create one and invite the people you work with, or accept an invite from the bell."
              createLabel="Create your first team"
            />
          ) : (
            <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {homepage.teams.map((team) => (
                <li key={team.id}>
                  <AppLink
                    href={`/teams/${team.friendlyId}/home`}
                    className="flex h-20 items-center gap-3 rounded-xl border bg-surface px-4 shadow-xs transition-colors hover:border-primary/50 hover:bg-muted"
                  >
                    <Avatar name={team.name} src={team.logoUrl} size="2xl" className="rounded-lg" />
                    <span className="grid min-w-0 flex-1 gap-1">
                      <span className="truncate font-medium">{team.name}</span>
                      <TeamRoleBadge role={team.roleName} />
                    </span>
                  </AppLink>
                </li>
              ))}
            </ul>
          )}
        </PageSection>
        <PageSection
          title="Applications"
          action={homepage.applications.length > 0 && <SectionLink href="/apps">Browse the catalogue</SectionLink>}
        >
          <TeamApplicationTiles applications={homepage.applications} />
        </PageSection>
        <PageSection
          title="Bookmarks"
          action={
            homepage.bookmarks.length > 0 && <SectionLink href="/account/bookmarks">Manage my bookmarks</SectionLink>
          }
        >
          {homepage.bookmarks.length === 0 ? (
            <EmptyState
              icon={BookmarkIcon}
              title="No bookmarks yet"
              text="Add the links you open every day; your teams’ bookmarks appear here too."
              action={
                <ButtonLink href="/account/bookmarks/create" color="neutral" variant="outline" icon={BookmarkPlusIcon}>
                  Add a bookmark
                </ButtonLink>
              }
            />
          ) : (
            <LaunchTileGrid>
              {homepage.bookmarks.map((bookmark) => (
                <li key={bookmark.id}>
                  <BookmarkTile
                    bookmark={bookmark}
                    teamLabel={
                      bookmark.teamFriendlyId
                        ? (teamNames.get(bookmark.teamFriendlyId) ?? bookmark.teamFriendlyId)
                        : undefined
                    }
                  />
                </li>
              ))}
            </LaunchTileGrid>
          )}
        </PageSection>
      </div>
    </>
  );
}

/** A section's way to the page that holds all of it, shown once the section has something. */
function SectionLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <ButtonLink href={href} color="primary" variant="link" size="sm">
      {children}
    </ButtonLink>
  );
}

export function DashboardSkeleton() {
  return (
    <>
      <PageHeader title="Dashboard" description={pageDescription} />
      <div aria-hidden className="grid gap-10">
        <SectionSkeleton tileCount={3} tileClassName="h-20 rounded-xl" />
        <SectionSkeleton tileCount={3} tileClassName="h-16 rounded-xl" hasSubheading />
        <SectionSkeleton tileCount={6} tileClassName="h-16 rounded-xl" />
      </div>
    </>
  );
}

/** A section's heading, optionally a subheading (the applications' team name), and a grid of placeholder tiles. */
function SectionSkeleton({
  tileCount,
  tileClassName,
  hasSubheading = false,
}: {
  tileCount: number;
  tileClassName: string;
  hasSubheading?: boolean;
}) {
  return (
    <div className="grid gap-4">
      <Skeleton className="h-7 w-28" />
      {hasSubheading && <Skeleton className="h-5 w-24" />}
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {Array.from({ length: tileCount }, (_, index) => (
          <Skeleton key={index} className={tileClassName} />
        ))}
      </div>
    </div>
  );
}
