import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { PlusIcon, UsersRoundIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { getAllTeamsQueryOptions } from '@/lib/api/get-all-teams';
import { TeamsTable } from '@/features/teams/components/teams-table';
import { SearchableList, SearchableListSkeleton } from '@/components/searchable-list';
import { cursorPageSearchOf, cursorPageVariables, searchText, type CursorPageSearch } from '@/lib/cursor-paging';
import { pageTitle } from '@/lib/page-title';

const pageSize = 20;

type TeamsSearch = CursorPageSearch & { search?: string };

export const Route = createFileRoute('/_default/system/teams/')({
  validateSearch: (search: Record<string, unknown>): TeamsSearch => ({
    ...cursorPageSearchOf(search),
    search: searchText(search.search),
  }),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    context.queryClient.ensureQueryData(getAllTeamsQueryOptions(context.graphqlClient, teamsVariablesOf(deps))),
  head: () => ({ meta: [{ title: pageTitle('Teams') }] }),
  pendingComponent: () => (
    <>
      <TeamsHeader />
      <SearchableListSkeleton />
    </>
  ),
  component: TeamsPage,
});

function teamsVariablesOf({ search, ...page }: TeamsSearch) {
  return { search, ...cursorPageVariables(page, pageSize) };
}

function TeamsPage() {
  const { graphqlClient } = Route.useRouteContext();
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const { data } = useSuspenseQuery(getAllTeamsQueryOptions(graphqlClient, teamsVariablesOf(search)));
  const teams = data.allTeams.nodes ?? [];

  return (
    <>
      <TeamsHeader />
      <SearchableList
        label="Teams"
        searchPlaceholder="Name or friendly id"
        search={search.search ?? ''}
        onSearch={(text) => void navigate({ search: { search: text || undefined }, replace: true })}
        pageInfo={data.allTeams.pageInfo}
        onPageChange={(page) => void navigate({ search: { search: search.search, ...page } })}
        isEmpty={teams.length === 0}
        empty={{ icon: UsersRoundIcon, title: 'No teams yet', text: 'Teams appear here once someone creates one.' }}
      >
        <TeamsTable teams={teams} />
      </SearchableList>
    </>
  );
}

function TeamsHeader() {
  return (
    <PageHeader title="Teams" description="Every team in the installation, by name." actions={<AddTeamButton />} />
  );
}

function AddTeamButton() {
  return (
    <Button asChild>
      <Link to="/system/teams/add">
        <PlusIcon aria-hidden />
        Add team
      </Link>
    </Button>
  );
}
