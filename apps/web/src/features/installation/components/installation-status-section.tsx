import { useSuspenseQuery } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { Skeleton } from '@/components/ui/skeleton';
import { getInstallationStatusQueryOptions } from '../api/get-installation-status';
import { InstallationStatus } from './installation-status';
import { SignInRefusals } from './sign-in-refusals';

/** How this installation runs, on the system administrators' services page. */
export function InstallationStatusSection() {
  const { graphqlClient } = useRouteContext({ from: '__root__' });
  const { data } = useSuspenseQuery(getInstallationStatusQueryOptions(graphqlClient));
  return (
    <section aria-label="Installation status" className="mt-10 grid max-w-3xl gap-6">
      <InstallationStatus status={data} />
      <SignInRefusals refusals={data.recentSignInRefusals} />
    </section>
  );
}

export function InstallationStatusSectionSkeleton() {
  return <Skeleton className="mt-10 h-[34rem] max-w-3xl rounded-xl" />;
}
