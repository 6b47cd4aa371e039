import { useMutation } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { graphql } from '@/lib/graphql';
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
  const { graphqlClient } = useRouteContext({ from: '__root__' });
  const invalidate = useAppRequestChangeInvalidation();
  return useMutation({
    mutationFn: (variables: { requestId: string; comments: string | null }) =>
      graphqlClient.request(rejectAppRequestDocument, variables),
    // Also after a refusal: another administrator may have decided first, and the page should show it.
    onSettled: (data) => invalidate(data?.rejectAppRequest.teamFriendlyId ?? undefined),
  });
}
