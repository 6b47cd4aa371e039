import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, useRouter } from '@tanstack/react-router';
import { publicAccess } from '@/features/auth/route-access';
import { resolvePostLoginTarget } from '@/features/auth/post-login-target';
import { getTermsOfServiceQueryOptions } from '@/features/terms/api/get-terms-of-service';
import { TermsOfServicePage } from '@/features/terms/components/terms-of-service-page';
import { pageTitle } from '@/lib/page-title';

type TermsSearch = {
  /** Where the route guard was taking a user who had not accepted the terms yet. */
  redirect?: string;
};

export const Route = createFileRoute('/_default/terms-of-service')({
  validateSearch: (search: Record<string, unknown>): TermsSearch =>
    typeof search.redirect === 'string' ? { redirect: search.redirect } : {},
  staticData: { access: publicAccess },
  loader: ({ context }) => context.queryClient.ensureQueryData(getTermsOfServiceQueryOptions(context.graphqlClient)),
  head: () => ({ meta: [{ title: pageTitle('Terms of service') }] }),
  component: TermsOfServiceRoute,
});

function TermsOfServiceRoute() {
  const { graphqlClient } = Route.useRouteContext();
  const { redirect } = Route.useSearch();
  const router = useRouter();
  const { data } = useSuspenseQuery(getTermsOfServiceQueryOptions(graphqlClient));
  return (
    <TermsOfServicePage
      terms={data.termsOfService}
      onAccepted={() => void router.navigate({ href: resolvePostLoginTarget(redirect) })}
    />
  );
}
