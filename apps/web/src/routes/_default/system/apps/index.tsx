import { createFileRoute } from '@tanstack/react-router';
import { allApplicationsPageQueryOptions } from '@/features/applications/api/get-all-applications';
import {
  SystemApplicationsScreen,
  SystemApplicationsScreenSkeleton,
} from '@/features/applications/screens/system-applications-screen';
import { listSearchOf, loadListPage, textSearchOf } from '@/lib/list-route';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/_default/system/apps/')({
  validateSearch: (search: Record<string, unknown>) => listSearchOf(search, textSearchOf),
  loaderDeps: ({ search }) => search,
  loader: (args) => loadListPage(args, '/system/apps', allApplicationsPageQueryOptions),
  head: () => ({ meta: [{ title: pageTitle('Applications') }] }),
  pendingComponent: SystemApplicationsScreenSkeleton,
  component: SystemApplicationsRoute,
});

function SystemApplicationsRoute() {
  const navigate = Route.useNavigate();
  return (
    <SystemApplicationsScreen
      search={Route.useSearch()}
      onSearchChange={(search, options) => void navigate({ search, ...options })}
    />
  );
}
