import { queryOptions } from '@tanstack/react-query';
import { loadRuntimeConfig } from './config';

/**
 * The runtime settings (the page's, else GET /api/config) through the query client, for screens that depend on a
 * setting (the provider's kind). Kept apart from config.ts, which loads before the query library.
 */
export const runtimeConfigQueryOptions = queryOptions({
  queryKey: ['runtime-config'],
  queryFn: () => loadRuntimeConfig(),
  staleTime: Infinity,
});
