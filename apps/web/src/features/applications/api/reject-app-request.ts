import { graphql } from '@/lib/graphql';
import { useGraphQLMutation } from '@/lib/graphql-mutation';
import { useAppRequestChangeInvalidation } from './use-app-request-change-invalidation';

export const rejectAppRequestDocument = graphql(`
  mutation RejectAppRequest($requestId: ID!, $comments: String) {
    rejectAppRequest(requestId: $requestId, comments: $comments) {
      id
      teamFriendlyId
      status
      comments
      closedAt
    }
  }
`);

/** Rejects a pending request; the requester is told, with the comments. */
export function useRejectAppRequest() {
  const invalidate = useAppRequestChangeInvalidation();
  return useGraphQLMutation(
    (graphqlClient, variables: { requestId: string; comments: string | null }) =>
      graphqlClient.request(rejectAppRequestDocument, variables),
    // Also after a refusal: another administrator may have decided first, and the page should show it.
    { onSettled: (data) => invalidate(data?.rejectAppRequest.teamFriendlyId ?? undefined) },
  );
}
