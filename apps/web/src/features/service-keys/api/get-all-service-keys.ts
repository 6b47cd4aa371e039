import type { ResultOf, VariablesOf } from 'gql.tada';
import { pageInfoFragment } from '@/lib/api/page-info';
import { graphql } from '@/lib/graphql';
import type { GraphQLClient } from '@/lib/graphql-client';
import { listPageQueryOptions, type TextSearch } from '@/lib/list-route';
import { pagedQueryOptions } from '@/lib/paged-query';
import { serviceKeysQueryKey } from './get-service-keys';

export const getAllServiceKeysDocument = graphql(
  `
    query GetAllServiceKeys($search: String, $first: Int, $after: String, $last: Int, $before: String) {
      allServiceKeys(search: $search, first: $first, after: $after, last: $last, before: $before) {
        nodes {
          id
          name
          prefix
          createdAt
          lastUsedAt
          owner {
            id
            firstName
            lastName
            email
          }
        }
        pageInfo {
          ...PageInfoFields
        }
      }
    }
  `,
  [pageInfoFragment],
);

export type GetAllServiceKeysVariables = VariablesOf<typeof getAllServiceKeysDocument>;

export type InstallationServiceKey = NonNullable<
  ResultOf<typeof getAllServiceKeysDocument>['allServiceKeys']['nodes']
>[number];

/** Under the own keys' key, so revoking any key refreshes both lists. */
export const allServiceKeysQueryKey = [...serviceKeysQueryKey, 'all'] as const;

export function getAllServiceKeysQueryOptions(graphqlClient: GraphQLClient, variables: GetAllServiceKeysVariables) {
  return pagedQueryOptions(graphqlClient, getAllServiceKeysDocument, allServiceKeysQueryKey, variables);
}

/** The page of the installation's key list its URL names. */
export const allServiceKeysPageQueryOptions = listPageQueryOptions(
  getAllServiceKeysQueryOptions,
  20,
  (filter: TextSearch) => filter,
);
