import { XIcon } from 'lucide-react';
import type { FormEvent, KeyboardEvent, ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input, inputClassName } from '@/components/ui/input';
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
      {/* Level with the controls (under their one-line labels), also when a field's message makes the row taller. */}
      <div className="col-span-full flex items-end gap-2 lg:col-span-1 lg:mt-5.5 lg:self-start">
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

interface FilterFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
}

export interface FilterTextFieldProps extends FilterFieldProps {
  placeholder: string;
  /** Id of a `<datalist>` of suggestions. */
  list?: string;
}

/** A typed filter field: pass `useLiveFilter`'s `type`, so the list follows once typing pauses. */
export function FilterTextField({ label, value, onChange, ...inputProps }: FilterTextFieldProps) {
  return (
    <FormField label={label}>
      <Input
        type="search"
        autoComplete="off"
        spellCheck={false}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        {...inputProps}
      />
    </FormField>
  );
}

export interface FilterChoiceFieldProps extends FilterFieldProps {
  /** The choices in their order; the first is usually the one of no filter. */
  options: readonly { value: string; label: string }[];
}

/** A filter field of fixed choices: pass `useLiveFilter`'s `choose`, so the list follows at once. */
export function FilterChoiceField({ label, value, onChange, options }: FilterChoiceFieldProps) {
  return (
    <FormField label={label}>
      <select
        className={cn(inputClassName, 'h-9 py-1')}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FormField>
  );
}

const listOrderOptions = [
  { value: 'newest', label: 'Newest first' },
  { value: 'oldest', label: 'Oldest first' },
];

/** The order of a list that can show its oldest rows first; newest first is the default. */
export function FilterOrderField({ value, onChange }: Omit<FilterFieldProps, 'label'>) {
  return <FilterChoiceField label="Order" options={listOrderOptions} value={value} onChange={onChange} />;
}

export interface FilterDateFieldProps extends FilterFieldProps {
  min?: string;
  max?: string;
  /** Why the day cannot apply (a range whose start is after its end). */
  error?: string;
}

/** A day of a date range: pass `useLiveFilter`'s `choose`; an empty bound is no bound. */
export function FilterDateField({ label, value, onChange, min, max, error }: FilterDateFieldProps) {
  return (
    // Label and day stay at the top of the row when another field's message makes it taller.
    <FormField label={label} error={error} className="content-start">
      <Input
        type="date"
        min={min || undefined}
        max={max || undefined}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </FormField>
  );
}
