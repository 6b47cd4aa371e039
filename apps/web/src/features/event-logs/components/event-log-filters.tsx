import { useId } from 'react';
import { FilterForm } from '@/components/ui/filter-form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useLiveFilter } from '@/lib/use-live-filter';
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

export interface EventLogFiltersProps {
  filter: EventLogFilter;
  isUpdating?: boolean;
  onApply: (filter: EventLogFilter, options: { replace: boolean }) => void;
}

/**
 * Event type (a prefix, picked from the kinds of event or typed), user email and a day range. The list follows
 * as they change: typing once it pauses, the dates at once; Enter applies at once.
 */
export function EventLogFilters({ filter, isUpdating, onApply }: EventLogFiltersProps) {
  const { fields, type, choose, applyNow, clear } = useLiveFilter({ filter, fieldsOf, filterOf, onApply });
  const typeOptionsId = useId();

  return (
    <FilterForm
      label="Filter event logs"
      className="sm:grid-cols-2 lg:grid-cols-[1fr_1fr_auto_auto_auto]"
      hasFilter={Object.values(filter).some(Boolean)}
      isUpdating={isUpdating}
      onApplyNow={applyNow}
      onClear={clear}
    >
      <FormField label="Event type">
        <Input
          type="search"
          list={typeOptionsId}
          placeholder="e.g. invite"
          autoComplete="off"
          spellCheck={false}
          value={fields.eventType}
          onChange={(event) => type('eventType', event.target.value)}
        />
      </FormField>
      <datalist id={typeOptionsId}>
        {eventTypeGroups.map(({ prefix, label }) => (
          <option key={prefix} value={prefix} label={`${label}: every ${prefix}* event`} />
        ))}
        {Object.entries(eventTypeLabels).map(([eventType, label]) => (
          <option key={eventType} value={eventType} label={label} />
        ))}
      </datalist>
      <FormField label="User email">
        <Input
          type="search"
          placeholder="Part of an email"
          autoComplete="off"
          spellCheck={false}
          value={fields.userEmail}
          onChange={(event) => type('userEmail', event.target.value)}
        />
      </FormField>
      <FormField label="From">
        <Input
          type="date"
          max={fields.to || undefined}
          value={fields.from}
          onChange={(event) => choose('from', event.target.value)}
        />
      </FormField>
      <FormField label="To">
        <Input
          type="date"
          min={fields.from || undefined}
          value={fields.to}
          onChange={(event) => choose('to', event.target.value)}
        />
      </FormField>
    </FilterForm>
  );
}
