import { useUnreadNotifications } from '@/features/notifications/api/get-my-notifications';
import { useMarkNotificationRead } from '@/features/notifications/api/mark-notification-read';
import { NotificationBell } from '@/features/notifications/components/notification-bell';

/**
 * The bell wired to the flyout query; opening it fetches the newest unread notifications again, and
 * following a notification to its own page (an access request) marks it read.
 */
export function NotificationBellButton() {
  const { notifications, hasUnread, error, refetch } = useUnreadNotifications();
  const markRead = useMarkNotificationRead();
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
      onOpenNotification={(notification) => markRead.mutate(notification.id)}
    />
  );
}
