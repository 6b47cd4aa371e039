import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { termsOfServiceQueryKey } from '@/features/terms/api/get-terms-of-service';
import { createGraphQLClient } from '@/lib/graphql-client';
import { Session } from '@/lib/session';
import { createApiDouble, createIdentityProviderDouble, urlOf } from '@/test/api-double';
import { createAppRouter } from '@/router';

const answers: Record<string, unknown> = {
  GetTermsOfService: { termsOfService: { version: '2026-11-01', markdown: '# Terms\n\nBe kind to the servers.' } },
  GetMyNotifications: {
    myNotifications: { edges: [], pageInfo: { hasNextPage: false, endCursor: null }, totalCount: 0 },
  },
};

/** The whole app, signed in, on `path`; `holdGraphQL()` makes every later GraphQL answer wait for its release. */
async function openSignedIn(path: string) {
  const api = createApiDouble({
    resolveGraphQL: ({ operationName }) => ({ body: { data: answers[operationName] ?? {} } }),
  });
  let gate: Promise<void> | undefined;
  const fetch = vi.fn((input: RequestInfo | URL, init?: RequestInit) =>
    gate && urlOf(input).endsWith('/graphql') ? gate.then(() => api.fetch(input, init)) : api.fetch(input, init),
  );
  const session = new Session({ loadIdentityProvider: () => Promise.resolve(createIdentityProviderDouble()), fetch });
  await session.completeSignIn('http://portal.test/auth/callback?code=c&state=s');
  const graphqlClient = createGraphQLClient({ session, onSessionEnded: vi.fn(), fetch });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createAppRouter(
    { session, loadQueryClient: () => Promise.resolve(queryClient), graphqlClient },
    createMemoryHistory({ initialEntries: [path] }),
  );
  render(<RouterProvider router={router} />);
  const holdGraphQL = () => {
    let release!: () => void;
    gate = new Promise((resolve) => (release = resolve));
    return () => {
      gate = undefined;
      release();
    };
  };
  return { queryClient, holdGraphQL };
}

describe('the signed-in shell', () => {
  it('keeps the header and navigation while a page below it waits for its data again', async () => {
    const { queryClient, holdGraphQL } = await openSignedIn('/terms-of-service');
    expect(await screen.findByText('Be kind to the servers.')).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();

    // The page's data leaves the cache (as a deletion's `removeQueries` does) and is slow to come back.
    const release = holdGraphQL();
    act(() => void queryClient.resetQueries({ queryKey: termsOfServiceQueryKey }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));

    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading page' })).toBeInTheDocument();

    release();
    expect(await screen.findByText('Be kind to the servers.')).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
  });
});
