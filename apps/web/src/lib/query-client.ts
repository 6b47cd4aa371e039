import { QueryClient } from '@tanstack/react-query';
import { GraphQLRequestError } from '@/lib/graphql-client';

/**
 * The cache behind every screen's data. Loaded with the signed-in pages (main.tsx), so the landing page
 * starts without TanStack Query.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // Only failures that may pass on their own (network, 5xx) are worth repeating.
        retry: (failureCount, error) =>
          failureCount < 2 && error instanceof GraphQLRequestError && (error.status === 0 || error.status >= 500),
      },
    },
  });
}
