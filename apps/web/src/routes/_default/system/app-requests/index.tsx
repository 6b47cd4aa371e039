import { createFileRoute } from '@tanstack/react-router';
import { appRequestsPageQueryOptions } from '@/features/applications/api/get-app-requests';
import { getApplicationByIdQueryOptions } from '@/features/applications/api/get-application-by-id';
import { appRequestFilterOf } from '@/features/applications/app-request-filter';
import { AppRequestsScreen, AppRequestsScreenSkeleton } from '@/features/applications/screens/app-requests-screen';
import { loadFilteredListPage } from '@/lib/filtered-list-loader';
import { listSearchOf } from '@/lib/list-route';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/_default/system/app-requests/')({
  validateSearch: (search: Record<string, unknown>) => listSearchOf(search, appRequestFilterOf),
  loaderDeps: ({ search }) => search,
  loader: (args) =>
    Promise.all([
      loadFilteredListPage(args, '/system/app-requests', appRequestsPageQueryOptions),
      // The filter shows the chosen application by name; an unknown id simply shows no name.
      args.deps.app &&
        args.context.queryClient.prefetchQuery(
          getApplicationByIdQueryOptions(args.context.graphqlClient, args.deps.app),
        ),
    ]),
  head: () => ({ meta: [{ title: pageTitle('Application requests') }] }),
  pendingComponent: AppRequestsScreenSkeleton,
  component: AppRequestsRoute,
});

function AppRequestsRoute() {
  const navigate = Route.useNavigate();
  return (
    <AppRequestsScreen
      search={Route.useSearch()}
      onSearchChange={(search, options) => void navigate({ search, ...options })}
    />
  );
}
