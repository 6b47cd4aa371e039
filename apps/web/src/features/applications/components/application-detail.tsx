import { ExternalLinkIcon, FileTextIcon, GlobeIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { BackLink } from '@/components/back-link';
import { formatCalendarDate } from '@/lib/format-date';
import { isWebAddress } from '@dxp/contracts/web-address';
import { useAppInfo, type AppInfo } from '../api/app-info';
import { ApplicationLogo } from './application-logo';
import { TeamAccessList } from './team-access-list';
import { DetailColumns, DetailColumnsSkeleton, PageHeaderSkeleton } from '@/components/ui/detail-layout';

/** One application: what it is, its terms, and where each of the caller's teams stands with it. */
export function ApplicationDetail({ appId }: { appId: string }) {
  const { application, myTeams } = useAppInfo(appId);
  return (
    <>
      <BackLink to="/apps">All applications</BackLink>
      <ApplicationHeading application={application} />
      <DetailColumns>
        <section aria-labelledby="your-teams-heading" className="grid min-w-0 grid-cols-1 gap-3">
          <div className="grid gap-1">
            <h2 id="your-teams-heading" className="text-lg font-semibold">
              Your teams
            </h2>
            <p className="text-sm text-muted-foreground">
              Applications are granted to a team; everyone in it can then launch them.
            </p>
          </div>
          <TeamAccessList application={application} teams={myTeams} />
        </section>
        <ApplicationFacts application={application} />
      </DetailColumns>
    </>
  );
}

function ApplicationHeading({ application }: { application: AppInfo['application'] }) {
  return (
    <div className="flex items-start gap-4 pb-6">
      <ApplicationLogo application={application} size="3xl" />
      <div className="grid min-w-0 gap-1">
        <h1 className="flex flex-wrap items-center gap-3 text-2xl font-semibold tracking-tight text-balance">
          {application.name}
          {application.isDxp && (
            <Badge color="info" variant="soft" size="sm">
              First-party
            </Badge>
          )}
        </h1>
        <p className="text-sm whitespace-pre-line text-muted-foreground">
          {application.description || 'No description.'}
        </p>
      </div>
    </div>
  );
}

/** The address and the terms of use, with the date they took effect. */
export function ApplicationFacts({
  application,
  className,
}: {
  application: Pick<AppInfo['application'], 'url' | 'termsLink' | 'termsDate'>;
  className?: string;
}) {
  return (
    <Card className={className}>
      <CardHeader>
        <CardTitle>About</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm">
        <div className="flex items-start gap-3">
          <GlobeIcon aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
          <div className="grid min-w-0 gap-0.5">
            <span className="text-xs font-medium text-muted-foreground">Address</span>
            <span className="break-all">
              {isWebAddress(application.url) ? new URL(application.url).host : application.url}
            </span>
          </div>
        </div>
        <div className="flex items-start gap-3">
          <FileTextIcon aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
          <div className="grid min-w-0 gap-0.5">
            <span className="text-xs font-medium text-muted-foreground">Terms of use</span>
            <TermsReference termsLink={application.termsLink} termsDate={application.termsDate} />
          </div>
        </div>
      </CardContent>
    </Card>
  );
}

/** "Terms of use ↗ · dated Nov 1, 2026", or that there are none. */
export function TermsReference({ termsLink, termsDate }: { termsLink?: string | null; termsDate?: string | null }) {
  if (!isWebAddress(termsLink)) {
    return <span className="text-muted-foreground">None</span>;
  }
  return (
    <span>
      <a
        href={termsLink}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex items-center gap-1 font-medium text-primary-text underline-offset-4 hover:underline"
      >
        Read the terms
        <ExternalLinkIcon aria-hidden className="size-3.5" /> <span className="sr-only">(opens in a new tab)</span>
      </a>
      {termsDate && <span className="text-muted-foreground"> · dated {formatCalendarDate(termsDate)}</span>}
    </span>
  );
}

/** The detail page while AppInfo loads, at its final size. */
export function ApplicationDetailSkeleton() {
  return (
    <>
      <BackLink to="/apps">All applications</BackLink>
      <PageHeaderSkeleton
        logoClassName="size-12 rounded-lg"
        className="items-start gap-4"
        titleWidth="w-56"
        descriptionWidth="w-full max-w-md"
      />
      <DetailColumnsSkeleton
        mainClassName="gap-3"
        main={['h-7 w-32', 'h-5 w-full max-w-sm', 'h-[4.5rem] rounded-xl']}
        side="h-48 rounded-xl"
      />
    </>
  );
}
