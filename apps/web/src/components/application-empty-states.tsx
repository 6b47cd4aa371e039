import { LayoutGridIcon, PlusIcon, UsersRoundIcon } from 'lucide-react';
import { ButtonLink } from '@/components/ui/button-link';
import { EmptyState } from '@/components/ui/empty-state';

/** For someone in no team: what a team would give them (`text`), and the way on, creating one. */
export function NoTeamYet({ text, createLabel = 'Create a team' }: { text: string; createLabel?: string }) {
  return (
    <EmptyState
      icon={UsersRoundIcon}
      title="You are not in a team yet"
      text={text}
      action={
        <ButtonLink href="/teams/add" icon={PlusIcon}>
          {createLabel}
        </ButtonLink>
      }
    />
  );
}

/** On an application's page, for someone in no team: they can request it once they have one. */
export function NoTeamToRequestFor({ applicationName }: { applicationName: string }) {
  return (
    <NoTeamYet text={`Applications are granted to teams. Create a team, then request ${applicationName} for it.`} />
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
