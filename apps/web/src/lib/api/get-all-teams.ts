import type { VariablesOf } from 'gql.tada';
import { pageInfoFragment } from './page-info';
import { graphql } from '@/lib/graphql';
import type { GraphQLClient } from '@/lib/graphql-client';
import { listPageQueryOptions, type TextSearch } from '@/lib/list-route';
import { pagedQueryOptions } from '@/lib/paged-query';

export const getAllTeamsDocument = graphql(
  `
    query GetAllTeams($search: String, $first: Int, $after: String, $last: Int, $before: String) {
      allTeams(search: $search, first: $first, after: $after, last: $last, before: $before) {
        nodes {
          id
          name
          friendlyId
          enabled
          createdAt
        }
        pageInfo {
          ...PageInfoFields
        }
      }
    }
  `,
  [pageInfoFragment],
);

export type GetAllTeamsVariables = VariablesOf<typeof getAllTeamsDocument>;

export const allTeamsQueryKey = ['admin-teams', 'all'] as const;

export function getAllTeamsQueryOptions(graphqlClient: GraphQLClient, variables: GetAllTeamsVariables) {
  return pagedQueryOptions(graphqlClient, getAllTeamsDocument, allTeamsQueryKey, variables);
}

/** The page of the team list its URL names. */
export const allTeamsPageQueryOptions = listPageQueryOptions(
  getAllTeamsQueryOptions,
  20,
  (filter: TextSearch) => filter,
);
