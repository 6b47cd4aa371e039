import { pageInfoFragment } from './page-info';
import { graphql } from '@/lib/graphql';
import { cursorPagedList, textSearchVariables } from '@/lib/paged-query';

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

export const allTeamsQueryKey = ['admin-teams', 'all'] as const;

/** `queryOptions` for any page (a search's first results), `pageQueryOptions` for the page the list's URL names. */
export const { queryOptions: getAllTeamsQueryOptions, pageQueryOptions: allTeamsPageQueryOptions } = cursorPagedList(
  getAllTeamsDocument,
  allTeamsQueryKey,
  20,
  textSearchVariables,
);
