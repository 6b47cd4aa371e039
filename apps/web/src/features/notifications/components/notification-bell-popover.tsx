import { ArrowRightIcon, CheckCheckIcon, XIcon } from 'lucide-react';
import { Popover } from 'radix-ui';
import { PopoverContent } from '@/components/ui/popover';
import { AppLink } from '@/components/ui/app-link';
import { Button } from '@/components/ui/button';
import { useTranslation } from '@/lib/i18n';
import { type NotificationAction, notificationActionOf } from '../notification-kinds';
import { BellTrigger, notificationsHref, type BellTriggerProps, type FlyoutNotification } from './notification-bell';
import { NotificationIcon, NotificationText, NotificationTime } from './notification-summary';

export interface NotificationBellPopoverProps {
  trigger: BellTriggerProps;
  /** The notifications to list, already limited to the flyout's three. */
  shown: FlyoutNotification[];
  isOpen: boolean;
  changeOpen: (open: boolean) => void;
  titleId: string;
  onOpenNotification?: (notification: FlyoutNotification) => void;
  /** Marks every notification read (invites waiting for an answer stay unread); omitted, the flyout offers none. */
  onMarkAllRead?: () => void;
  isMarkingAllRead?: boolean;
}

/** The bell with its Radix popover, loaded on demand by `NotificationBell`. */
export function NotificationBellPopover({
  trigger,
  shown,
  isOpen,
  changeOpen,
  titleId,
  onOpenNotification,
  onMarkAllRead,
  isMarkingAllRead = false,
}: NotificationBellPopoverProps) {
  const { t } = useTranslation();
  return (
    <Popover.Root open={isOpen} onOpenChange={changeOpen}>
      <Popover.Trigger asChild>
        <BellTrigger {...trigger} />
      </Popover.Trigger>
      <PopoverContent align="end" sideOffset={8} aria-labelledby={titleId} className="w-96 rounded-xl">
        <div className="flex items-center gap-2 border-b py-2 pr-2 pl-4">
          <h2 id={titleId} className="mr-auto text-sm font-semibold">
            {t('components.notification_flyout.title')}
          </h2>
          {onMarkAllRead && shown.length > 0 && (
            <Button color="neutral" variant="ghost" size="sm" loading={isMarkingAllRead} onClick={onMarkAllRead}>
              <CheckCheckIcon aria-hidden />
              {t('components.notification_flyout.mark_all_read')}
            </Button>
          )}
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
          <ul className="max-h-[min(420px,60vh)] divide-y overflow-y-auto">
            {shown.map((notification) => (
              <FlyoutEntry
                key={notification.id}
                notification={notification}
                onOpen={(action) => {
                  changeOpen(false);
                  if (action?.marksRead) onOpenNotification?.(notification);
                }}
              />
            ))}
          </ul>
        )}
        <div className="border-t p-2">
          <Button asChild color="primary" variant="ghost" size="sm" className="w-full">
            <AppLink href={notificationsHref} onClick={() => changeOpen(false)}>
              {t('components.notification_flyout.view_all')}
            </AppLink>
          </Button>
        </div>
      </PopoverContent>
    </Popover.Root>
  );
}

/**
 * One notification: its icon, who did what, when, and its action. The whole entry is one link (to the
 * action, or to the notifications page for a notification without one); the time sits above the link's
 * stretched area, so it keeps its own hover and focus for the exact time.
 */
function FlyoutEntry({
  notification,
  onOpen,
}: {
  notification: FlyoutNotification;
  onOpen: (action: NotificationAction | undefined) => void;
}) {
  const action = notificationActionOf(notification);
  return (
    <li className="relative flex gap-3 px-4 py-3 text-sm transition-colors focus-within:bg-muted hover:bg-muted">
      <NotificationIcon type={notification.type} />
      <div className="grid min-w-0 flex-1 gap-1">
        <AppLink
          href={action?.href ?? notificationsHref}
          onClick={() => onOpen(action)}
          className="text-muted-foreground outline-none after:absolute after:inset-0 focus-visible:after:outline-2 focus-visible:after:-outline-offset-2 focus-visible:after:outline-ring"
        >
          <NotificationText
            type={notification.type}
            actorName={notification.actorName}
            message={notification.message}
          />
          {action && ' '}
          {action && <span className="sr-only">({action.label})</span>}
        </AppLink>
        {(notification.createdAt || action) && (
          <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
            {notification.createdAt && <NotificationTime createdAt={notification.createdAt} className="relative" />}
            {action && (
              <span aria-hidden className="inline-flex items-center gap-1 text-xs font-medium text-primary">
                {action.label}
                <ArrowRightIcon className="size-3.5" />
              </span>
            )}
          </div>
        )}
      </div>
    </li>
  );
}
