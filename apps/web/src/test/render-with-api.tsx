import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRouteWithContext, createRouter, RouterProvider } from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { LazyToaster } from '@/components/ui/lazy-toaster';
import { createGraphQLClient } from '@/lib/graphql-client';
import { Session } from '@/lib/session';
import type { SignedInRouterContext } from '@/router';
import { createApiDouble, createIdentityProviderDouble, urlOf } from './api-double';

type ApiDoubleOptions = NonNullable<Parameters<typeof createApiDouble>[0]>;

/** A session signed in to the API stand-in, with the GraphQL and query clients of the app's router context. */
export async function signInToApiDouble(api: ReturnType<typeof createApiDouble>) {
  const session = new Session({
    loadIdentityProvider: () => Promise.resolve(createIdentityProviderDouble()),
    fetch: api.fetch,
  });
  await session.completeSignIn('http://portal.test/auth/callback?code=c&state=s');
  const graphqlClient = createGraphQLClient({ session, onSessionEnded: vi.fn(), fetch: api.fetch });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return { session, graphqlClient, queryClient };
}

/**
 * Renders a feature component as the only route of a router whose context is the app's (a signed-in
 * session and the GraphQL client), talking to the API stand-in.
 */
export async function renderWithApi(ui: ReactNode, apiOptions: ApiDoubleOptions = {}) {
  const api = createApiDouble(apiOptions);
  const { session, graphqlClient, queryClient } = await signInToApiDouble(api);
  const rootRoute = createRootRouteWithContext<SignedInRouterContext>()({
    component: () => (
      <>
        <div data-testid="rendered">{ui}</div>
        <LazyToaster />
      </>
    ),
  });
  const router = createRouter({
    routeTree: rootRoute,
    context: { session, queryClient, loadQueryClient: () => Promise.resolve(queryClient), graphqlClient },
    history: createMemoryHistory({ initialEntries: ['/account/profile'] }),
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  await screen.findByTestId('rendered');
  /** The GraphQL operations sent so far, with their variables. */
  const graphqlCalls = () =>
    api.fetch.mock.calls
      .filter(([input]) => urlOf(input).endsWith('/graphql'))
      .map(
        ([, init]) => JSON.parse(init?.body as string) as { operationName: string; variables: Record<string, unknown> },
      );
  return { api, session, router, queryClient, graphqlCalls };
}
