import type { ComponentProps } from 'react';
import { Popover } from 'radix-ui';
import { cn } from '@/lib/cn';

/** A popover's panel on the raised surface, kept inside the window, in a portal above the page. */
export function PopoverContent({ className, collisionPadding = 12, ...props }: ComponentProps<typeof Popover.Content>) {
  return (
    <Popover.Portal>
      <Popover.Content
        collisionPadding={collisionPadding}
        className={cn(
          'z-50 flex max-w-[calc(100vw-1.5rem)] flex-col border bg-surface-raised shadow-lg outline-none data-[state=closed]:animate-pop-out data-[state=open]:animate-pop-in',
          className,
        )}
        {...props}
      />
    </Popover.Portal>
  );
}
