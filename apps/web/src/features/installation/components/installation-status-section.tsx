import { useSuspenseQuery } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { Skeleton } from '@/components/ui/skeleton';
import { getInstallationStatusQueryOptions } from '../api/get-installation-status';
import { InstallationStatus } from './installation-status';

/** How this installation runs, on the system administrators' services page. */
export function InstallationStatusSection() {
  const { graphqlClient } = useRouteContext({ from: '__root__' });
  const { data } = useSuspenseQuery(getInstallationStatusQueryOptions(graphqlClient));
  return (
    <section aria-label="Installation status" className="mt-10 max-w-3xl">
      <InstallationStatus status={data} />
    </section>
  );
}

export function InstallationStatusSectionSkeleton() {
  return <Skeleton className="mt-10 h-[34rem] max-w-3xl rounded-xl" />;
}
