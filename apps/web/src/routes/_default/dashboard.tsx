import { createFileRoute } from '@tanstack/react-router';
import { myHomepageQueryOptions } from '@/features/dashboard/api/get-my-homepage';
import { Dashboard, DashboardSkeleton } from '@/features/dashboard/components/dashboard';
import { DashboardSetupChecklist } from '@/features/system/components/setup-checklist';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/_default/dashboard')({
  loader: ({ context }) => context.queryClient.ensureQueryData(myHomepageQueryOptions(context.graphqlClient)),
  head: () => ({ meta: [{ title: pageTitle('Dashboard') }] }),
  pendingComponent: DashboardSkeleton,
  component: DashboardPage,
});

function DashboardPage() {
  return <Dashboard notice={<DashboardSetupChecklist />} />;
}
