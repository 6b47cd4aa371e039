import { graphql } from '@/lib/graphql';
import { useGraphQLMutation } from '@/lib/graphql-mutation';
import { useAppRequestChangeInvalidation } from './use-app-request-change-invalidation';

export const approveAppRequestDocument = graphql(`
  mutation ApproveAppRequest($requestId: ID!, $comments: String) {
    approveAppRequest(requestId: $requestId, comments: $comments) {
      id
      teamFriendlyId
      status
      comments
      closedAt
    }
  }
`);

/** Approves a pending request: the team gets the application, enabled, and the requester is told. */
export function useApproveAppRequest() {
  const invalidate = useAppRequestChangeInvalidation();
  return useGraphQLMutation(
    (graphqlClient, variables: { requestId: string; comments: string | null }) =>
      graphqlClient.request(approveAppRequestDocument, variables),
    // Also after a refusal: another administrator may have decided first, and the page should show it.
    { onSettled: (data) => invalidate(data?.approveAppRequest.teamFriendlyId ?? undefined) },
  );
}
