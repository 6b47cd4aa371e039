import { useEffect, useState } from 'react';
import { Tooltip, TooltipProvider } from '@/components/ui/tooltip';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format-date';
import { formatRelativeTime } from '@/lib/relative-time';

const refreshIntervalMs = 30_000;

/** The current time, renewed every 30 s so "just now" becomes "1 minute ago" on a page left open. */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), refreshIntervalMs);
    return () => clearInterval(timer);
  }, []);
  return now;
}

export interface RelativeTimeProps {
  /** An ISO 8601 instant. */
  dateTime: string;
  /** Words before the time, inside the same element ("Updated 3 hours ago"). */
  prefix?: string;
  className?: string;
}

/**
 * An instant as people read it ("3 hours ago") in a `<time>` element, with the exact time in a tooltip on
 * hover and on keyboard focus (Radix names the open tooltip as the element's description).
 */
export function RelativeTime({ dateTime, prefix, className }: RelativeTimeProps) {
  const now = useNow();
  const exact = formatDateTime(dateTime);
  return (
    <TooltipProvider>
      <Tooltip content={exact}>
        <time
          dateTime={dateTime}
          // Focusable so a keyboard user can open the tooltip too.
          tabIndex={0}
          className={cn(
            'cursor-default underline decoration-muted-foreground/60 decoration-dotted underline-offset-4',
            className,
          )}
        >
          {prefix && `${prefix} `}
          {formatRelativeTime(new Date(dateTime), now)}
        </time>
      </Tooltip>
    </TooltipProvider>
  );
}
