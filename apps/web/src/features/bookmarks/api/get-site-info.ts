import { graphql } from '@/lib/graphql';
import { useGraphQLMutation } from '@/lib/graphql-mutation';

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
  return useGraphQLMutation(
    async (graphqlClient, url: string) => (await graphqlClient.request(getSiteInfoDocument, { url })).siteInfo,
  );
}
