import { useMutation } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { graphql } from '@/lib/graphql';

export const getSiteInfoDocument = graphql(`
  query GetSiteInfo($url: String!) {
    siteInfo(url: $url) {
      title
      faviconUrl
    }
  }
`);

/** Looks up a page's title and icon on demand (a button in the bookmark form), so it is a mutation-style call. */
export function useSiteInfoLookup() {
  const { graphqlClient } = useRouteContext({ from: '__root__' });
  return useMutation({
    mutationFn: async (url: string) => (await graphqlClient.request(getSiteInfoDocument, { url })).siteInfo,
  });
}
