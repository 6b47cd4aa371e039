import { queryOptions } from '@tanstack/react-query';
import type { GraphQLClient } from '@/lib/graphql-client';
import { graphql } from '@/lib/graphql';
import { useGraphQLMutation } from '@/lib/graphql-mutation';

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
  return useGraphQLMutation((graphqlClient) => graphqlClient.request(startTotpEnrolmentDocument));
}

/** Turning the app on or off ends the other sessions, so the whole account area is refreshed. */
export function useConfirmTotpEnrolment() {
  return useGraphQLMutation(
    (graphqlClient, code: string) => graphqlClient.request(confirmTotpEnrolmentDocument, { input: { code } }),
    { invalidates: [['account']] },
  );
}

export function useRemoveTotp() {
  return useGraphQLMutation(
    (graphqlClient, password: string) => graphqlClient.request(removeTotpDocument, { input: { password } }),
    { invalidates: [['account']] },
  );
}

export function useRegenerateRecoveryCodes() {
  return useGraphQLMutation((graphqlClient) => graphqlClient.request(regenerateRecoveryCodesDocument), {
    invalidates: [mySecondFactorsQueryKey],
  });
}
