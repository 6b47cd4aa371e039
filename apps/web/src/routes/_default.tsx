import { createFileRoute, Outlet, useMatches } from '@tanstack/react-router';
import { BookmarkIcon, LayoutDashboardIcon, LayoutGridIcon, LifeBuoyIcon, ReceiptIcon } from 'lucide-react';
import { effectiveAccess, signedInAccess } from '@/features/auth/route-access';
import { useSession } from '@/features/auth/use-session';
import { DefaultLayout, type NavigationItem } from '@/features/shell/default-layout';
import { EntryLayout } from '@/features/shell/entry-layout';
import { NotificationBellButton } from './-components/notification-bell-button';

const navigation: NavigationItem[] = [
  { label: 'Dashboard', href: '/dashboard', icon: LayoutDashboardIcon },
  { label: 'Applications', href: '/apps', icon: LayoutGridIcon },
  { label: 'Bookmarks', href: '/account/bookmarks', icon: BookmarkIcon },
  { label: 'Billing', href: '/account/billing', icon: ReceiptIcon },
  { label: 'Contact us', href: '/contact-us', icon: LifeBuoyIcon },
];

/**
 * The signed-in application: header with navigation, bell and user menu. Its open pages (terms of
 * service, contact us) greet signed-out visitors in the entry layout instead.
 */
export const Route = createFileRoute('/_default')({
  staticData: { access: signedInAccess },
  component: DefaultLayoutRoute,
});

function DefaultLayoutRoute() {
  const { user, signOut } = useSession();
  const isOpenPage = useMatches({ select: (matches) => effectiveAccess(matches)?.requiresAuth === false });
  if (!user) {
    // Elsewhere the guard admits only signed-in users; this covers the moment a sign-out takes effect.
    return isOpenPage ? (
      <EntryLayout width="wide">
        <Outlet />
      </EntryLayout>
    ) : null;
  }
  return (
    <DefaultLayout
      user={user}
      navigation={navigation}
      notificationBell={<NotificationBellButton />}
      onSignOut={() => void signOut()}
    >
      <Outlet />
    </DefaultLayout>
  );
}
