import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { UsersIcon } from 'lucide-react';
import { PageHeader } from '@/components/ui/page-header';
import { getAllUsersQueryOptions } from '@/features/admin-users/api/get-all-users';
import { UsersTable } from '@/features/admin-users/components/users-table';
import { SearchableList, SearchableListSkeleton } from '@/components/searchable-list';
import { cursorPageSearchOf, cursorPageVariables, searchText, type CursorPageSearch } from '@/lib/cursor-paging';
import { pageTitle } from '@/lib/page-title';

const pageSize = 20;

type UsersSearch = CursorPageSearch & { search?: string };

export const Route = createFileRoute('/_default/system/users/')({
  validateSearch: (search: Record<string, unknown>): UsersSearch => ({
    ...cursorPageSearchOf(search),
    search: searchText(search.search),
  }),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    context.queryClient.ensureQueryData(getAllUsersQueryOptions(context.graphqlClient, usersVariablesOf(deps))),
  head: () => ({ meta: [{ title: pageTitle('Users') }] }),
  pendingComponent: () => (
    <>
      <UsersHeader />
      <SearchableListSkeleton />
    </>
  ),
  component: UsersPage,
});

function usersVariablesOf({ search, ...page }: UsersSearch) {
  return { search, ...cursorPageVariables(page, pageSize) };
}

function UsersPage() {
  const { graphqlClient } = Route.useRouteContext();
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const { data } = useSuspenseQuery(getAllUsersQueryOptions(graphqlClient, usersVariablesOf(search)));
  const users = data.allUsers.nodes ?? [];

  return (
    <>
      <UsersHeader />
      <SearchableList
        label="Users"
        searchPlaceholder="Name or email"
        search={search.search ?? ''}
        onSearch={(text) => void navigate({ search: { search: text || undefined }, replace: true })}
        pageInfo={data.allUsers.pageInfo}
        onPageChange={(page) => void navigate({ search: { search: search.search, ...page } })}
        isEmpty={users.length === 0}
        empty={{ icon: UsersIcon, title: 'No users yet', text: 'People appear here once they sign up.' }}
      >
        <UsersTable users={users} />
      </SearchableList>
    </>
  );
}

function UsersHeader() {
  return (
    <PageHeader
      title="Users"
      description="Everyone with an account. Open a user to edit them or make them an administrator."
    />
  );
}
