import { BookmarkIcon, LayoutDashboardIcon, LayoutGridIcon, LifeBuoyIcon, ReceiptIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useSession } from '@/features/auth/use-session';
import { DefaultLayout, type NavigationItem } from '@/features/shell/default-layout';
import type { SessionUser } from '@/lib/session';
import { NotificationBellButton } from './notification-bell-button';

const navigation: NavigationItem[] = [
  { label: 'Dashboard', href: '/dashboard', icon: LayoutDashboardIcon },
  { label: 'Applications', href: '/apps', icon: LayoutGridIcon },
  { label: 'Bookmarks', href: '/account/bookmarks', icon: BookmarkIcon },
  { label: 'Billing', href: '/account/billing', icon: ReceiptIcon },
  { label: 'Contact us', href: '/contact-us', icon: LifeBuoyIcon },
];

/**
 * The signed-in chrome (navigation, bell, user menu) around a page: the `/_default` screens, and the
 * error and 404 pages a signed-in user meets (SPEC.md §2 wants the bell there too).
 */
export function SignedInLayout({ user, children }: { user: SessionUser; children: ReactNode }) {
  const { signOut } = useSession();
  return (
    <DefaultLayout
      user={user}
      navigation={navigation}
      notificationBell={<NotificationBellButton />}
      onSignOut={() => void signOut()}
    >
      {children}
    </DefaultLayout>
  );
}
