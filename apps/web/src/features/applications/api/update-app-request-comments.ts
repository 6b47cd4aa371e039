import { useMutation } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { graphql } from '@/lib/graphql';
import { useAppRequestChangeInvalidation } from './use-app-request-change-invalidation';

export const updateAppRequestCommentsDocument = graphql(`
  mutation UpdateAppRequestComments($requestId: ID!, $comments: String!) {
    updateAppRequestComments(requestId: $requestId, comments: $comments) {
      id
      comments
    }
  }
`);

/** Replaces the administrators' comments on a request (pending or closed). */
export function useUpdateAppRequestComments() {
  const { graphqlClient } = useRouteContext({ from: '__root__' });
  const invalidate = useAppRequestChangeInvalidation();
  return useMutation({
    mutationFn: (variables: { requestId: string; comments: string }) =>
      graphqlClient.request(updateAppRequestCommentsDocument, variables),
    onSuccess: () => invalidate(),
  });
}
