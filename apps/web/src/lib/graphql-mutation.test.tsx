import type { UseMutationResult } from '@tanstack/react-query';
import { act } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApi } from '@/test/render-with-api';
import { logInteractionDocument } from './api/log-interaction';
import { type GraphQLMutationOptions, useGraphQLMutation } from './graphql-mutation';

type LaunchedId = string;

/** A mutation hook over the API stand-in, with a `changed` and an `unrelated` query in its cache. */
async function mutationAnswering(answer: object, options: GraphQLMutationOptions<unknown, LaunchedId>) {
  const mutation: { current?: UseMutationResult<unknown, Error, LaunchedId> } = {};
  function MutationProbe() {
    mutation.current = useGraphQLMutation(
      (graphqlClient, entityId: LaunchedId) =>
        graphqlClient.request(logInteractionDocument, { entityId, type: 'APPLICATION' }),
      options,
    );
    return null;
  }
  const { queryClient, graphqlCalls } = await renderWithApi(<MutationProbe />, {
    resolveGraphQL: () => ({ body: answer }),
  });
  queryClient.setQueryData(['changed', 'a1'], 'shown');
  queryClient.setQueryData(['unrelated'], 'shown');
  const send = (entityId: LaunchedId) => act(() => mutation.current!.mutateAsync(entityId));
  const isInvalidated = (queryKey: string[]) => queryClient.getQueryState(queryKey)?.isInvalidated;
  return { send, graphqlCalls, isInvalidated };
}

describe('useGraphQLMutation', () => {
  it('sends the document with the variables made from its input, then refreshes the queries it invalidates', async () => {
    const { send, graphqlCalls, isInvalidated } = await mutationAnswering(
      { data: { logInteraction: true } },
      { invalidates: (entityId) => [['changed', entityId]] },
    );
    await expect(send('a1')).resolves.toEqual({ logInteraction: true });
    expect(graphqlCalls()).toEqual([
      expect.objectContaining({ operationName: 'LogInteraction', variables: { entityId: 'a1', type: 'APPLICATION' } }),
    ]);
    expect(isInvalidated(['changed', 'a1'])).toBe(true);
    expect(isInvalidated(['unrelated'])).toBe(false);
  });

  it('refreshes nothing after a refusal, unless asked to', async () => {
    const refusal = { errors: [{ message: 'Not found.', extensions: { code: 'NOT_FOUND' } }] };
    const kept = await mutationAnswering(refusal, { invalidates: [['changed']] });
    await expect(kept.send('a1')).rejects.toThrow('Not found.');
    expect(kept.isInvalidated(['changed', 'a1'])).toBe(false);

    const refreshed = await mutationAnswering(refusal, { invalidates: [['changed']], invalidatesAfterFailure: true });
    await expect(refreshed.send('a1')).rejects.toThrow('Not found.');
    expect(refreshed.isInvalidated(['changed', 'a1'])).toBe(true);
  });
});
