import { queryOptions } from '@tanstack/react-query';
import { notFound } from '@tanstack/react-router';
import { isNotFoundError } from '@/lib/not-found';
import { graphql } from '@/lib/graphql';
import type { GraphQLClient } from '@/lib/graphql-client';
import { bookmarkFieldsFragment } from './bookmark-fields';
import { bookmarksQueryKey, type Bookmark } from './get-my-bookmarks';

export const getBookmarkDocument = graphql(
  `
    query GetBookmark($id: ID!) {
      bookmark(id: $id) {
        ...BookmarkFields
      }
    }
  `,
  [bookmarkFieldsFragment],
);

/**
 * One bookmark for an edit screen, which must also belong where the screen is: a personal bookmark under
 * /account, the team's own under /teams/{slug}. Anything else, like a bookmark the API does not show the
 * visitor, is the 404.
 */
async function findBookmark(
  graphqlClient: GraphQLClient,
  bookmarkId: string,
  teamFriendlyId: string | null,
): Promise<Bookmark> {
  try {
    const { bookmark } = await graphqlClient.request(getBookmarkDocument, { id: bookmarkId });
    if (bookmark.teamFriendlyId !== teamFriendlyId) throw notFound();
    return bookmark;
  } catch (error) {
    if (isNotFoundError(error)) throw notFound();
    throw error;
  }
}

export function myBookmarkQueryOptions(graphqlClient: GraphQLClient, bookmarkId: string) {
  return queryOptions({
    queryKey: [...bookmarksQueryKey, 'mine', bookmarkId],
    queryFn: () => findBookmark(graphqlClient, bookmarkId, null),
  });
}

export function teamBookmarkQueryOptions(graphqlClient: GraphQLClient, teamFriendlyId: string, bookmarkId: string) {
  return queryOptions({
    queryKey: [...bookmarksQueryKey, 'team', teamFriendlyId, bookmarkId],
    queryFn: () => findBookmark(graphqlClient, bookmarkId, teamFriendlyId),
  });
}
