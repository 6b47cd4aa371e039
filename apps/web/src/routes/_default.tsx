import { QueryClientProvider } from '@tanstack/react-query';
import { createFileRoute, Outlet, useMatches } from '@tanstack/react-router';
import { type ReactNode, Suspense } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { effectiveAccess, signedInAccess } from '@/features/auth/route-access';
import { useSession } from '@/lib/use-session';
import { EntryLayout } from '@/features/shell/entry-layout';
import { SignedInLayout } from './-components/signed-in-layout';

/**
 * The signed-in application: header with navigation, bell and user menu. Its open pages (terms of
 * service, contact us) greet signed-out visitors in the entry layout instead.
 */
export const Route = createFileRoute('/_default')({
  staticData: { access: signedInAccess },
  // The pages below read their data through the query client; it is loaded with the first of them.
  beforeLoad: async ({ context }) => ({ queryClient: await context.loadQueryClient() }),
  component: DefaultLayoutRoute,
});

function DefaultLayoutRoute() {
  const { queryClient } = Route.useRouteContext();
  return (
    <QueryClientProvider client={queryClient}>
      <DefaultLayoutContent />
    </QueryClientProvider>
  );
}

function DefaultLayoutContent() {
  const { user } = useSession();
  const isOpenPage = useMatches({ select: (matches) => effectiveAccess(matches)?.requiresAuth === false });
  if (!user) {
    // Elsewhere the guard admits only signed-in users; this covers the moment a sign-out takes effect.
    return isOpenPage ? (
      <EntryLayout width="wide">
        <PageContent>
          <Outlet />
        </PageContent>
      </EntryLayout>
    ) : null;
  }
  return (
    <SignedInLayout user={user}>
      <PageContent>
        <Outlet />
      </PageContent>
    </SignedInLayout>
  );
}

/**
 * The boundary for a page that waits for data outside its loader (a query removed from the cache, a page
 * without a pending component): only the content area waits. Without it the router's boundary above this
 * layout would replace the header and navigation too, leaving the loading bar on a blank page.
 */
function PageContent({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <div className="flex min-h-48 items-center justify-center">
          <Spinner label="Loading page" className="size-8" />
        </div>
      }
    >
      {children}
    </Suspense>
  );
}
