import type { SignedInRouterContext } from '@/router';

/** Where a team's screens live: the members' area, or the system administration. */
export interface TeamArea {
  teamsPath: '/teams' | '/system/teams';
  isSystemAdministration: boolean;
  /** Where to go after leaving or deleting the team. */
  exitHref: string;
}

export const memberTeamArea: TeamArea = { teamsPath: '/teams', isSystemAdministration: false, exitHref: '/dashboard' };
export const systemTeamArea: TeamArea = {
  teamsPath: '/system/teams',
  isSystemAdministration: true,
  exitHref: '/system/teams',
};

/** What a team route's loader gets from the router; the routes of both areas share their loaders. */
export interface TeamLoaderArgs<TParams extends { slug: string } = { slug: string }> {
  context: Pick<SignedInRouterContext, 'queryClient' | 'graphqlClient'>;
  params: TParams;
}

/** What every team screen is given by its route: the team's friendly id and the area it is shown in. */
export interface TeamScreenProps {
  slug: string;
  area: TeamArea;
}

/** /teams/{slug} or /system/teams/{slug}. */
export function teamPathOf(area: TeamArea, friendlyId: string): string {
  return `${area.teamsPath}/${friendlyId}`;
}
