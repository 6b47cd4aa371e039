import { graphql } from '@/lib/graphql';

/** What a list of sign-in sessions shows of each, the person's own (account) and anyone's (administration). */
export const sessionFieldsFragment = graphql(`
  fragment SessionFields on Session @_unmask {
    id
    createdAt
    lastSeenAt
    clientAddress
    userAgent
  }
`);
