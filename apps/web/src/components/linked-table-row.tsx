import type { ComponentProps, MouseEvent } from 'react';
import { TableRow } from '@/components/ui/table';
import { cn } from '@/lib/cn';

/** Marks the link a {@link LinkedTableRow} follows when the row is clicked anywhere else. */
export const rowLinkProps = { 'data-row-link': '' } as const;

/**
 * A table row that opens its item wherever it is clicked. The row's own link (marked with `rowLinkProps`)
 * stays the one keyboard and screen-reader target, so the row adds no second tab stop; a click on another
 * link or button in the row, a text selection, or a modified click (new tab) is left alone.
 */
export function LinkedTableRow({ className, onClick, ...props }: ComponentProps<'tr'>) {
  function openRow(event: MouseEvent<HTMLTableRowElement>) {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0) return;
    if ((event.target as Element).closest('a, button, input, select, textarea')) return;
    if (window.getSelection()?.toString()) return;
    const link = event.currentTarget.querySelector<HTMLAnchorElement>('a[data-row-link]');
    if (!link) return;
    // A click with a modifier opens a new tab or window, as it would on the link itself.
    link.dispatchEvent(
      new globalThis.MouseEvent('click', {
        bubbles: true,
        cancelable: true,
        ctrlKey: event.ctrlKey,
        metaKey: event.metaKey,
        shiftKey: event.shiftKey,
        altKey: event.altKey,
      }),
    );
  }
  return <TableRow className={cn('cursor-pointer', className)} onClick={openRow} {...props} />;
}
