import { BookmarkIcon, LayoutDashboardIcon, LayoutGridIcon, LifeBuoyIcon, ReceiptIcon } from 'lucide-react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { type ReactNode, use } from 'react';
import { VerifyEmailNotice } from '@/features/account/components/verify-email-notice';
import { useSession } from '@/lib/use-session';
import { DefaultLayout, type NavigationItem } from '@/features/shell/default-layout';
import type { SessionUser } from '@/lib/session';
import { NotificationBellButton } from './notification-bell-button';
import { useLiveUpdates } from './use-live-updates';

const navigation: NavigationItem[] = [
  { label: 'Dashboard', href: '/dashboard', icon: LayoutDashboardIcon },
  { label: 'Applications', href: '/apps', icon: LayoutGridIcon },
  { label: 'Bookmarks', href: '/account/bookmarks', icon: BookmarkIcon },
  { label: 'Billing', href: '/account/billing', icon: ReceiptIcon },
  { label: 'Contact us', href: '/contact-us', icon: LifeBuoyIcon },
];

interface SignedInLayoutProps {
  user: SessionUser;
  children: ReactNode;
}

/**
 * The signed-in chrome (navigation, bell, user menu) around a page: the `/_default` screens, and the
 * error and 404 pages a signed-in user meets (docs/spec.md §2 wants the bell there too).
 */
export function SignedInLayout({ user, children }: SignedInLayoutProps) {
  const { signOut } = useSession();
  useLiveUpdates();
  return (
    <DefaultLayout
      user={user}
      navigation={navigation}
      // Before the terms are accepted the API refuses the bell's list (TERMS_NOT_ACCEPTED): accepting them mounts
      // the bell anew, which loads it again.
      notificationBell={<NotificationBellButton key={String(user.hasAcceptedCurrentTerms)} />}
      onSignOut={() => void signOut()}
    >
      {user.isEmailVerified === false && <VerifyEmailNotice email={user.email} />}
      {children}
    </DefaultLayout>
  );
}

/**
 * The chrome of the root's 404 and error pages, which render outside the `_default` route and so
 * without the query client it provides: the same client, once loaded (inside a Suspense boundary).
 */
export function StandaloneSignedInLayout({
  loadQueryClient,
  ...layout
}: SignedInLayoutProps & { loadQueryClient: () => Promise<QueryClient> }) {
  return (
    <QueryClientProvider client={use(loadQueryClient())}>
      <SignedInLayout {...layout} />
    </QueryClientProvider>
  );
}
