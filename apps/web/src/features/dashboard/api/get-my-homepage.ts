import { queryOptions } from '@tanstack/react-query';
import type { ResultOf } from 'gql.tada';
import { graphql } from '@/lib/graphql';
import type { GraphQLClient } from '@/lib/graphql-client';
import { myHomepageQueryKey } from '@/lib/query-keys';

export const getMyHomepageDocument = graphql(`
  query GetMyHomepage {
    myHomepage {
      teams {
        id
        friendlyId
        name
        roleName
        logoUrl
      }
      bookmarks {
        id
        url
        name
        logoUrl
        teamFriendlyId
      }
      applications {
        id
        name
        url
        logoUrl
        icon
        teamFriendlyId
        teamName
      }
    }
  }
`);

export type Homepage = ResultOf<typeof getMyHomepageDocument>['myHomepage'];

export function myHomepageQueryOptions(graphqlClient: GraphQLClient) {
  return queryOptions({
    queryKey: myHomepageQueryKey,
    queryFn: async () => (await graphqlClient.request(getMyHomepageDocument)).myHomepage,
  });
}
