import { webAddressSpellings } from '@dxp/contracts/web-address';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { graphql } from '@/lib/graphql';
import type { GraphQLClient } from '@/lib/graphql-client';
import { bookmarksQueryKey } from './get-my-bookmarks';

export const findMyBookmarksByAddressDocument = graphql(`
  query FindMyBookmarksByAddress($urls: [String!]!) {
    myBookmarks(first: 2, where: { url: { in: $urls } }) {
      nodes {
        id
        name
      }
    }
  }
`);

export const findTeamBookmarksByAddressDocument = graphql(`
  query FindTeamBookmarksByAddress($teamFriendlyId: String!, $urls: [String!]!) {
    teamBookmarks(teamFriendlyId: $teamFriendlyId, first: 2, where: { url: { in: $urls } }) {
      nodes {
        id
        name
      }
    }
  }
`);

/** The person's (or the team's) bookmarks saved under any spelling of `url` (webAddressSpellings). */
export function bookmarksByAddressQueryOptions(graphqlClient: GraphQLClient, url: string, teamFriendlyId?: string) {
  const urls = webAddressSpellings(url);
  return queryOptions({
    queryKey: [...bookmarksQueryKey, 'by-address', teamFriendlyId ?? 'mine', urls[0] ?? ''],
    queryFn: async () =>
      teamFriendlyId
        ? (await graphqlClient.request(findTeamBookmarksByAddressDocument, { teamFriendlyId, urls })).teamBookmarks
            .nodes
        : (await graphqlClient.request(findMyBookmarksByAddressDocument, { urls })).myBookmarks.nodes,
    enabled: urls.length > 0,
  });
}

/** Another bookmark of the same owner already at `url` (not the one being edited), for the form's warning. */
export function useBookmarkWithSameAddress({
  url,
  teamFriendlyId,
  exceptId,
}: {
  url: string;
  teamFriendlyId?: string;
  exceptId?: string;
}) {
  const { graphqlClient } = useRouteContext({ from: '__root__' });
  const { data } = useQuery(bookmarksByAddressQueryOptions(graphqlClient, url, teamFriendlyId));
  return data?.find((bookmark) => bookmark.id !== exceptId) ?? null;
}
