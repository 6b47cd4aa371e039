import { queryOptions } from '@tanstack/react-query';
import type { ResultOf } from 'gql.tada';
import { graphql } from '@/lib/graphql';
import type { GraphQLClient } from '@/lib/graphql-client';
import { teamQueryKey } from '@/lib/query-keys';

export const getTeamInvitesDocument = graphql(`
  query GetTeamInvites($teamFriendlyId: String!) {
    teamInvites(teamFriendlyId: $teamFriendlyId, first: 100) {
      nodes {
        id
        email
        teamRole
        createdAt
        expiresAt
        isExpired
        invitedByName
      }
    }
  }
`);

export type TeamInvite = NonNullable<ResultOf<typeof getTeamInvitesDocument>['teamInvites']['nodes']>[number];

export const teamInvitesQueryKey = (teamFriendlyId: string) => [...teamQueryKey(teamFriendlyId), 'invites'] as const;

/** A team's open invites (docs/spec.md §9: at most 100). */
export function teamInvitesQueryOptions(graphqlClient: GraphQLClient, teamFriendlyId: string) {
  return queryOptions({
    queryKey: teamInvitesQueryKey(teamFriendlyId),
    // Invitees accept and decline meanwhile: show the cached list at once, then refresh it (not right after the loader fetched it).
    staleTime: 5_000,
    queryFn: async () =>
      (await graphqlClient.request(getTeamInvitesDocument, { teamFriendlyId })).teamInvites.nodes ?? [],
  });
}
