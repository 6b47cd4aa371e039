import { UsersIcon } from 'lucide-react';
import { SearchableList, SearchableListSkeleton } from '@/components/searchable-list';
import { PageHeader } from '@/components/ui/page-header';
import type { ListScreenProps, TextSearch } from '@/lib/list-route';
import { useListPage } from '@/lib/use-list-page';
import { allUsersPageQueryOptions } from '../api/get-all-users';
import { UsersTable } from '../components/users-table';

export function UsersScreen({ search, onSearchChange }: ListScreenProps<TextSearch>) {
  const data = useListPage(allUsersPageQueryOptions, search);
  const users = data.allUsers.nodes ?? [];

  return (
    <>
      <UsersHeader />
      <SearchableList
        label="Users"
        searchPlaceholder="Name or email"
        search={search}
        onSearchChange={onSearchChange}
        pageInfo={data.allUsers.pageInfo}
        isEmpty={users.length === 0}
        empty={{ icon: UsersIcon, title: 'No users yet', text: 'People appear here once they sign up.' }}
      >
        <UsersTable users={users} />
      </SearchableList>
    </>
  );
}

export function UsersScreenSkeleton() {
  return (
    <>
      <UsersHeader />
      <SearchableListSkeleton />
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
