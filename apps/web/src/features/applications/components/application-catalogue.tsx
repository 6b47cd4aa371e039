import { LayoutGridIcon, PlusIcon, SearchXIcon } from 'lucide-react';
import { AppLink } from '@/components/ui/app-link';
import { ButtonLink } from '@/components/ui/button-link';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadMoreButton } from '@/components/ui/load-more-button';
import { SearchField } from '@/components/ui/search-field';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { useAllApplications, type CatalogueApplication } from '../api/get-all-applications';
import { ApplicationLogo } from './application-logo';
import { LaunchTileGrid } from '@/components/launch-tile';

export interface ApplicationCatalogueProps {
  /** The search applied (from the URL). */
  search: string | undefined;
  onSearch: (search: string) => void;
  /** A system administrator is the one who fills an empty catalogue, so their empty state leads to the form. */
  isAdministrator?: boolean;
}

/** Every application by name: a search on name and description, tiles to open, more on demand. */
export function ApplicationCatalogue({ search, onSearch, isAdministrator = false }: ApplicationCatalogueProps) {
  const query = useAllApplications(search);
  const applications = query.data.pages.flatMap((page) => page.nodes ?? []);
  const totalCount = query.data.pages[0]?.totalCount ?? applications.length;

  return (
    <div className="grid gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <SearchField
          label="Search applications"
          placeholder="Name or description"
          value={search ?? ''}
          onSearch={onSearch}
          className="w-full sm:max-w-sm"
        />
        <p aria-live="polite" className="text-sm text-muted-foreground">
          {totalCount === 1 ? '1 application' : `${totalCount} applications`}
        </p>
      </div>
      {applications.length === 0 ? (
        search ? (
          <EmptyState icon={SearchXIcon} title="No applications found" text={`Nothing matches “${search}”.`} />
        ) : isAdministrator ? (
          <EmptyState
            icon={LayoutGridIcon}
            title="No applications in the catalogue yet"
            text="Add the applications your organisation uses; teams can then request them here."
            action={
              <ButtonLink href="/system/apps/add" icon={PlusIcon}>
                Add the first application
              </ButtonLink>
            }
          />
        ) : (
          <EmptyState
            icon={LayoutGridIcon}
            title="No applications in the catalogue yet"
            text="Applications appear here once an administrator adds them. Your teams can then request them."
          />
        )
      ) : (
        <>
          <LaunchTileGrid>
            {applications.map((application) => (
              <li key={application.id}>
                <ApplicationTile application={application} />
              </li>
            ))}
          </LaunchTileGrid>
          <LoadMoreButton query={query} size="md" className="justify-self-center" />
        </>
      )}
    </div>
  );
}

const tileClassName = 'flex h-28 items-start gap-4 rounded-xl border bg-surface p-4 shadow-xs';

function ApplicationTile({ application }: { application: CatalogueApplication }) {
  return (
    <AppLink
      href={`/apps/${application.id}`}
      className={cn(tileClassName, 'transition-colors hover:border-primary/50 hover:bg-muted')}
    >
      <ApplicationLogo application={application} />
      <span className="grid min-w-0 flex-1 gap-1">
        <span className="truncate font-medium">{application.name}</span>
        <span className="line-clamp-2 text-sm text-muted-foreground">
          {application.description || 'No description.'}
        </span>
      </span>
    </AppLink>
  );
}

/** The catalogue while its first page loads, at its final size. */
export function ApplicationCatalogueSkeleton() {
  return (
    <div aria-hidden className="grid gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <Skeleton className="h-[3.75rem] w-full sm:max-w-sm" />
        <Skeleton className="h-5 w-28" />
      </div>
      <LaunchTileGrid>
        {Array.from({ length: 9 }, (_, index) => (
          <li key={index} className={tileClassName}>
            <Skeleton className="size-12 shrink-0 rounded-lg" />
            <span className="grid flex-1 gap-2">
              <Skeleton className="h-5 w-2/5" />
              <Skeleton className="h-4 w-full" />
              <Skeleton className="h-4 w-3/5" />
            </span>
          </li>
        ))}
      </LaunchTileGrid>
    </div>
  );
}
