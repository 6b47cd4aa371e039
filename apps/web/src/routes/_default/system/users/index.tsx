import { createFileRoute } from '@tanstack/react-router';
import { allUsersPageQueryOptions } from '@/features/admin-users/api/get-all-users';
import { UsersScreen, UsersScreenSkeleton } from '@/features/admin-users/screens/users-screen';
import { listSearchOf, loadListPage, textSearchOf } from '@/lib/list-route';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/_default/system/users/')({
  validateSearch: (search: Record<string, unknown>) => listSearchOf(search, textSearchOf),
  loaderDeps: ({ search }) => search,
  loader: (args) => loadListPage(args, '/system/users', allUsersPageQueryOptions),
  head: () => ({ meta: [{ title: pageTitle('Users') }] }),
  pendingComponent: UsersScreenSkeleton,
  component: UsersRoute,
});

function UsersRoute() {
  const navigate = Route.useNavigate();
  return (
    <UsersScreen
      search={Route.useSearch()}
      onSearchChange={(search, options) => void navigate({ search, ...options })}
    />
  );
}
