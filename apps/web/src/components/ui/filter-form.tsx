import { XIcon } from 'lucide-react';
import type { FormEvent, KeyboardEvent, ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';

export interface FilterFormProps {
  /** Names the search landmark, e.g. "Filter event logs". */
  label: string;
  /** Grid columns of the fields and the action cell, which takes the full row on small screens. */
  className?: string;
  hasFilter: boolean;
  /** While the list fetches the rows of a new filter; the rows it shows stay until they arrive. */
  isUpdating?: boolean;
  /** Enter in a field: what was typed applies without waiting for typing to pause. */
  onApplyNow: () => void;
  onClear: () => void;
  children: ReactNode;
}

/**
 * A list's filter panel (lib/use-live-filter.ts applies its fields as they change, so it has no Apply button) and
 * a way back to no filter. Clear and the loading sign keep their place whether shown or not: nothing moves.
 */
export function FilterForm({
  label,
  className,
  hasFilter,
  isUpdating,
  onApplyNow,
  onClear,
  children,
}: FilterFormProps) {
  function submit(event: FormEvent) {
    event.preventDefault();
    onApplyNow();
  }

  // With several text fields and no submit button, a browser does not submit on Enter by itself.
  function applyOnEnter(event: KeyboardEvent) {
    if (event.key === 'Enter' && !event.defaultPrevented && event.target instanceof HTMLInputElement) {
      event.preventDefault();
      onApplyNow();
    }
  }

  return (
    <form
      role="search"
      aria-label={label}
      onSubmit={submit}
      onKeyDown={applyOnEnter}
      className={cn('mb-4 grid gap-4 rounded-xl border bg-surface p-4', className)}
    >
      {children}
      <div className="col-span-full flex items-end gap-2 lg:col-span-1">
        <Button type="button" color="neutral" variant="ghost" disabled={!hasFilter} onClick={onClear}>
          <XIcon aria-hidden />
          Clear filters
        </Button>
        <span className="flex size-9 items-center justify-center">
          {isUpdating && <Spinner label="Updating the list" />}
        </span>
      </div>
    </form>
  );
}
