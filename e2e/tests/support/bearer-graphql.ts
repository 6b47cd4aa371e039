import type { APIRequestContext } from '@playwright/test';

export type GraphQLAnswer<TData> = { data?: TData; errors?: { message: string; extensions?: { code?: string } }[] };

/**
 * Calls /graphql from the test as a script would, with a bearer token (an access token or a service key),
 * and returns the answer as it is, errors included.
 */
export async function graphqlWithBearer<TData = unknown>(
  request: APIRequestContext,
  bearer: string,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<GraphQLAnswer<TData>> {
  const response = await request.post('/graphql', {
    headers: { Authorization: `Bearer ${bearer}`, Accept: 'application/graphql-response+json, application/json' },
    data: { query, variables },
  });
  return (await response.json()) as GraphQLAnswer<TData>;
}
