import type { VariablesOf } from 'gql.tada';
import { graphql } from '@/lib/graphql';
import { useGraphQLMutation } from '@/lib/graphql-mutation';
import { bookmarksQueryKey } from './get-my-bookmarks';
import { myHomepageQueryKey } from '@/lib/query-keys';

export const addOrUpdateBookmarkDocument = graphql(`
  mutation AddOrUpdateBookmark($input: AddOrUpdateBookmarkInput!) {
    addOrUpdateBookmark(input: $input) {
      id
      url
      name
      logoUrl
      teamFriendlyId
    }
  }
`);

export type AddOrUpdateBookmarkInput = VariablesOf<typeof addOrUpdateBookmarkDocument>['input'];

export function useAddOrUpdateBookmark() {
  return useGraphQLMutation(
    async (graphqlClient, input: AddOrUpdateBookmarkInput) =>
      (await graphqlClient.request(addOrUpdateBookmarkDocument, { input })).addOrUpdateBookmark,
    { invalidates: [bookmarksQueryKey, myHomepageQueryKey] },
  );
}
