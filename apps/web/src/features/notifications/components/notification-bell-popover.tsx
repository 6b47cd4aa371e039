import { XIcon } from 'lucide-react';
import { Popover } from 'radix-ui';
import { AppLink } from '@/components/ui/app-link';
import { Button } from '@/components/ui/button';
import { useTranslation } from '@/lib/i18n';
import { notificationTargetHref, teamInviteHref } from '../notification-links';
import { BellTrigger, notificationsHref, type BellTriggerProps, type FlyoutNotification } from './notification-bell';

export interface NotificationBellPopoverProps {
  trigger: BellTriggerProps;
  /** The notifications to list, already limited to the flyout's three. */
  shown: FlyoutNotification[];
  isOpen: boolean;
  changeOpen: (open: boolean) => void;
  titleId: string;
  onOpenNotification?: (notification: FlyoutNotification) => void;
}

/** The bell with its Radix popover, loaded on demand by `NotificationBell`. */
export function NotificationBellPopover({
  trigger,
  shown,
  isOpen,
  changeOpen,
  titleId,
  onOpenNotification,
}: NotificationBellPopoverProps) {
  const { t } = useTranslation();
  return (
    <Popover.Root open={isOpen} onOpenChange={changeOpen}>
      <Popover.Trigger asChild>
        <BellTrigger {...trigger} />
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
                      href={targetHref ?? teamInviteHref(notification) ?? notificationsHref}
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
