import { createFileRoute, Outlet } from '@tanstack/react-router';
import { BookmarkIcon, LayoutDashboardIcon, LifeBuoyIcon, ReceiptIcon } from 'lucide-react';
import { TooltipProvider } from '@/components/ui/tooltip';
import { signedInAccess } from '@/features/auth/route-access';
import { useSession } from '@/features/auth/use-session';
import { DefaultLayout, type NavigationItem } from '@/features/shell/default-layout';
import { NotificationBellButton } from './-components/notification-bell-button';

const navigation: NavigationItem[] = [
  { label: 'Dashboard', href: '/dashboard', icon: LayoutDashboardIcon },
  { label: 'Bookmarks', href: '/account/bookmarks', icon: BookmarkIcon },
  { label: 'Billing', href: '/account/billing', icon: ReceiptIcon },
  { label: 'Contact us', href: '/contact-us', icon: LifeBuoyIcon },
];

/** The signed-in application: header with navigation, bell and user menu. */
export const Route = createFileRoute('/_default')({
  staticData: { access: signedInAccess },
  component: DefaultLayoutRoute,
});

function DefaultLayoutRoute() {
  const { user, signOut } = useSession();
  if (!user) {
    // The guard admits only signed-in users; this covers the moment a sign-out takes effect.
    return null;
  }
  return (
    <TooltipProvider>
      <DefaultLayout
        user={user}
        navigation={navigation}
        notificationBell={<NotificationBellButton />}
        onSignOut={() => void signOut()}
      >
        <Outlet />
      </DefaultLayout>
    </TooltipProvider>
  );
}
