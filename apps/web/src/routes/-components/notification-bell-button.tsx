import { useUnreadNotifications } from '@/features/notifications/api/get-my-notifications';
import { NotificationBell } from '@/features/notifications/components/notification-bell';

/** The bell wired to the flyout query; opening it fetches the newest unread notifications again. */
export function NotificationBellButton() {
  const { notifications, hasUnread, error, refetch } = useUnreadNotifications();
  return (
    <NotificationBell
      notifications={notifications}
      hasUnread={hasUnread}
      isError={error !== null}
      onOpenChange={(isOpen) => {
        if (isOpen) {
          void refetch();
        }
      }}
    />
  );
}
