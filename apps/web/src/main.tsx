import type { QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, startTransition } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { initColourMode } from '@/lib/colour-mode';
import { loadRuntimeConfig } from '@/lib/config';
import { createGraphQLClient } from '@/lib/graphql-client';
import { reportError, startMonitoring } from '@/lib/monitoring';
import type { PageView } from '@/lib/page-view';
import { Session } from '@/lib/session';
import { loadTagManager } from '@/lib/tag-manager';
import { createAppRouter, followRouteChanges, type AppRouter } from './router';
import './styles.css';

const rootElement = document.getElementById('root')!;

async function start(): Promise<void> {
  // The configuration (read from the page, else fetched), the signed-in user and the code of the page load at once.
  const configLoading = loadRuntimeConfig();
  const session = new Session({
    loadIdentityProvider: () =>
      Promise.all([configLoading, import('@/lib/session-identity-provider')]).then(
        ([config, { createIdentityProvider }]) => createIdentityProvider(config.oidc),
      ),
  });
  const sessionRestoring = session.restore();

  // One query client, created when the first signed-in page needs it (the `_default` layout's beforeLoad);
  // a failed download is asked for again by the next page.
  let queryClientLoading: Promise<QueryClient> | undefined;
  const loadQueryClient = () =>
    (queryClientLoading ??= import('@/lib/query-client').then(
      ({ createQueryClient }) => createQueryClient(),
      (error: unknown) => {
        queryClientLoading = undefined;
        throw error;
      },
    ));
  const graphqlClient = createGraphQLClient({
    session,
    onSessionEnded: () => {
      void queryClientLoading?.then((queryClient) => queryClient.clear());
      void router.navigate({ to: '/' });
    },
    onError: (error) =>
      reportError(error.message, {
        client: error.client,
        operationType: error.operation.type,
        operationName: error.operation.name,
        status: error.status,
        messages: error.messages,
      }),
  });
  const router = createAppRouter({
    session,
    loadQueryClient,
    graphqlClient,
    // Loaded with the first team page, keeping the team queries out of the start-up bundle.
    resolveTeamRole: (slug) =>
      Promise.all([loadQueryClient(), import('@/features/teams/api/get-team-by-friendly-id')]).then(
        ([queryClient, teams]) => teams.resolveTeamRole(queryClient, graphqlClient, slug),
      ),
  });

  const [matchedRoutes] = router.getMatchedRoutes(router.latestLocation.pathname);
  loadRouteCode(router, matchedRoutes);
  const root = createRoot(rootElement);
  let appRendered = false;
  if (session.getAccessToken() && matchedRoutes.some((route) => route.id === '/_default')) {
    showSignedInPlaceholder(root, () => appRendered);
  }
  const config = await configLoading;
  void startMonitoring(config);
  const { isKeptUnchecked } = await sessionRestoring;

  // The page-view tracker loads only where a tag manager is configured, so it stays out of the start-up bundle; the
  // views of the pages before it has arrived are handed on once it has.
  const pageViewTracker = loadTagManager(config.tagManagerId)
    ? import('@/lib/page-view').then(({ createPageViewTracker }) =>
        createPageViewTracker({ environment: config.environment, getUser: () => session.getState().user }),
      )
    : undefined;
  followRouteChanges(
    router,
    pageViewTracker &&
      ((view: PageView) =>
        void pageViewTracker.then(
          (tracker) => tracker.track(view),
          () => undefined,
        )),
  );

  // The first page renders once its guards and loaders are done, in a transition: React then renders it in short
  // tasks and commits it whole, where rendering it when its data arrives (a store update) is one long task
  // (docs/decisions/0145-first-page-renders-in-a-transition.md). Nothing but the static signed-in placeholder
  // renders before it, not even the loading bar: its updates on every frame would interrupt the transition. A page still loading after the router's pending
  // delay renders as before, with the loading bar and its pending component.
  const app = (
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>
  );
  await Promise.race([
    router.load().catch(() => undefined),
    new Promise((resolve) => setTimeout(resolve, firstPagePendingMs)),
  ]);
  const render = () => {
    appRendered = true;
    root.render(app);
  };
  if (router.state.status === 'idle') startTransition(render);
  else render();
  if (isKeptUnchecked) tellSessionUnchecked();
}

/**
 * A stored session the portal could not check (busy, out of reach, over the office address's limit) is kept, but the
 * page starts signed out: the person is told so, rather than shown only the landing page's "Sign in".
 */
function tellSessionUnchecked(): void {
  import('@/components/ui/toast-store').then(
    ({ toast }) =>
      toast({
        title: 'Your sign-in could not be checked',
        description: 'The portal did not answer just now. You are still signed in: reload the page to go on.',
        color: 'warning',
        duration: Infinity,
        actions: [{ label: 'Reload', onClick: () => window.location.reload() }],
      }),
    () => undefined,
  );
}

/** The router's default `pendingMs`: how long a route may load before its pending component shows. */
const firstPagePendingMs = 1_000;

/** Starts loading the lazily split components of the routes the address matches, before the guards run. */
function loadRouteCode(router: AppRouter, matchedRoutes: ReturnType<AppRouter['getMatchedRoutes']>[0]): void {
  for (const route of matchedRoutes) {
    // A chunk that fails here is asked for again, and reported, when the route renders.
    void router.loadRouteChunk(route)?.catch(() => undefined);
  }
}

/**
 * Draws the signed-in header as soon as its code is here (named in the page's HTML, decision 0150), rather than a
 * blank page until the user and the page's data have arrived; the page then replaces it.
 */
function showSignedInPlaceholder(root: Root, isAppRendered: () => boolean): void {
  void import('@/features/shell/default-layout').then(
    ({ DefaultLayoutPlaceholder }) => {
      if (!isAppRendered()) root.render(<DefaultLayoutPlaceholder />);
    },
    () => undefined,
  );
}

initColourMode();
start().catch((error: unknown) => {
  console.error(error);
  rootElement.textContent = 'DXP Portal could not start. Please reload the page in a moment.';
});
