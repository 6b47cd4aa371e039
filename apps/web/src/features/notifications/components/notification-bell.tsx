import { BellIcon, XIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Popover } from 'radix-ui';
import { AppLink } from '@/components/ui/app-link';
import { Button } from '@/components/ui/button';
import { notificationTargetHref } from '../notification-links';
import { useTranslation } from '@/lib/i18n';

export const notificationsHref = '/account/notifications';
// SPEC.md §9: the flyout shows at most three unread notifications.
export const flyoutNotificationLimit = 3;

export interface FlyoutNotification {
  id: string;
  message: string;
  type?: string;
  externalId?: string | null;
}

export interface NotificationBellProps {
  /** The newest unread notifications (the GetMyNotifications flyout query). */
  notifications: FlyoutNotification[];
  hasUnread: boolean;
  /** A failed fetch shows no notifications (SPEC.md §8). */
  isError?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** A notification with a page of its own (an access request) was opened from the flyout. */
  onOpenNotification?: (notification: FlyoutNotification) => void;
}

export function NotificationBell({
  notifications,
  hasUnread,
  isError = false,
  onOpenChange,
  onOpenNotification,
}: NotificationBellProps) {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  const titleId = useId();
  const unreadDescriptionId = useId();
  const shown = isError ? [] : notifications.slice(0, flyoutNotificationLimit);
  const showsUnreadDot = hasUnread && !isError;

  const changeOpen = (open: boolean) => {
    setIsOpen(open);
    onOpenChange?.(open);
  };

  return (
    <Popover.Root open={isOpen} onOpenChange={changeOpen}>
      <Popover.Trigger asChild>
        <Button
          color="neutral"
          variant="ghost"
          square
          aria-label={t('components.notification_bell.label')}
          aria-describedby={showsUnreadDot ? unreadDescriptionId : undefined}
          className="relative"
        >
          <BellIcon aria-hidden />
          {showsUnreadDot && (
            <>
              <span
                aria-hidden
                data-slot="unread-indicator"
                className="absolute top-1.5 right-1.5 size-2.5 rounded-full bg-error ring-2 ring-background"
              />
              <span id={unreadDescriptionId} hidden>
                {t('components.notification_bell.unread')}
              </span>
            </>
          )}
        </Button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          collisionPadding={12}
          aria-labelledby={titleId}
          className="z-50 flex w-80 max-w-[calc(100vw-1.5rem)] flex-col rounded-xl border bg-surface-raised shadow-lg outline-none data-[state=closed]:animate-pop-out data-[state=open]:animate-pop-in"
        >
          <div className="flex items-center justify-between gap-2 border-b py-2 pr-2 pl-4">
            <h2 id={titleId} className="text-sm font-semibold">
              {t('components.notification_flyout.title')}
            </h2>
            <Popover.Close asChild>
              <Button color="neutral" variant="ghost" size="sm" square aria-label={t('global.close')}>
                <XIcon aria-hidden />
              </Button>
            </Popover.Close>
          </div>
          {shown.length === 0 ? (
            <p className="px-4 py-8 text-center text-sm text-muted-foreground">
              {t('components.notification_flyout.no_notifications')}
            </p>
          ) : (
            <ul className="max-h-[300px] divide-y overflow-y-auto">
              {shown.map((notification) => {
                const targetHref = notificationTargetHref(notification);
                return (
                  <li key={notification.id}>
                    <AppLink
                      href={targetHref ?? notificationsHref}
                      onClick={() => {
                        changeOpen(false);
                        if (targetHref) onOpenNotification?.(notification);
                      }}
                      className="block px-4 py-3 text-sm transition-colors outline-offset-[-2px] hover:bg-muted"
                    >
                      {notification.message}
                    </AppLink>
                  </li>
                );
              })}
            </ul>
          )}
          <div className="border-t p-2">
            <Button asChild color="primary" variant="ghost" size="sm" className="w-full">
              <AppLink href={notificationsHref} onClick={() => changeOpen(false)}>
                {t('components.notification_flyout.view_all')}
              </AppLink>
            </Button>
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
