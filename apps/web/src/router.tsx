import type { QueryClient } from '@tanstack/react-query';
import { createRouter, isNotFound, rootRouteId, type RouterHistory } from '@tanstack/react-router';
import type { RouteAccess, TeamRoleResolver } from '@/features/auth/route-access';
import type { GraphQLClient } from '@/lib/graphql-client';
import { applicationName, pageTitle } from '@/lib/page-title';
import type { PageView } from '@/lib/page-view';
import type { Session } from '@/lib/session';
import { routeTree } from './routeTree.gen';

export type RouterContext = {
  session: Session;
  graphqlClient: GraphQLClient;
  /** The query client, loaded on first use and the same on every call (the landing page never needs it). */
  loadQueryClient: () => Promise<QueryClient>;
  /**
   * Resolves the user's role in a team for routes declaring `teamRoles`. Until the teams feature
   * supplies it (GetTeamByFriendlyId through the query client), team roles are not enforced.
   */
  resolveTeamRole?: TeamRoleResolver;
};

/** What the routes under the signed-in layout (`_default`) get: the query client it has loaded. */
export type SignedInRouterContext = RouterContext & { queryClient: QueryClient };

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
  interface StaticDataRouteOption {
    /** Who may open the route; children inherit their layout's access (features/auth/route-access). */
    access?: RouteAccess;
    /** The route's own page-view payload, merged into the tag-manager event (docs/spec.md §3). */
    gtm?: Record<string, unknown>;
  }
}

/**
 * Search parameters are plain text, validated by each route: `?search=1234` stays as typed (the router's JSON
 * default would write a number-like text as `%221234%22` to keep its type).
 */
export function parseSearch(searchString: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(searchString));
}

export function stringifySearch(search: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (value !== undefined && value !== null) {
      params.set(key, typeof value === 'string' ? value : JSON.stringify(value));
    }
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function createAppRouter(context: RouterContext, history?: RouterHistory) {
  return createRouter({
    routeTree,
    context,
    history,
    parseSearch,
    stringifySearch,
    defaultPreload: 'intent',
    // TanStack Query owns caching; the router always asks it.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    // 404s render the full-page "Page Not Found" of the root, like other errors.
    notFoundMode: 'root',
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

/**
 * After each resolved navigation: the document title from the deepest route `head` title, then a
 * page view for the tag manager.
 */
export function followRouteChanges(router: AppRouter, onPageView?: (view: PageView) => void): () => void {
  return router.subscribe('onResolved', () => {
    const { matches, location } = router.state;
    document.title = documentTitleOf(matches);
    const leaf = matches.at(-1);
    if (leaf && onPageView) {
      onPageView({ routeName: leaf.fullPath, pageUrl: location.href, routePayload: leaf.staticData.gtm });
    }
  });
}

function documentTitleOf(matches: AppRouter['state']['matches']): string {
  if (matches.some((match) => match.status === 'error')) {
    return 'Error';
  }
  if (showsNotFound(matches)) {
    return pageTitle('Page Not Found');
  }
  const titles = matches.flatMap((match) => match.meta ?? []).flatMap((meta) => (meta?.title ? [meta.title] : []));
  return titles.at(-1) ?? applicationName;
}

/** True when the page shows the 404: no route matched the URL, or a route threw `notFound()`. */
export function showsNotFound(matches: AppRouter['state']['matches']): boolean {
  return matches.at(-1)?.routeId === rootRouteId || matches.some((match) => isNotFound(match.error));
}
