import { useMutation } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { graphql } from '@/lib/graphql';
import { useAppRequestChangeInvalidation } from './use-app-request-change-invalidation';

export const withdrawAppRequestDocument = graphql(`
  mutation WithdrawAppRequest($requestId: ID!) {
    withdrawAppRequest(requestId: $requestId) {
      id
      teamFriendlyId
      status
      closedAt
    }
  }
`);

/** The requester takes back a pending request; the team may ask again. */
export function useWithdrawAppRequest() {
  const { graphqlClient } = useRouteContext({ from: '__root__' });
  const invalidate = useAppRequestChangeInvalidation();
  return useMutation({
    mutationFn: (requestId: string) => graphqlClient.request(withdrawAppRequestDocument, { requestId }),
    // Also after a refusal: an administrator may have decided first, and the page should show it.
    onSettled: (data) => invalidate(data?.withdrawAppRequest.teamFriendlyId ?? undefined),
  });
}
