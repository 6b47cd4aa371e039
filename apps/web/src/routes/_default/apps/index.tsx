import { createFileRoute } from '@tanstack/react-router';
import { PageHeader } from '@/components/ui/page-header';
import { allApplicationsQueryOptions } from '@/features/applications/api/get-all-applications';
import {
  ApplicationCatalogue,
  ApplicationCatalogueSkeleton,
} from '@/features/applications/components/application-catalogue';
import { searchText } from '@/lib/cursor-paging';
import { pageTitle } from '@/lib/page-title';
import { useSession } from '@/lib/use-session';

type CatalogueSearch = { search?: string };

export const Route = createFileRoute('/_default/apps/')({
  validateSearch: (search: Record<string, unknown>): CatalogueSearch => ({ search: searchText(search.search) }),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    context.queryClient.ensureInfiniteQueryData(allApplicationsQueryOptions(context.graphqlClient, deps.search)),
  head: () => ({ meta: [{ title: pageTitle('Applications') }] }),
  pendingComponent: () => (
    <>
      <CatalogueHeader />
      <ApplicationCatalogueSkeleton />
    </>
  ),
  component: CataloguePage,
});

function CataloguePage() {
  const { search } = Route.useSearch();
  const navigate = Route.useNavigate();
  const { user } = useSession();
  return (
    <>
      <CatalogueHeader />
      <ApplicationCatalogue
        search={search}
        isAdministrator={user?.isSystemAdmin === true}
        onSearch={(text) => void navigate({ search: { search: text || undefined }, replace: true })}
      />
    </>
  );
}

function CatalogueHeader() {
  return (
    <PageHeader
      title="Applications"
      description="Everything your teams can use. Open an application to launch it or request it for a team."
    />
  );
}
