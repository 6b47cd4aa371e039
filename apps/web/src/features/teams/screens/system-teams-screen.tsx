import { Link } from '@tanstack/react-router';
import { PlusIcon, UsersRoundIcon } from 'lucide-react';
import { SearchableList, SearchableListSkeleton, type SearchableListTexts } from '@/components/searchable-list';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { allTeamsPageQueryOptions } from '@/lib/api/get-all-teams';
import type { ListScreenProps, TextSearch } from '@/lib/list-route';
import { useListPage } from '@/lib/use-list-page';
import { TeamsTable } from '../components/teams-table';

const teamsList: SearchableListTexts = {
  label: 'Teams',
  searchPlaceholder: 'Name or friendly id',
  empty: { icon: UsersRoundIcon, title: 'No teams yet', text: 'Teams appear here once someone creates one.' },
};

/** Every team of the installation, for system administrators. */
export function SystemTeamsScreen(listScreen: ListScreenProps<TextSearch>) {
  const { allTeams } = useListPage(allTeamsPageQueryOptions, listScreen.search);
  return (
    <SearchableList {...listScreen} {...teamsList} header={<SystemTeamsHeader />} connection={allTeams}>
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
