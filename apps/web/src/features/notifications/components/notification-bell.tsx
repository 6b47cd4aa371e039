import { BellIcon } from 'lucide-react';
import { useId, useState } from 'react';
import type { ButtonProps } from '@/components/ui/button';
import { deferredPart, useDeferredPopup } from '@/components/ui/deferred-popup';
import { IconButton } from '@/components/ui/icon-button';
import { useTranslation } from '@/lib/i18n';

export const notificationsHref = '/account/notifications';
// docs/spec.md §9: the flyout shows at most three unread notifications.
export const flyoutNotificationLimit = 3;

export interface FlyoutNotification {
  id: string;
  message: string;
  type?: string;
  externalId?: string | null;
  /** When it was sent (ISO 8601). */
  createdAt?: string;
  /** Who did what it tells of, when the server knows (docs/decisions/0135). */
  actorName?: string | null;
}

export interface NotificationBellProps {
  /** The newest unread notifications (the GetMyNotifications flyout query). */
  notifications: FlyoutNotification[];
  hasUnread: boolean;
  /** A failed fetch shows no notifications (docs/spec.md §8). */
  isError?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** A notification was opened from the flyout. */
  onOpenNotification?: (notification: FlyoutNotification) => void;
  /** Offers "Mark all read" in the flyout. */
  onMarkAllRead?: () => void;
  isMarkingAllRead?: boolean;
}

export type BellTriggerProps = ButtonProps & { showsUnreadDot: boolean; unreadDescriptionId: string };

/** The bell's button, with a red dot while there are unread notifications. */
export function BellTrigger({ showsUnreadDot, unreadDescriptionId, ...props }: BellTriggerProps) {
  const { t } = useTranslation();
  return (
    <IconButton
      aria-label={t('components.notification_bell.label')}
      aria-describedby={showsUnreadDot ? unreadDescriptionId : undefined}
      className="relative"
      {...props}
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
    </IconButton>
  );
}

const bellPopover = deferredPart(() => import('./notification-bell-popover'));

/**
 * The bell renders at once; the flyout's code (the Radix popover) loads when the pointer or the focus
 * reaches it, and a press before it has arrived opens the flyout when it has.
 */
export function NotificationBell({
  notifications,
  hasUnread,
  isError = false,
  onOpenChange,
  onOpenNotification,
  onMarkAllRead,
  isMarkingAllRead,
}: NotificationBellProps) {
  const [isOpen, setIsOpen] = useState(false);
  const titleId = useId();
  const unreadDescriptionId = useId();
  const shown = isError ? [] : notifications.slice(0, flyoutNotificationLimit);
  const trigger = { showsUnreadDot: hasUnread && !isError, unreadDescriptionId };

  const changeOpen = (open: boolean) => {
    setIsOpen(open);
    onOpenChange?.(open);
  };
  const { loaded, containerRef, triggerProps } = useDeferredPopup(bellPopover, 'dialog', () => changeOpen(true));

  return (
    <div ref={containerRef} className="contents">
      {loaded ? (
        <loaded.NotificationBellPopover
          trigger={trigger}
          shown={shown}
          isOpen={isOpen}
          changeOpen={changeOpen}
          titleId={titleId}
          onOpenNotification={onOpenNotification}
          onMarkAllRead={onMarkAllRead}
          isMarkingAllRead={isMarkingAllRead}
        />
      ) : (
        <BellTrigger {...trigger} {...triggerProps} />
      )}
    </div>
  );
}
