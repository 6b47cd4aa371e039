import { LayoutGridIcon, PlusIcon, UsersRoundIcon } from 'lucide-react';
import { AppLink } from '@/components/ui/app-link';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';

/** For someone in no team: applications are granted to teams, so the way on is creating one. */
export function NoTeamYet({ applicationName }: { applicationName: string }) {
  return (
    <EmptyState
      icon={UsersRoundIcon}
      title="You are not in a team yet"
      text={`Applications are granted to teams. Create a team, then request ${applicationName} for it.`}
      action={
        <Button asChild>
          <AppLink href="/teams/add">
            <PlusIcon aria-hidden />
            Create a team
          </AppLink>
        </Button>
      }
    />
  );
}

/** Where a team's applications would be: a way to the catalogue. */
export function NoApplicationsYet({ title, text }: { title: string; text: string }) {
  return (
    <EmptyState
      icon={LayoutGridIcon}
      title={title}
      text={text}
      action={
        <Button asChild color="neutral" variant="outline">
          <AppLink href="/apps">
            <LayoutGridIcon aria-hidden />
            Browse applications
          </AppLink>
        </Button>
      }
    />
  );
}
