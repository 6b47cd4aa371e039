import { createFileRoute, redirect } from '@tanstack/react-router';
import { Spinner } from '@/components/ui/spinner';
import { SignInFailure } from '@/features/auth/components/sign-in-failure';
import { resolvePostLoginTarget } from '@/features/auth/post-login-target';
import { publicAccess } from '@/features/auth/route-access';
import { pageTitle } from '@/lib/page-title';

/** The identity provider's return: exchange the tokens, then continue where the user was going. */
export const Route = createFileRoute('/_empty/auth/callback')({
  staticData: { access: publicAccess },
  head: () => ({ meta: [{ title: pageTitle('Signing in') }] }),
  loader: async ({ context }) => {
    const { returnTo } = await context.session.completeSignIn(window.location.href);
    throw redirect({ href: resolvePostLoginTarget(returnTo), replace: true });
  },
  pendingComponent: () => <Spinner label="Signing you in" className="size-8" />,
  pendingMs: 0,
  errorComponent: ({ error }) => <SignInFailure error={error} />,
});
