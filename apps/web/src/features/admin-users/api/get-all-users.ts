import { pageInfoFragment } from '@/lib/api/page-info';
import { personFieldsFragment } from '@/lib/api/person-fields';
import { graphql } from '@/lib/graphql';
import { cursorPagedList, textSearchVariables } from '@/lib/paged-query';

export const getAllUsersDocument = graphql(
  `
    query GetAllUsers($search: String, $first: Int, $after: String, $last: Int, $before: String) {
      allUsers(search: $search, first: $first, after: $after, last: $last, before: $before) {
        nodes {
          ...PersonFields
          isSystemAdmin
          isEmailVerified
          suspendedAt
          lastLogin
          createdAt
        }
        pageInfo {
          ...PageInfoFields
        }
      }
    }
  `,
  [personFieldsFragment, pageInfoFragment],
);

export const allUsersQueryKey = ['admin-users', 'all'] as const;

/** The page of the user list its URL names. */
export const { pageQueryOptions: allUsersPageQueryOptions } = cursorPagedList(
  getAllUsersDocument,
  allUsersQueryKey,
  20,
  textSearchVariables,
);
