import { graphql } from '@/lib/graphql';

/** What the bookmark screens show of a bookmark: its tile in a list, and the form that edits it. */
export const bookmarkFieldsFragment = graphql(`
  fragment BookmarkFields on Bookmark @_unmask {
    id
    url
    name
    logoUrl
    teamFriendlyId
  }
`);
