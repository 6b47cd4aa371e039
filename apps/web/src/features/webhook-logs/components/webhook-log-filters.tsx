import { FilterIcon, XIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input, inputClassName } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import type { WebhookLogFilter } from '../webhook-log-filter';

export interface WebhookLogFiltersProps {
  filter: WebhookLogFilter;
  onApply: (filter: WebhookLogFilter) => void;
}

const selectClassName = cn(inputClassName, 'h-9 py-1');

/** State, event type and order of the deliveries; applied on submit. */
export function WebhookLogFilters({ filter, onApply }: WebhookLogFiltersProps) {
  const [processed, setProcessed] = useState(filter.processed ?? '');
  const [eventType, setEventType] = useState(filter.eventType ?? '');
  const [order, setOrder] = useState(filter.order ?? '');
  const hasFilter = Object.values(filter).some(Boolean);

  function apply(event: FormEvent) {
    event.preventDefault();
    onApply({
      processed: processed === 'yes' || processed === 'no' ? processed : undefined,
      eventType: eventType.trim() || undefined,
      order: order === 'oldest' ? 'oldest' : undefined,
    });
  }

  return (
    <form
      role="search"
      aria-label="Filter webhook logs"
      onSubmit={apply}
      className="mb-4 grid gap-4 rounded-xl border bg-surface p-4 sm:grid-cols-3 lg:grid-cols-[1fr_1fr_1fr_auto]"
    >
      <FormField label="State">
        <select className={selectClassName} value={processed} onChange={(event) => setProcessed(event.target.value)}>
          <option value="">All deliveries</option>
          <option value="no">Unprocessed (failed)</option>
          <option value="yes">Processed</option>
        </select>
      </FormField>
      <FormField label="Event type">
        <Input
          placeholder="e.g. invoice.upserted"
          autoComplete="off"
          spellCheck={false}
          value={eventType}
          onChange={(event) => setEventType(event.target.value)}
        />
      </FormField>
      <FormField label="Order">
        <select className={selectClassName} value={order} onChange={(event) => setOrder(event.target.value)}>
          <option value="">Newest first</option>
          <option value="oldest">Oldest first</option>
        </select>
      </FormField>
      <div className="flex items-end gap-2 sm:col-span-3 lg:col-span-1">
        <Button type="submit" variant="soft">
          <FilterIcon aria-hidden />
          Apply
        </Button>
        {hasFilter && (
          <Button type="button" color="neutral" variant="ghost" onClick={() => onApply({})}>
            <XIcon aria-hidden />
            Clear
          </Button>
        )}
      </div>
    </form>
  );
}
