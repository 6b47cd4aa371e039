import { Link } from '@tanstack/react-router';
import { PlusIcon, UsersRoundIcon } from 'lucide-react';
import { SearchableList, SearchableListSkeleton } from '@/components/searchable-list';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { allTeamsPageQueryOptions } from '@/lib/api/get-all-teams';
import type { ListScreenProps, TextSearch } from '@/lib/list-route';
import { useListPage } from '@/lib/use-list-page';
import { TeamsTable } from '../components/teams-table';

/** Every team of the installation, for system administrators. */
export function SystemTeamsScreen({ search, onSearchChange }: ListScreenProps<TextSearch>) {
  const data = useListPage(allTeamsPageQueryOptions, search);
  return (
    <SearchableList
      header={<SystemTeamsHeader />}
      label="Teams"
      searchPlaceholder="Name or friendly id"
      search={search}
      onSearchChange={onSearchChange}
      connection={data.allTeams}
      empty={{ icon: UsersRoundIcon, title: 'No teams yet', text: 'Teams appear here once someone creates one.' }}
    >
      {(teams) => <TeamsTable teams={teams} />}
    </SearchableList>
  );
}

export function SystemTeamsScreenSkeleton() {
  return <SearchableListSkeleton header={<SystemTeamsHeader />} />;
}

function SystemTeamsHeader() {
  return (
    <PageHeader
      title="Teams"
      description="Every team in the installation, by name."
      actions={
        <Button asChild>
          <Link to="/system/teams/add">
            <PlusIcon aria-hidden />
            Add team
          </Link>
        </Button>
      }
    />
  );
}
