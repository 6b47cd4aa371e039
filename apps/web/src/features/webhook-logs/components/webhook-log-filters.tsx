import { FilterChoiceField, FilterForm, FilterOrderField, FilterTextField } from '@/components/ui/filter-form';
import { useLiveFilter, type FilterBarProps } from '@/lib/use-live-filter';
import type { WebhookLogFilter } from '../webhook-log-filter';

export type WebhookLogFiltersProps = FilterBarProps<WebhookLogFilter>;

const stateOptions = [
  { value: '', label: 'All deliveries' },
  { value: 'no', label: 'Unprocessed (failed)' },
  { value: 'yes', label: 'Processed' },
];

const fieldsOf = (filter: WebhookLogFilter) => ({
  processed: filter.processed ?? '',
  eventType: filter.eventType ?? '',
  order: filter.order ?? 'newest',
});

const filterOf = (fields: ReturnType<typeof fieldsOf>): WebhookLogFilter => ({
  processed: fields.processed === 'yes' || fields.processed === 'no' ? fields.processed : undefined,
  eventType: fields.eventType.trim() || undefined,
  order: fields.order === 'oldest' ? 'oldest' : undefined,
});

/** State, event type and order of the deliveries; the list follows as they change (typing once it pauses). */
export function WebhookLogFilters(filterBar: WebhookLogFiltersProps) {
  const { typedField, choiceField, formProps } = useLiveFilter({ ...filterBar, fieldsOf, filterOf });

  return (
    <FilterForm
      label="Filter webhook logs"
      className="sm:grid-cols-3 lg:grid-cols-[1fr_1fr_1fr_auto]"
      hasFilter={Object.values(filterBar.filter).some(Boolean)}
      {...formProps}
    >
      <FilterChoiceField label="State" options={stateOptions} {...choiceField('processed')} />
      <FilterTextField label="Event type" placeholder="e.g. invoice.upserted" {...typedField('eventType')} />
      <FilterOrderField {...choiceField('order')} />
    </FilterForm>
  );
}
