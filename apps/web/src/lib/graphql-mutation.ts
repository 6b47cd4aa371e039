import {
  type QueryKey,
  type UseMutationOptions,
  type UseMutationResult,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import type { GraphQLClient } from './graphql-client';

export interface GraphQLMutationOptions<Data, Input> extends Omit<
  UseMutationOptions<Data, Error, Input>,
  'mutationFn'
> {
  /** The queries that show what the mutation changes: refreshed once it has succeeded (its promise waits for them). */
  invalidates?: readonly QueryKey[] | ((input: Input) => readonly QueryKey[]);
  /** Refreshes them after a failure too: a refusal can mean that someone else changed the same thing first. */
  invalidatesAfterFailure?: boolean;
}

/**
 * A mutation sent with the app's GraphQL client: `send` makes the request for an input (typed by its document),
 * and the queries it `invalidates` are refreshed after it.
 */
export function useGraphQLMutation<Input = void, Data = unknown>(
  send: (graphqlClient: GraphQLClient, input: Input) => Promise<Data>,
  { invalidates = [], invalidatesAfterFailure = false, ...options }: GraphQLMutationOptions<Data, Input> = {},
): UseMutationResult<Data, Error, Input> {
  const { graphqlClient } = useRouteContext({ from: '__root__' });
  const queryClient = useQueryClient();
  const refresh = (input: Input) =>
    Promise.all(
      (typeof invalidates === 'function' ? invalidates(input) : invalidates).map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
  return useMutation({
    ...options,
    mutationFn: (input) => send(graphqlClient, input),
    // The caller's own step first: it may drop queries that refreshing would otherwise ask for again.
    onSuccess: (data, input, ...rest) =>
      Promise.all([options.onSuccess?.(data, input, ...rest), invalidatesAfterFailure ? undefined : refresh(input)]),
    onSettled: (data, error, input, ...rest) =>
      Promise.all([
        options.onSettled?.(data, error, input, ...rest),
        invalidatesAfterFailure ? refresh(input) : undefined,
      ]),
  });
}
