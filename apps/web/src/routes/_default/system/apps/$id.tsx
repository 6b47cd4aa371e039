import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { BadgeCheckIcon, ExternalLinkIcon, InboxIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { ApplicationForm } from '@/features/applications/components/application-form';
import { ApplicationTeams } from '@/features/applications/components/application-teams';
import { getApplicationByIdQueryOptions } from '@/features/applications/api/get-application-by-id';
import { ApplicationLogo } from '@/features/applications/components/application-logo';
import { BackLink } from '@/components/back-link';
import { formatDateTime } from '@/lib/format-date';
import { orNotFound } from '@/lib/not-found';
import { pageTitle } from '@/lib/page-title';
import { isWebAddress } from '@/lib/web-address';

export const Route = createFileRoute('/_default/system/apps/$id')({
  loader: async ({ context, params }) => {
    const { applicationById } = await orNotFound(
      context.queryClient.ensureQueryData(getApplicationByIdQueryOptions(context.graphqlClient, params.id)),
    );
    return { title: applicationById.name };
  },
  head: ({ loaderData }) => ({ meta: [{ title: pageTitle(loaderData?.title ?? 'Application') }] }),
  pendingComponent: ApplicationPending,
  component: ApplicationPage,
});

function ApplicationPage() {
  const { graphqlClient } = Route.useRouteContext();
  const { id } = Route.useParams();
  const { data } = useSuspenseQuery(getApplicationByIdQueryOptions(graphqlClient, id));
  const application = data.applicationById;

  return (
    <>
      <BackLink to="/system/apps">All applications</BackLink>
      <PageHeader
        title={
          <span className="flex min-w-0 items-center gap-3">
            <ApplicationLogo application={application} size="2xl" />
            <span className="min-w-0 break-words">{application.name}</span>
            {application.isDxp && (
              <Badge color="info">
                <BadgeCheckIcon aria-hidden />
                DXP
              </Badge>
            )}
          </span>
        }
        description={`Added ${formatDateTime(application.createdAt)} · Updated ${formatDateTime(application.updatedAt)}`}
        actions={
          <>
            <Button asChild color="neutral" variant="outline">
              <Link to="/system/app-requests" search={{ app: application.id, status: 'all' }}>
                <InboxIcon aria-hidden />
                Requests
              </Link>
            </Button>
            {isWebAddress(application.url) && (
              <Button asChild color="neutral" variant="outline">
                <a href={application.url} target="_blank" rel="noopener noreferrer">
                  <ExternalLinkIcon aria-hidden />
                  Open
                  <span className="sr-only">(opens in a new tab)</span>
                </a>
              </Button>
            )}
          </>
        }
      />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <ApplicationForm application={application} />
        <ApplicationTeams application={application} />
      </div>
    </>
  );
}

function ApplicationPending() {
  return (
    <>
      <BackLink to="/system/apps">All applications</BackLink>
      <div className="flex items-center gap-3 pb-6">
        <Skeleton className="size-11 rounded-lg" />
        <div className="grid gap-2">
          <Skeleton className="h-8 w-64 max-w-full" />
          <Skeleton className="h-5 w-80 max-w-full" />
        </div>
      </div>
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="grid gap-6">
          <Skeleton className="h-[37rem] rounded-xl" />
          <Skeleton className="h-[12.75rem] rounded-xl" />
          <Skeleton className="h-[26rem] rounded-xl" />
        </div>
        <Skeleton className="h-[12.625rem] rounded-xl" />
      </div>
    </>
  );
}
