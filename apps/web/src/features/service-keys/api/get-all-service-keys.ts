import type { ResultOf } from 'gql.tada';
import { pageInfoFragment } from '@/lib/api/page-info';
import { personFieldsFragment } from '@/lib/api/person-fields';
import { graphql } from '@/lib/graphql';
import { cursorPagedList, textSearchVariables } from '@/lib/paged-query';
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
            ...PersonFields
          }
        }
        pageInfo {
          ...PageInfoFields
        }
      }
    }
  `,
  [personFieldsFragment, pageInfoFragment],
);

export type InstallationServiceKey = NonNullable<
  ResultOf<typeof getAllServiceKeysDocument>['allServiceKeys']['nodes']
>[number];

/** Under the own keys' key, so revoking any key refreshes both lists. */
export const allServiceKeysQueryKey = [...serviceKeysQueryKey, 'all'] as const;

/** The page of the installation's key list its URL names. */
export const { pageQueryOptions: allServiceKeysPageQueryOptions } = cursorPagedList(
  getAllServiceKeysDocument,
  allServiceKeysQueryKey,
  20,
  textSearchVariables,
);
