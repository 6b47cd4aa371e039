import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import type { GraphQLClient } from '@/lib/graphql-client';
import { graphql } from '@/lib/graphql';

export const getMySecondFactorsDocument = graphql(`
  query GetMySecondFactors {
    mySecondFactors {
      managedHere
      totpEnabledAt
      recoveryCodesLeft
      required
    }
  }
`);

export const startTotpEnrolmentDocument = graphql(`
  mutation StartTotpEnrolment {
    startTotpEnrolment {
      secret
      uri
      qrCodeSvg
    }
  }
`);

export const confirmTotpEnrolmentDocument = graphql(`
  mutation ConfirmTotpEnrolment($input: ConfirmTotpEnrolmentInput!) {
    confirmTotpEnrolment(input: $input) {
      codes
    }
  }
`);

export const removeTotpDocument = graphql(`
  mutation RemoveTotp($input: RemoveTotpInput!) {
    removeTotp(input: $input) {
      totpEnabledAt
    }
  }
`);

export const regenerateRecoveryCodesDocument = graphql(`
  mutation RegenerateRecoveryCodes {
    regenerateRecoveryCodes {
      codes
    }
  }
`);

export const mySecondFactorsQueryKey = ['account', 'second-factors'] as const;

export function getMySecondFactorsQueryOptions(graphqlClient: GraphQLClient) {
  return queryOptions({
    queryKey: mySecondFactorsQueryKey,
    queryFn: () => graphqlClient.request(getMySecondFactorsDocument),
  });
}

export function useStartTotpEnrolment() {
  const { graphqlClient } = useRouteContext({ from: '__root__' });
  return useMutation({ mutationFn: () => graphqlClient.request(startTotpEnrolmentDocument) });
}

/** Turning the app on or off ends the other sessions, so the whole account area is refreshed. */
export function useConfirmTotpEnrolment() {
  const { graphqlClient } = useRouteContext({ from: '__root__' });
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => graphqlClient.request(confirmTotpEnrolmentDocument, { input: { code } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['account'] }),
  });
}

export function useRemoveTotp() {
  const { graphqlClient } = useRouteContext({ from: '__root__' });
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => graphqlClient.request(removeTotpDocument, { input: { password } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['account'] }),
  });
}

export function useRegenerateRecoveryCodes() {
  const { graphqlClient } = useRouteContext({ from: '__root__' });
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => graphqlClient.request(regenerateRecoveryCodesDocument),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mySecondFactorsQueryKey }),
  });
}
