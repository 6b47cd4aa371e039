import { createFileRoute } from '@tanstack/react-router';
import { getSystemOverviewQueryOptions } from '@/features/system/api/get-system-overview';
import { SystemOverviewScreen, SystemOverviewScreenSkeleton } from '@/features/system/screens/system-overview-screen';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/_default/system/')({
  loader: ({ context }) => context.queryClient.ensureQueryData(getSystemOverviewQueryOptions(context.graphqlClient)),
  head: () => ({ meta: [{ title: pageTitle('System overview') }] }),
  pendingComponent: SystemOverviewScreenSkeleton,
  component: SystemOverviewScreen,
});
