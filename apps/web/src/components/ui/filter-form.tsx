import { FilterIcon, XIcon } from 'lucide-react';
import type { FormEvent, ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

export interface FilterFormProps {
  /** Names the search landmark, e.g. "Filter event logs". */
  label: string;
  /** Grid columns of the fields and the button cell, which takes the full row on small screens. */
  className?: string;
  hasFilter: boolean;
  onApply: () => void;
  onClear: () => void;
  children: ReactNode;
}

/** A list's filter panel: its fields, applied together on submit so each change is one request, and a way back to no filter. */
export function FilterForm({ label, className, hasFilter, onApply, onClear, children }: FilterFormProps) {
  function submit(event: FormEvent) {
    event.preventDefault();
    onApply();
  }

  return (
    <form
      role="search"
      aria-label={label}
      onSubmit={submit}
      className={cn('mb-4 grid gap-4 rounded-xl border bg-surface p-4', className)}
    >
      {children}
      <div className="col-span-full flex items-end gap-2 lg:col-span-1">
        <Button type="submit" variant="soft">
          <FilterIcon aria-hidden />
          Apply
        </Button>
        {hasFilter && (
          <Button type="button" color="neutral" variant="ghost" onClick={onClear}>
            <XIcon aria-hidden />
            Clear
          </Button>
        )}
      </div>
    </form>
  );
}
