import { RelativeTime } from '@/components/relative-time';
import { cn } from '@/lib/cn';
import { notificationKindOf } from '../notification-kinds';

/** The type's icon in a round badge; the type's name is read out instead of the picture. */
export function NotificationIcon({ type, className }: { type?: string; className?: string }) {
  const kind = notificationKindOf(type);
  const Icon = kind.icon;
  return (
    <span
      role="img"
      aria-label={kind.label}
      className={cn(
        'flex size-8 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary [&_svg]:size-4',
        className,
      )}
    >
      <Icon aria-hidden />
    </span>
  );
}

/** Who did what ("Grace Hopper changed your role"), on its own line, then what the notification says. */
export function NotificationText({
  type,
  actorName,
  message,
}: {
  type?: string;
  actorName?: string | null;
  message: string;
}) {
  const { deed } = notificationKindOf(type);
  return (
    <>
      {actorName && (
        <span className="block truncate text-foreground">
          <span className="font-medium">{actorName}</span>
          {deed && ` ${deed}`}
          <span className="sr-only">:</span>
        </span>
      )}
      {actorName && ' '}
      <span className="block text-pretty">{message}</span>
    </>
  );
}

/** When it was sent, as people read it, the exact time on hover and focus. */
export function NotificationTime({ createdAt, className }: { createdAt: string; className?: string }) {
  return <RelativeTime dateTime={createdAt} className={cn('text-xs text-muted-foreground', className)} />;
}
