import { useQueryClient } from '@tanstack/react-query';
import { graphql } from '@/lib/graphql';
import { useGraphQLMutation } from '@/lib/graphql-mutation';
import { bookmarksQueryKey } from './get-my-bookmarks';
import { myHomepageQueryKey } from '@/lib/query-keys';

export const deleteBookmarkDocument = graphql(`
  mutation DeleteBookmark($bookmarkId: ID!) {
    deleteBookmark(bookmarkId: $bookmarkId)
  }
`);

export function useDeleteBookmark() {
  const queryClient = useQueryClient();
  return useGraphQLMutation(
    (graphqlClient, bookmarkId: string) => graphqlClient.request(deleteBookmarkDocument, { bookmarkId }),
    {
      invalidates: [bookmarksQueryKey, myHomepageQueryKey],
      onSuccess: (_deleted, bookmarkId) =>
        queryClient.removeQueries({ predicate: (query) => query.queryKey.includes(bookmarkId) }),
    },
  );
}
