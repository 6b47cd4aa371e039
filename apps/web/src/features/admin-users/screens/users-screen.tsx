import { useQuery } from '@tanstack/react-query';
import { UsersIcon } from 'lucide-react';
import { SearchableList, SearchableListSkeleton, type SearchableListTexts } from '@/components/searchable-list';
import { PageHeader } from '@/components/ui/page-header';
import type { ListScreenProps, TextSearch } from '@/lib/list-route';
import { runtimeConfigQueryOptions } from '@/lib/runtime-config-query';
import { useListPage } from '@/lib/use-list-page';
import { allUsersPageQueryOptions } from '../api/get-all-users';
import { AddPersonDialog } from '../components/add-person-dialog';
import { UsersTable } from '../components/users-table';

const usersList: SearchableListTexts = {
  label: 'Users',
  searchPlaceholder: 'Name or email',
  empty: { icon: UsersIcon, title: 'No users yet', text: 'People appear here once they sign up.' },
};

export function UsersScreen(listScreen: ListScreenProps<TextSearch>) {
  const { allUsers } = useListPage(allUsersPageQueryOptions, listScreen.search);
  return (
    <SearchableList {...listScreen} {...usersList} header={<UsersHeader />} connection={allUsers}>
      {(users) => <UsersTable users={users} />}
    </SearchableList>
  );
}

export function UsersScreenSkeleton() {
  return <SearchableListSkeleton header={<UsersHeader />} />;
}

function UsersHeader() {
  // People are added here only with the built-in provider; an external one creates them at their first sign-in.
  const runtimeConfig = useQuery(runtimeConfigQueryOptions);
  return (
    <PageHeader
      title="Users"
      description="Everyone with an account. Open a user to edit, suspend or make them an administrator."
      actions={runtimeConfig.data?.oidc.kind === 'built-in' && <AddPersonDialog />}
    />
  );
}
