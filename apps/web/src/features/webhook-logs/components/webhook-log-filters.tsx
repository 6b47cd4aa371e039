import { FilterForm } from '@/components/ui/filter-form';
import { FormField } from '@/components/ui/form-field';
import { Input, inputClassName } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { useLiveFilter } from '@/lib/use-live-filter';
import type { WebhookLogFilter } from '../webhook-log-filter';

export interface WebhookLogFiltersProps {
  filter: WebhookLogFilter;
  isUpdating?: boolean;
  onApply: (filter: WebhookLogFilter, options: { replace: boolean }) => void;
}

const selectClassName = cn(inputClassName, 'h-9 py-1');

const fieldsOf = (filter: WebhookLogFilter) => ({
  processed: filter.processed ?? '',
  eventType: filter.eventType ?? '',
  order: filter.order ?? '',
});

const filterOf = (fields: ReturnType<typeof fieldsOf>): WebhookLogFilter => ({
  processed: fields.processed === 'yes' || fields.processed === 'no' ? fields.processed : undefined,
  eventType: fields.eventType.trim() || undefined,
  order: fields.order === 'oldest' ? 'oldest' : undefined,
});

/** State, event type and order of the deliveries; the list follows as they change (typing once it pauses). */
export function WebhookLogFilters({ filter, isUpdating, onApply }: WebhookLogFiltersProps) {
  const { fields, type, choose, applyNow, clear } = useLiveFilter({ filter, fieldsOf, filterOf, onApply });

  return (
    <FilterForm
      label="Filter webhook logs"
      className="sm:grid-cols-3 lg:grid-cols-[1fr_1fr_1fr_auto]"
      hasFilter={Object.values(filter).some(Boolean)}
      isUpdating={isUpdating}
      onApplyNow={applyNow}
      onClear={clear}
    >
      <FormField label="State">
        <select
          className={selectClassName}
          value={fields.processed}
          onChange={(event) => choose('processed', event.target.value)}
        >
          <option value="">All deliveries</option>
          <option value="no">Unprocessed (failed)</option>
          <option value="yes">Processed</option>
        </select>
      </FormField>
      <FormField label="Event type">
        <Input
          type="search"
          placeholder="e.g. invoice.upserted"
          autoComplete="off"
          spellCheck={false}
          value={fields.eventType}
          onChange={(event) => type('eventType', event.target.value)}
        />
      </FormField>
      <FormField label="Order">
        <select
          className={selectClassName}
          value={fields.order}
          onChange={(event) => choose('order', event.target.value)}
        >
          <option value="">Newest first</option>
          <option value="oldest">Oldest first</option>
        </select>
      </FormField>
    </FilterForm>
  );
}
