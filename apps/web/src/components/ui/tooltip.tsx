import type { ComponentProps, ReactNode } from 'react';
import { Tooltip as TooltipPrimitive } from 'radix-ui';
import { cn } from '@/lib/cn';

// docs/spec.md §9 values, which are also Radix's defaults; spelled out so a Radix change cannot move them.
const tooltipDelayMs = 700;
const tooltipSkipDelayMs = 300;

/**
 * Shares the delays between the tooltips inside it (moving from one to the next skips the open delay).
 * A screen with tooltips mounts it around them, not the layout: Radix's tooltip code (with its
 * positioning engine) then loads only with the screens that use it.
 */
export function TooltipProvider(props: ComponentProps<typeof TooltipPrimitive.Provider>) {
  return <TooltipPrimitive.Provider delayDuration={tooltipDelayMs} skipDelayDuration={tooltipSkipDelayMs} {...props} />;
}

export type TooltipProps = Omit<ComponentProps<typeof TooltipPrimitive.Content>, 'content'> & {
  content: ReactNode;
  /** The element the tooltip describes; it must accept a ref and event handlers. */
  children: ReactNode;
};

export function Tooltip({ content, children, className, sideOffset = 6, ...props }: TooltipProps) {
  return (
    <TooltipPrimitive.Root>
      <TooltipPrimitive.Trigger asChild>{children}</TooltipPrimitive.Trigger>
      <TooltipPrimitive.Portal>
        <TooltipPrimitive.Content
          data-slot="tooltip"
          sideOffset={sideOffset}
          className={cn(
            'z-50 max-w-xs rounded-md bg-stone-900 px-2 py-1 text-xs text-stone-50 shadow-md data-[state=closed]:animate-fade-out data-[state=delayed-open]:animate-fade-in data-[state=instant-open]:animate-fade-in dark:bg-stone-100 dark:text-stone-900',
            className,
          )}
          {...props}
        >
          {content}
        </TooltipPrimitive.Content>
      </TooltipPrimitive.Portal>
    </TooltipPrimitive.Root>
  );
}
