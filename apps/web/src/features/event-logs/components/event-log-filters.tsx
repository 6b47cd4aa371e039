import { useId } from 'react';
import { FilterDateField, FilterForm, FilterTextField } from '@/components/ui/filter-form';
import { invertedDayRangeMessage, isInvertedDayRange } from '@/lib/day-range';
import { useLiveFilter, type FilterBarProps } from '@/lib/use-live-filter';
import type { EventLogFilter } from '../event-log-filter';
import { eventTypeGroups, eventTypeLabels } from '../event-types';

type FilterFields = Required<{ [Key in keyof EventLogFilter]: string }>;

const noFilter: FilterFields = { eventType: '', userEmail: '', from: '', to: '' };

function fieldsOf(filter: EventLogFilter): FilterFields {
  return { ...noFilter, ...Object.fromEntries(Object.entries(filter).filter(([, value]) => value)) };
}

function filterOf(fields: FilterFields): EventLogFilter {
  return Object.fromEntries(
    Object.entries(fields).flatMap(([key, value]) => (value.trim() ? [[key, value.trim()]] : [])),
  );
}

export type EventLogFiltersProps = FilterBarProps<EventLogFilter>;

const canApply = (filter: EventLogFilter) => !isInvertedDayRange(filter.from, filter.to);

/**
 * Event type (a prefix, picked from the kinds of event or typed), user email and a day range. The list follows
 * as they change: typing once it pauses, the dates at once; Enter applies at once. A first day after the last
 * matches nothing, so it is not asked for: the field says why instead.
 */
export function EventLogFilters(filterBar: EventLogFiltersProps) {
  const { fields, type, choose, formProps } = useLiveFilter({ ...filterBar, fieldsOf, filterOf, canApply });
  const isInverted = isInvertedDayRange(fields.from, fields.to);
  const typeOptionsId = useId();

  return (
    <FilterForm
      label="Filter event logs"
      className="sm:grid-cols-2 lg:grid-cols-[1fr_1fr_auto_auto_auto]"
      hasFilter={Object.values(filterBar.filter).some(Boolean)}
      {...formProps}
    >
      <FilterTextField
        label="Event type"
        list={typeOptionsId}
        placeholder="e.g. invite"
        value={fields.eventType}
        onChange={(value) => type('eventType', value)}
      />
      <datalist id={typeOptionsId}>
        {eventTypeGroups.map(({ prefix, label }) => (
          <option key={prefix} value={prefix} label={`${label}: every ${prefix}* event`} />
        ))}
        {Object.entries(eventTypeLabels).map(([eventType, label]) => (
          <option key={eventType} value={eventType} label={label} />
        ))}
      </datalist>
      <FilterTextField
        label="User email"
        placeholder="Part of an email"
        value={fields.userEmail}
        onChange={(value) => type('userEmail', value)}
      />
      <FilterDateField label="From" max={fields.to} value={fields.from} onChange={(value) => choose('from', value)} />
      <FilterDateField
        label="To"
        min={fields.from}
        value={fields.to}
        error={isInverted ? invertedDayRangeMessage : undefined}
        onChange={(value) => choose('to', value)}
      />
    </FilterForm>
  );
}
