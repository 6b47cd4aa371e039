import { graphql } from '@/lib/graphql';

/** Who a person is where a screen names them: their name (`fullNameOf`), their address, and the id to link them. */
export const personFieldsFragment = graphql(`
  fragment PersonFields on User @_unmask {
    id
    firstName
    lastName
    email
  }
`);
