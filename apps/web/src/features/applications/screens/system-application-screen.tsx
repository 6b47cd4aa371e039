import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, useRouteContext } from '@tanstack/react-router';
import { BadgeCheckIcon, ExternalLinkIcon, InboxIcon } from 'lucide-react';
import { BackLink } from '@/components/back-link';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ExternalButtonLink } from '@/components/ui/external-button-link';
import { PageHeader } from '@/components/ui/page-header';
import { formatDateTime } from '@/lib/format-date';
import { getApplicationByIdQueryOptions } from '../api/get-application-by-id';
import { ApplicationForm } from '../components/application-form';
import { ApplicationLogo } from '../components/application-logo';
import { ApplicationTeams } from '../components/application-teams';
import { DetailColumns, DetailColumnsSkeleton, PageHeaderSkeleton } from '@/components/ui/detail-layout';

/** One application of the catalogue, for system administrators: its form and the teams that have it. */
export function SystemApplicationScreen({ id }: { id: string }) {
  const { graphqlClient } = useRouteContext({ from: '__root__' });
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
            <ExternalButtonLink href={application.url} icon={ExternalLinkIcon} color="neutral" variant="outline">
              Open
            </ExternalButtonLink>
          </>
        }
      />
      <DetailColumns>
        <ApplicationForm application={application} />
        <ApplicationTeams application={application} />
      </DetailColumns>
    </>
  );
}

export function SystemApplicationScreenSkeleton() {
  return (
    <>
      <BackLink to="/system/apps">All applications</BackLink>
      <PageHeaderSkeleton logoClassName="size-11 rounded-lg" titleWidth="w-64" descriptionWidth="w-80" />
      <DetailColumnsSkeleton
        main={['h-[37rem] rounded-xl', 'h-[12.75rem] rounded-xl', 'h-[26rem] rounded-xl']}
        side="h-[12.625rem] rounded-xl"
      />
    </>
  );
}
