import { Link } from '@tanstack/react-router';
import { AppWindowIcon, PlusIcon } from 'lucide-react';
import { SearchableList, SearchableListSkeleton, type SearchableListTexts } from '@/components/searchable-list';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import type { ListScreenProps, TextSearch } from '@/lib/list-route';
import { useListPage } from '@/lib/use-list-page';
import { allApplicationsPageQueryOptions } from '../api/get-all-applications';
import { ApplicationsTable } from '../components/applications-table';

const applicationsList: SearchableListTexts = {
  label: 'Applications',
  searchPlaceholder: 'Name or description',
  empty: {
    icon: AppWindowIcon,
    title: 'No applications yet',
    text: 'Add the first application; teams can then request it from the catalogue.',
  },
};

/** The catalogue's administration list, for system administrators. */
export function SystemApplicationsScreen(listScreen: ListScreenProps<TextSearch>) {
  const { allApplications } = useListPage(allApplicationsPageQueryOptions, listScreen.search);
  return (
    <SearchableList {...listScreen} {...applicationsList} header={<ApplicationsHeader />} connection={allApplications}>
      {(applications) => <ApplicationsTable applications={applications} />}
    </SearchableList>
  );
}

export function SystemApplicationsScreenSkeleton() {
  return <SearchableListSkeleton header={<ApplicationsHeader />} />;
}

function ApplicationsHeader() {
  return (
    <PageHeader
      title="Applications"
      description="The catalogue teams request applications from, by name."
      actions={
        <Button asChild>
          <Link to="/system/apps/add">
            <PlusIcon aria-hidden />
            Add application
          </Link>
        </Button>
      }
    />
  );
}
