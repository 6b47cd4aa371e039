import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { graphql } from '@/lib/graphql';
import { bookmarksQueryKey } from './get-my-bookmarks';
import { myHomepageQueryKey } from '@/lib/query-keys';

export const deleteBookmarkDocument = graphql(`
  mutation DeleteBookmark($bookmarkId: ID!) {
    deleteBookmark(bookmarkId: $bookmarkId)
  }
`);

export function useDeleteBookmark() {
  const { graphqlClient } = useRouteContext({ from: '__root__' });
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bookmarkId: string) => graphqlClient.request(deleteBookmarkDocument, { bookmarkId }),
    onSuccess: (_deleted, bookmarkId) => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey.includes(bookmarkId) });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: bookmarksQueryKey }),
        queryClient.invalidateQueries({ queryKey: myHomepageQueryKey }),
      ]);
    },
  });
}
