import { graphql } from '@/lib/graphql';

/**
 * What every cursor-paged list asks of its page: both directions and both cursors. Unmasked, so screens and
 * infinite lists read `pageInfo` as if the fields were written out (gql.tada drops the directive when sending).
 */
export const pageInfoFragment = graphql(`
  fragment PageInfoFields on PageInfo @_unmask {
    hasNextPage
    hasPreviousPage
    startCursor
    endCursor
  }
`);

/** For an infinite list: the cursor after `page`, or undefined once its last page is loaded. */
export function nextPageParam(page: { pageInfo: { hasNextPage: boolean; endCursor: string | null } }) {
  return page.pageInfo.hasNextPage ? (page.pageInfo.endCursor ?? undefined) : undefined;
}
