import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import type { ResultOf } from 'gql.tada';
import { graphql } from '@/lib/graphql';
import type { GraphQLClient } from '@/lib/graphql-client';
import { teamApplicationsQueryKey } from '@/lib/query-keys';

export const getTeamApplicationsDocument = graphql(`
  query GetTeamApplications($teamId: ID!, $first: Int) {
    teamApplications(teamId: $teamId, first: $first) {
      nodes {
        id
        name
        description
        url
        logoUrl
        icon
        isDxp
        status
        disabledBySystemAdmin
        grantedAt
      }
    }
  }
`);

export type TeamApplication = NonNullable<
  ResultOf<typeof getTeamApplicationsDocument>['teamApplications']['nodes']
>[number];
export type TeamApplicationStatus = TeamApplication['status'];

// docs/spec.md §9: a team's applications come in one list of at most 100.
const teamApplicationsLimit = 100;

export interface TeamReference {
  id: string;
  friendlyId: string;
}

/** The applications granted to a team, by name, with their status (every member sees them). */
export function teamApplicationsQueryOptions(graphqlClient: GraphQLClient, team: TeamReference) {
  return queryOptions({
    queryKey: [...teamApplicationsQueryKey(team.friendlyId), 'granted'],
    queryFn: async () =>
      (await graphqlClient.request(getTeamApplicationsDocument, { teamId: team.id, first: teamApplicationsLimit }))
        .teamApplications.nodes ?? [],
  });
}

export function useTeamApplications(team: TeamReference): TeamApplication[] {
  const { graphqlClient } = useRouteContext({ from: '__root__' });
  return useSuspenseQuery(teamApplicationsQueryOptions(graphqlClient, team)).data;
}
