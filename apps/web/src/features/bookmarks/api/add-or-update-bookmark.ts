import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import type { VariablesOf } from 'gql.tada';
import { graphql } from '@/lib/graphql';
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
  const { graphqlClient } = useRouteContext({ from: '__root__' });
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: AddOrUpdateBookmarkInput) =>
      (await graphqlClient.request(addOrUpdateBookmarkDocument, { input })).addOrUpdateBookmark,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: bookmarksQueryKey }),
        queryClient.invalidateQueries({ queryKey: myHomepageQueryKey }),
      ]),
  });
}
