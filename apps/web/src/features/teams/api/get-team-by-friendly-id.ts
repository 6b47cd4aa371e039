import { queryOptions, useSuspenseQuery, type QueryClient } from '@tanstack/react-query';
import { notFound, useRouteContext } from '@tanstack/react-router';
import type { ResultOf } from 'gql.tada';
import type { TeamRole } from '@/lib/team-roles';
import { graphql } from '@/lib/graphql';
import type { GraphQLClient } from '@/lib/graphql-client';
import { isNotFoundError } from '@/lib/not-found';
import { teamQueryKey } from '@/lib/query-keys';

export const getTeamByFriendlyIdDocument = graphql(`
  query GetTeamByFriendlyId($friendlyId: String!) {
    teamByFriendlyId(friendlyId: $friendlyId) {
      id
      name
      friendlyId
      enabled
      meta
      logoUrl
      roleName
    }
  }
`);

export type Team = ResultOf<typeof getTeamByFriendlyIdDocument>['teamByFriendlyId'];

export function teamByFriendlyIdQueryOptions(graphqlClient: GraphQLClient, friendlyId: string) {
  return queryOptions({
    queryKey: [...teamQueryKey(friendlyId), 'team'],
    queryFn: async () => (await graphqlClient.request(getTeamByFriendlyIdDocument, { friendlyId })).teamByFriendlyId,
  });
}

/**
 * The router's team-role resolver: the signed-in user's role in the team, or null when the team
 * does not exist for them (the route then shows the 404, as the API does).
 */
export async function resolveTeamRole(
  queryClient: QueryClient,
  graphqlClient: GraphQLClient,
  friendlyId: string,
): Promise<TeamRole | null> {
  try {
    const team = await queryClient.ensureQueryData(teamByFriendlyIdQueryOptions(graphqlClient, friendlyId));
    return team.roleName;
  } catch (error) {
    if (isNotFoundError(error)) return null;
    throw error;
  }
}

/** For a team route's loader: the team, or the 404 when it does not exist for the visitor. */
export async function ensureTeam(
  queryClient: QueryClient,
  graphqlClient: GraphQLClient,
  friendlyId: string,
): Promise<Team> {
  try {
    return await queryClient.ensureQueryData(teamByFriendlyIdQueryOptions(graphqlClient, friendlyId));
  } catch (error) {
    if (isNotFoundError(error)) throw notFound();
    throw error;
  }
}

/** The team of the current team route (its loader has fetched it). */
export function useTeam(friendlyId: string): Team {
  const { graphqlClient } = useRouteContext({ from: '__root__' });
  return useSuspenseQuery(teamByFriendlyIdQueryOptions(graphqlClient, friendlyId)).data;
}
