import { createFileRoute } from '@tanstack/react-router';
import { myHomepageQueryOptions } from '@/features/dashboard/api/get-my-homepage';
import { Dashboard, DashboardSkeleton } from '@/features/dashboard/components/dashboard';
import { getSetupChecklistQueryOptions } from '@/features/system/api/get-setup-checklist';
import { DashboardSetupChecklist, isSetupChecklistDismissed } from '@/features/system/components/setup-checklist';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/_default/dashboard')({
  // An administrator's checklist loads with the page, so it does not appear later and push the page down. Each visit
  // asks again (a step may have been done elsewhere), shown when it answers; the first waits for it.
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.ensureQueryData(myHomepageQueryOptions(context.graphqlClient)),
      context.session.getState().user?.isSystemAdmin === true && !isSetupChecklistDismissed()
        ? context.queryClient.ensureQueryData({
            ...getSetupChecklistQueryOptions(context.graphqlClient),
            revalidateIfStale: true,
          })
        : undefined,
    ]),
  head: () => ({ meta: [{ title: pageTitle('Dashboard') }] }),
  pendingComponent: DashboardSkeleton,
  component: DashboardPage,
});

function DashboardPage() {
  return <Dashboard notice={<DashboardSetupChecklist />} />;
}
