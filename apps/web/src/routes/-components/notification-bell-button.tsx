import { toast } from '@/components/ui/toast-store';
import { useUnreadNotifications } from '@/features/notifications/api/get-my-notifications';
import { useMarkAllNotificationsRead } from '@/features/notifications/api/mark-all-notifications-read';
import { useMarkNotificationRead } from '@/features/notifications/api/mark-notification-read';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { parseError } from '@/lib/graphql-client';
import { useIsAfterLargestPaint } from './after-largest-paint';

/**
 * The bell wired to the flyout query; opening it fetches the newest unread notifications again,
 * following a notification to its own page (an access request, the security settings) marks it read,
 * and "Mark all read" reads all but the invites waiting for an answer. On the first page the list is asked for once
 * the browser is idle after the largest paint, so that the request stays off that page's critical path
 * (docs/decisions/0149-bell-asks-after-largest-paint.md).
 */
export function NotificationBellButton() {
  const { notifications, hasUnread, error, refetch } = useUnreadNotifications({ enabled: useIsAfterLargestPaint() });
  const markRead = useMarkNotificationRead();
  const markAllRead = useMarkAllNotificationsRead();
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
      onMarkAllRead={() =>
        markAllRead.mutate(undefined, {
          onError: (failure) => {
            const parsed = parseError(failure);
            toast({ title: parsed.title, description: parsed.message, color: 'error' });
          },
        })
      }
      isMarkingAllRead={markAllRead.isPending}
    />
  );
}
