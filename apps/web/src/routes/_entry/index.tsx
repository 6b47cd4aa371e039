import { createFileRoute } from '@tanstack/react-router';
import { Landing } from '@/features/auth/components/landing';
import { pageTitle } from '@/lib/page-title';

type LandingSearch = {
  /** Where to go after sign-in: a path on this site or `app-request:{id}` (features/auth/post-login-target). */
  redirect?: string;
};

export const Route = createFileRoute('/_entry/')({
  validateSearch: (search: Record<string, unknown>): LandingSearch =>
    typeof search.redirect === 'string' ? { redirect: search.redirect } : {},
  staticData: { access: { requiresAuth: false, redirectWhenSignedIn: true } },
  head: () => ({ meta: [{ title: pageTitle('Welcome') }] }),
  component: LandingRoute,
});

function LandingRoute() {
  const { redirect } = Route.useSearch();
  return <Landing returnTo={redirect} />;
}
