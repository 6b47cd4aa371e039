import { graphql } from '@/lib/graphql';
import { useGraphQLMutation } from '@/lib/graphql-mutation';
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
  const invalidate = useAppRequestChangeInvalidation();
  return useGraphQLMutation(
    (graphqlClient, variables: { requestId: string; comments: string }) =>
      graphqlClient.request(updateAppRequestCommentsDocument, variables),
    { onSuccess: () => invalidate() },
  );
}
