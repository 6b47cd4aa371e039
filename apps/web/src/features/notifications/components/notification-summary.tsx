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

/** Who did it, on its own line, then what the notification says. */
export function NotificationText({ actorName, message }: { actorName?: string | null; message: string }) {
  return (
    <>
      {actorName && (
        <span className="block truncate font-medium text-foreground">
          {actorName}
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
