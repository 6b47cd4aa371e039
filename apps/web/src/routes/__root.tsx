import {
  createRootRouteWithContext,
  isNotFound,
  isRedirect,
  notFound,
  Outlet,
  redirect,
  useRouterState,
  type ErrorComponentProps,
} from '@tanstack/react-router';
import { lazy, type ReactNode, Suspense } from 'react';
import { AppLinkProvider } from '@/components/ui/app-link';
import { LazyToaster } from '@/components/ui/lazy-toaster';
import { decideRouteAccess, effectiveAccess } from '@/features/auth/route-access';
import { useSession } from '@/lib/use-session';
import { EmptyLayout } from '@/features/shell/empty-layout';
import { NotFoundPage } from '@/features/shell/error-page';
import { LoadingBar } from '@/features/shell/loading-bar';
import type { RouterContext } from '@/router';
import { RouteError } from './-components/route-error';
import { RouterLink } from './-components/router-link';

export const Route = createRootRouteWithContext<RouterContext>()({
  beforeLoad: async ({ context, matches, location }) => {
    try {
      const access = effectiveAccess(matches);
      const session = context.session.getState();
      const leafParams: Partial<Record<string, string>> = matches.at(-1)?.params ?? {};
      const slug = leafParams.slug;
      const teamRole =
        access?.requiresAuth &&
        access.teamRoles &&
        slug &&
        session.status === 'authenticated' &&
        context.resolveTeamRole
          ? await context.resolveTeamRole(slug)
          : undefined;
      const decision = decideRouteAccess({
        access,
        session,
        requestedPath: location.href,
        requestedTarget: 'redirect' in location.search ? location.search.redirect : undefined,
        teamRole,
      });
      if (decision.outcome === 'notFound') {
        throw notFound();
      }
      if (decision.outcome === 'acceptTerms') {
        throw redirect({ to: '/terms-of-service', search: { redirect: decision.returnTo } });
      }
      if (decision.outcome === 'redirect') {
        throw decision.returnTo
          ? redirect({ to: '/', search: { redirect: decision.returnTo } })
          : redirect({ href: decision.to });
      }
    } catch (error) {
      if (isRedirect(error) || isNotFound(error)) {
        throw error;
      }
      // docs/spec.md §6: any failure in the guard sends the user to the landing page.
      throw redirect({ to: '/' });
    }
  },
  component: RootLayout,
  errorComponent: RootError,
  notFoundComponent: RootNotFound,
});

function RootLayout() {
  const isNavigating = useRouterState({ select: (state) => state.status === 'pending' });
  return (
    <AppLinkProvider value={RouterLink}>
      <LoadingBar status={isNavigating ? 'loading' : 'idle'} />
      <Outlet />
      <LazyToaster />
    </AppLinkProvider>
  );
}

/** Route errors land here (only the sign-in return has its own): the full-page error of docs/spec.md §2. */
function RootError(props: ErrorComponentProps) {
  return (
    <AppLinkProvider value={RouterLink}>
      <LoadingBar status="error" />
      <FullPageProblemLayout>
        <RouteError {...props} />
      </FullPageProblemLayout>
    </AppLinkProvider>
  );
}

/** Unknown URLs and `notFound()` anywhere (notFoundMode "root"): the full-page 404. */
function RootNotFound() {
  return (
    <AppLinkProvider value={RouterLink}>
      <FullPageProblemLayout>
        <NotFoundPage />
      </FullPageProblemLayout>
    </AppLinkProvider>
  );
}

/**
 * Loaded when first needed: the signed-in chrome (navigation, bell, menus, i18next) stays out of the
 * start-up bundle that the landing page loads. A signed-in user has usually loaded it already.
 */
const SignedInLayout = lazy(() =>
  import('./-components/signed-in-layout').then((module) => ({ default: module.StandaloneSignedInLayout })),
);

/**
 * A signed-in user keeps the header, bell included (docs/spec.md §2: every page but `/` and `/auth/*`);
 * a signed-out visitor, and anyone under `/auth`, sees the page alone.
 */
function FullPageProblemLayout({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const { loadQueryClient } = Route.useRouteContext();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const isBellFree = pathname === '/' || pathname === '/auth' || pathname.startsWith('/auth/');
  if (!user || isBellFree) return <EmptyLayout>{children}</EmptyLayout>;
  return (
    <Suspense fallback={null}>
      <SignedInLayout user={user} loadQueryClient={loadQueryClient}>
        {children}
      </SignedInLayout>
    </Suspense>
  );
}
