import type { VariablesOf } from 'gql.tada';
import { graphql } from '@/lib/graphql';
import type { GraphQLClient } from '@/lib/graphql-client';
import { listPageQueryOptions, type TextSearch } from '@/lib/list-route';
import { pagedQueryOptions } from '@/lib/paged-query';

export const getAllUsersDocument = graphql(`
  query GetAllUsers($search: String, $first: Int, $after: String, $last: Int, $before: String) {
    allUsers(search: $search, first: $first, after: $after, last: $last, before: $before) {
      nodes {
        id
        firstName
        lastName
        email
        isSystemAdmin
        isEmailVerified
        suspendedAt
        lastLogin
        createdAt
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

export type GetAllUsersVariables = VariablesOf<typeof getAllUsersDocument>;

export const allUsersQueryKey = ['admin-users', 'all'] as const;

export function getAllUsersQueryOptions(graphqlClient: GraphQLClient, variables: GetAllUsersVariables) {
  return pagedQueryOptions(graphqlClient, getAllUsersDocument, allUsersQueryKey, variables);
}

/** The page of the user list its URL names. */
export const allUsersPageQueryOptions = listPageQueryOptions(
  getAllUsersQueryOptions,
  20,
  (filter: TextSearch) => filter,
);
