import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import type { ResultOf } from 'gql.tada';
import type { CreatePersonFormValues } from '@dxp/contracts/admin-users';
import { graphql } from '@/lib/graphql';
import { allUsersQueryKey } from './get-all-users';
import { userByIdQueryKey } from './get-user-by-id';

export const createPersonDocument = graphql(`
  mutation CreatePerson($input: CreatePersonInput!) {
    createPerson(input: $input) {
      mailed
      link
      user {
        id
        email
        firstName
        lastName
      }
    }
  }
`);

export type CreatedPerson = ResultOf<typeof createPersonDocument>['createPerson'];

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
function useRefreshUsers() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: allUsersQueryKey }),
      queryClient.invalidateQueries({ queryKey: userByIdQueryKey }),
    ]);
}

/** A system administrator adds a person, who gets a set-password link (mailed, or answered to copy). */
export function useCreatePerson() {
  const { graphqlClient } = useRouteContext({ from: '__root__' });
  const refresh = useRefreshUsers();
  return useMutation({
    mutationFn: (input: CreatePersonFormValues) => graphqlClient.request(createPersonDocument, { input }),
    onSuccess: refresh,
  });
}

export function useSuspendUser() {
  const { graphqlClient } = useRouteContext({ from: '__root__' });
  const refresh = useRefreshUsers();
  return useMutation({
    mutationFn: (userId: string) => graphqlClient.request(suspendUserDocument, { userId }),
    onSuccess: refresh,
  });
}

export function useReactivateUser() {
  const { graphqlClient } = useRouteContext({ from: '__root__' });
  const refresh = useRefreshUsers();
  return useMutation({
    mutationFn: (userId: string) => graphqlClient.request(reactivateUserDocument, { userId }),
    onSuccess: refresh,
  });
}

export function useResendVerificationMail() {
  const { graphqlClient } = useRouteContext({ from: '__root__' });
  return useMutation({
    mutationFn: (userId: string) => graphqlClient.request(resendVerificationMailDocument, { userId }),
  });
}
