import { createFileRoute } from '@tanstack/react-router';
import { SystemTeamsScreen, SystemTeamsScreenSkeleton } from '@/features/teams/screens/system-teams-screen';
import { allTeamsPageQueryOptions } from '@/lib/api/get-all-teams';
import { listSearchOf, loadListPage, textSearchOf } from '@/lib/list-route';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/_default/system/teams/')({
  validateSearch: (search: Record<string, unknown>) => listSearchOf(search, textSearchOf),
  loaderDeps: ({ search }) => search,
  loader: (args) => loadListPage(args, '/system/teams', allTeamsPageQueryOptions),
  head: () => ({ meta: [{ title: pageTitle('Teams') }] }),
  pendingComponent: SystemTeamsScreenSkeleton,
  component: SystemTeamsRoute,
});

function SystemTeamsRoute() {
  const navigate = Route.useNavigate();
  return (
    <SystemTeamsScreen
      search={Route.useSearch()}
      onSearchChange={(search, options) => void navigate({ search, ...options })}
    />
  );
}
