import { queryOptions } from '@tanstack/react-query';
import type { ResultOf } from 'gql.tada';
import { graphql } from '@/lib/graphql';
import type { GraphQLClient } from '@/lib/graphql-client';
import { myInviteQueryKey } from '@/lib/query-keys';

export const getMyInviteDocument = graphql(`
  query GetMyInvite($inviteId: ID!) {
    myInvite(inviteId: $inviteId) {
      id
      teamName
      teamFriendlyId
      teamLogoUrl
      teamRole
      invitedByName
      invitedByEmail
      createdAt
      expiresAt
      status
    }
  }
`);

export type MyInvite = ResultOf<typeof getMyInviteDocument>['myInvite'];

/** The invite addressed to the signed-in person: who sent it, to which team, as what and until when. */
export function myInviteQueryOptions(graphqlClient: GraphQLClient, inviteId: string) {
  return queryOptions({
    queryKey: myInviteQueryKey(inviteId),
    queryFn: async () => (await graphqlClient.request(getMyInviteDocument, { inviteId })).myInvite,
  });
}
