import { queryOptions } from '@tanstack/react-query';
import type { ResultOf } from 'gql.tada';
import type { GraphQLClient } from '@/lib/graphql-client';
import { graphql } from '@/lib/graphql';

export const checkDeleteAccountDocument = graphql(`
  query CheckDeleteAccount {
    checkDeleteAccount {
      success
      errors {
        code
        message
        teamFriendlyId
        teamName
      }
    }
  }
`);

export type DeleteAccountBlocker = ResultOf<typeof checkDeleteAccountDocument>['checkDeleteAccount']['errors'][number];

export function checkDeleteAccountQueryOptions(graphqlClient: GraphQLClient) {
  return queryOptions({
    queryKey: ['account', 'delete-check'],
    queryFn: () => graphqlClient.request(checkDeleteAccountDocument),
    // Ownership may have moved a moment ago (on the team's members page): always ask again.
    staleTime: 0,
  });
}
