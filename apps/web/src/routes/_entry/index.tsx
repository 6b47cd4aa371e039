import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { Landing } from '@/features/auth/components/landing';
import { pageTitle } from '@/lib/page-title';

const landingSearchSchema = z.object({
  /** Where to go after sign-in: a path on this site or `app-request:{id}` (features/auth/post-login-target). */
  redirect: z.string().optional().catch(undefined),
});

export const Route = createFileRoute('/_entry/')({
  validateSearch: landingSearchSchema,
  staticData: { access: { requiresAuth: false, redirectWhenSignedIn: true } },
  head: () => ({ meta: [{ title: pageTitle('Welcome') }] }),
  component: LandingRoute,
});

function LandingRoute() {
  const { redirect } = Route.useSearch();
  return <Landing returnTo={redirect} />;
}
