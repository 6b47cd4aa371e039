import { queryOptions } from '@tanstack/react-query';
import type { ResultOf, VariablesOf } from 'gql.tada';
import { applicationsQueryKey } from '@/features/applications/api/get-all-applications';
import { graphql } from '@/lib/graphql';
import type { GraphQLClient } from '@/lib/graphql-client';

export const getAllApplicationsDocument = graphql(`
  query GetAllApplications($search: String, $first: Int, $after: String, $last: Int, $before: String) {
    allApplications(search: $search, first: $first, after: $after, last: $last, before: $before) {
      nodes {
        id
        name
        description
        logoUrl
        isDxp
        updatedAt
        teams {
          friendlyId
        }
      }
      pageInfo {
        hasNextPage
        hasPreviousPage
        startCursor
        endCursor
      }
    }
  }
`);

export type GetAllApplicationsVariables = VariablesOf<typeof getAllApplicationsDocument>;

export type ApplicationListEntry = NonNullable<
  ResultOf<typeof getAllApplicationsDocument>['allApplications']['nodes']
>[number];

/** Under the key of every application query, so any change to an application refreshes the list too. */
export const allApplicationsQueryKey = [...applicationsQueryKey, 'administration'] as const;

/** A page of the catalogue for the administration list (by name, with the number of teams using each). */
export function getAllApplicationsQueryOptions(graphqlClient: GraphQLClient, variables: GetAllApplicationsVariables) {
  return queryOptions({
    queryKey: [...allApplicationsQueryKey, variables],
    queryFn: () => graphqlClient.request(getAllApplicationsDocument, variables),
  });
}
