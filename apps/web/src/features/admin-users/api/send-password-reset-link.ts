import type { ResultOf } from 'gql.tada';
import { graphql } from '@/lib/graphql';
import { useGraphQLMutation } from '@/lib/graphql-mutation';

export const sendPasswordResetLinkDocument = graphql(`
  mutation SendPasswordResetLink($userId: ID!) {
    sendPasswordResetLink(userId: $userId) {
      email
      mailed
      link
    }
  }
`);

export type PasswordResetLink = ResultOf<typeof sendPasswordResetLinkDocument>['sendPasswordResetLink'];

/** A system administrator's reset link for a person: mailed, or answered to copy when no mail is configured. */
export function useSendPasswordResetLink() {
  return useGraphQLMutation((graphqlClient, userId: string) =>
    graphqlClient.request(sendPasswordResetLinkDocument, { userId }),
  );
}
