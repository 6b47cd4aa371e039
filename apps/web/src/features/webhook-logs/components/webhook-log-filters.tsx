import { useState } from 'react';
import { FilterForm } from '@/components/ui/filter-form';
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

  function apply() {
    onApply({
      processed: processed === 'yes' || processed === 'no' ? processed : undefined,
      eventType: eventType.trim() || undefined,
      order: order === 'oldest' ? 'oldest' : undefined,
    });
  }

  return (
    <FilterForm
      label="Filter webhook logs"
      className="sm:grid-cols-3 lg:grid-cols-[1fr_1fr_1fr_auto]"
      hasFilter={hasFilter}
      onApply={apply}
      onClear={() => onApply({})}
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
    </FilterForm>
  );
}
