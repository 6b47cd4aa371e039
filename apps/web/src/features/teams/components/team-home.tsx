import { useSuspenseInfiniteQuery } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { ArrowRightIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { ButtonLink } from '@/components/ui/button-link';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { fullNameOf } from '@/lib/full-name';
import type { Team } from '../api/get-team-by-friendly-id';
import { teamMembersQueryOptions } from '../api/get-team-members';
import type { TeamPermissions } from '../team-roles';
import { TeamRoleBadge } from '@/components/team-role-badge';
import { PageSection } from '@/components/ui/page-section';

const previewedMemberCount = 8;

export interface TeamHomeProps {
  team: Team;
  teamPath: string;
  permissions: TeamPermissions;
  /** The team's applications with Launch and, for managers, their switches (from the applications feature). */
  applications: ReactNode;
  /** What members may still request for the team, beside the members (from the applications feature). */
  availableApplications?: ReactNode;
  /** The team's bookmarks as launch tiles (from the bookmarks feature). */
  bookmarks: ReactNode;
  /** The visitor's own membership with its Leave action, when they are a member. */
  membership?: ReactNode;
}

/**
 * What every member sees: the team's applications and bookmarks, who is in it and what else it may
 * request; managers get links to manage them.
 */
export function TeamHome({
  team,
  teamPath,
  permissions,
  applications,
  availableApplications,
  bookmarks,
  membership,
}: TeamHomeProps) {
  const { graphqlClient } = useRouteContext({ from: '__root__' });
  const membersQuery = useSuspenseInfiniteQuery(teamMembersQueryOptions(graphqlClient, team.friendlyId));
  const firstPage = membersQuery.data.pages[0]?.teamMembers;
  const members = (firstPage?.nodes ?? []).slice(0, previewedMemberCount);
  const memberCount = firstPage?.totalCount ?? 0;

  return (
    <div className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] lg:items-start">
      <div className="grid min-w-0 grid-cols-1 gap-8">
        {applications}
        <PageSection
          title="Team bookmarks"
          action={
            permissions.canManage && (
              <ButtonLink href={`${teamPath}/bookmarks`} color="primary" variant="link" size="sm">
                Manage bookmarks
                <ArrowRightIcon aria-hidden />
              </ButtonLink>
            )
          }
        >
          {bookmarks}
        </PageSection>
      </div>
      <div className="grid min-w-0 grid-cols-1 gap-8">
        <Card>
          <CardHeader>
            <CardTitle>
              <span id="team-members-heading">{memberCount === 1 ? '1 member' : `${memberCount} members`}</span>
            </CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4">
            <ul aria-labelledby="team-members-heading" className="grid gap-3">
              {members.map((member) => {
                const fullName = fullNameOf(member);
                return (
                  <li key={member.userId} className="flex items-center gap-3">
                    <Avatar name={fullName} size="md" />
                    <span className="grid min-w-0 flex-1">
                      <span className="truncate text-sm font-medium">{fullName}</span>
                      <span className="truncate text-xs text-muted-foreground">{member.email}</span>
                    </span>
                    <TeamRoleBadge role={member.role} />
                  </li>
                );
              })}
            </ul>
            {permissions.canManage && (
              <ButtonLink href={`${teamPath}/members`} color="neutral" variant="outline" size="sm" className="w-fit">
                {memberCount > members.length ? `See all ${memberCount} members` : 'Manage members'}
              </ButtonLink>
            )}
          </CardContent>
        </Card>
        {availableApplications}
        {membership}
      </div>
    </div>
  );
}
