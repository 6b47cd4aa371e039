import { createFileRoute } from '@tanstack/react-router';
import {
  loadRequestAccess,
  RequestAccessPage,
  RequestAccessPageSkeleton,
} from '@/features/applications/components/request-access-page';
import { searchText } from '@/lib/cursor-paging';
import { pageTitle } from '@/lib/page-title';

type RequestAccessSearch = { team?: string };

export const Route = createFileRoute('/_default/apps/$id/request')({
  validateSearch: (search: Record<string, unknown>): RequestAccessSearch => ({ team: searchText(search.team) }),
  loaderDeps: ({ search }) => ({ team: search.team }),
  loader: loadRequestAccess,
  head: ({ loaderData }) => ({ meta: [{ title: pageTitle(loaderData?.title ?? 'Request access') }] }),
  pendingComponent: RequestAccessPageSkeleton,
  component: RequestAccessRoute,
});

function RequestAccessRoute() {
  const { id } = Route.useParams();
  const { team } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <RequestAccessPage
      appId={id}
      team={team}
      onTeamChange={(teamFriendlyId) => void navigate({ search: { team: teamFriendlyId }, replace: true })}
      onRequested={(requestId) => void navigate({ to: '/apps/requests/$requestId', params: { requestId } })}
    />
  );
}
