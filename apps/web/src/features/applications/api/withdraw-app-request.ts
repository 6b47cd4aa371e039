import { graphql } from '@/lib/graphql';
import { useGraphQLMutation } from '@/lib/graphql-mutation';
import { useAppRequestChangeInvalidation } from './use-app-request-change-invalidation';

export const withdrawAppRequestDocument = graphql(`
  mutation WithdrawAppRequest($requestId: ID!) {
    withdrawAppRequest(requestId: $requestId) {
      teamFriendlyId
    }
  }
`);

/** The requester takes back a pending request; the team may ask again. */
export function useWithdrawAppRequest() {
  const invalidate = useAppRequestChangeInvalidation();
  return useGraphQLMutation(
    (graphqlClient, requestId: string) => graphqlClient.request(withdrawAppRequestDocument, { requestId }),
    // Also after a refusal: an administrator may have decided first, and the page should show it.
    { onSettled: (data) => invalidate(data?.withdrawAppRequest.teamFriendlyId ?? undefined) },
  );
}
