import type { ResultOf } from 'gql.tada';
import type { CreatePersonFormValues } from '@dxp/contracts/admin-users';
import { personFieldsFragment } from '@/lib/api/person-fields';
import { graphql } from '@/lib/graphql';
import { useGraphQLMutation } from '@/lib/graphql-mutation';
import { allUsersQueryKey } from './get-all-users';
import { userByIdQueryKey } from './get-user-by-id';

export const createPersonDocument = graphql(
  `
    mutation CreatePerson($input: CreatePersonInput!) {
      createPerson(input: $input) {
        mailed
        link
        user {
          ...PersonFields
        }
      }
    }
  `,
  [personFieldsFragment],
);

export const suspendUserDocument = graphql(`
  mutation SuspendUser($userId: ID!) {
    suspendUser(userId: $userId) {
      id
      suspendedAt
    }
  }
`);

export const reactivateUserDocument = graphql(`
  mutation ReactivateUser($userId: ID!) {
    reactivateUser(userId: $userId) {
      id
      suspendedAt
    }
  }
`);

export const resendVerificationMailDocument = graphql(`
  mutation ResendVerificationMail($userId: ID!) {
    resendVerificationMail(userId: $userId) {
      email
      mailed
      link
    }
  }
`);

export type VerificationLink = ResultOf<typeof resendVerificationMailDocument>['resendVerificationMail'];

/** After any change to an account, the list and the user's page show it. */
export const usersQueryKeys = [allUsersQueryKey, userByIdQueryKey];

/** A system administrator adds a person, who gets a set-password link (mailed, or answered to copy). */
export function useCreatePerson() {
  return useGraphQLMutation(
    (graphqlClient, input: CreatePersonFormValues) => graphqlClient.request(createPersonDocument, { input }),
    { invalidates: usersQueryKeys },
  );
}

export function useSuspendUser() {
  return useGraphQLMutation((graphqlClient, userId: string) => graphqlClient.request(suspendUserDocument, { userId }), {
    invalidates: usersQueryKeys,
  });
}

export function useReactivateUser() {
  return useGraphQLMutation(
    (graphqlClient, userId: string) => graphqlClient.request(reactivateUserDocument, { userId }),
    { invalidates: usersQueryKeys },
  );
}

export function useResendVerificationMail() {
  return useGraphQLMutation((graphqlClient, userId: string) =>
    graphqlClient.request(resendVerificationMailDocument, { userId }),
  );
}
