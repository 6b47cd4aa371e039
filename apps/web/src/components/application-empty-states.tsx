import { LayoutGridIcon, PlusIcon, UsersRoundIcon } from 'lucide-react';
import { ButtonLink } from '@/components/ui/button-link';
import { EmptyState } from '@/components/ui/empty-state';

/** For someone in no team: applications are granted to teams, so the way on is creating one. */
export function NoTeamYet({ applicationName }: { applicationName: string }) {
  return (
    <EmptyState
      icon={UsersRoundIcon}
      title="You are not in a team yet"
      text={`Applications are granted to teams. Create a team, then request ${applicationName} for it.`}
      action={
        <ButtonLink href="/teams/add" icon={PlusIcon}>
          Create a team
        </ButtonLink>
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
        <ButtonLink href="/apps" color="neutral" variant="outline" icon={LayoutGridIcon}>
          Browse applications
        </ButtonLink>
      }
    />
  );
}
