import { useEffect, useId, useRef, useState } from 'react';
import { FilterForm } from '@/components/ui/filter-form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import type { EventLogFilter } from '../event-log-filter';
import { eventTypeGroups, eventTypeLabels } from '../event-types';

type FilterFields = Required<{ [Key in keyof EventLogFilter]: string }>;

const noFilter: FilterFields = { eventType: '', userEmail: '', from: '', to: '' };

/** How long typing pauses before the list follows: one request per pause, not per key. */
export const filterDebounceMs = 400;

function fieldsOf(filter: EventLogFilter): FilterFields {
  return { ...noFilter, ...Object.fromEntries(Object.entries(filter).filter(([, value]) => value)) };
}

function filterOf(fields: FilterFields): EventLogFilter {
  return Object.fromEntries(
    Object.entries(fields).flatMap(([key, value]) => (value.trim() ? [[key, value.trim()]] : [])),
  );
}

const sameFilter = (one: EventLogFilter, other: EventLogFilter) =>
  JSON.stringify(filterOf(fieldsOf(one))) === JSON.stringify(filterOf(fieldsOf(other)));

export interface EventLogFiltersProps {
  filter: EventLogFilter;
  onApply: (filter: EventLogFilter) => void;
}

/**
 * Event type (a prefix, picked from the kinds of event or typed), user email and a day range. The list follows
 * as they change, once typing pauses; Enter applies at once.
 */
export function EventLogFilters({ filter, onApply }: EventLogFiltersProps) {
  const [fields, setFields] = useState(() => fieldsOf(filter));
  const applied = useRef<EventLogFilter>(filter);
  const typeOptionsId = useId();
  const hasFilter = Object.values(filter).some(Boolean);

  // A filter applied elsewhere (the back button, Clear) becomes the form's.
  useEffect(() => {
    if (!sameFilter(filter, applied.current)) {
      applied.current = filter;
      setFields(fieldsOf(filter));
    }
  }, [filter]);

  function apply(next: FilterFields) {
    const nextFilter = filterOf(next);
    if (sameFilter(nextFilter, applied.current)) return;
    applied.current = nextFilter;
    onApply(nextFilter);
  }

  const settled = useDebouncedValue(fields, filterDebounceMs);
  useEffect(() => {
    apply(settled);
    // Only a settled change applies; `apply` reads the latest `onApply` each time.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);

  const bind = (key: keyof FilterFields) => ({
    value: fields[key],
    onChange: (event: { target: { value: string } }) =>
      setFields((current) => ({ ...current, [key]: event.target.value })),
  });

  return (
    <FilterForm
      label="Filter event logs"
      className="sm:grid-cols-2 lg:grid-cols-[1fr_1fr_auto_auto_auto]"
      hasFilter={hasFilter}
      onApply={() => apply(fields)}
      onClear={() => {
        setFields(noFilter);
        apply(noFilter);
      }}
    >
      <FormField label="Event type">
        <Input
          type="search"
          list={typeOptionsId}
          placeholder="e.g. invite"
          autoComplete="off"
          spellCheck={false}
          {...bind('eventType')}
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
          {...bind('userEmail')}
        />
      </FormField>
      <FormField label="From">
        <Input type="date" max={fields.to || undefined} {...bind('from')} />
      </FormField>
      <FormField label="To">
        <Input type="date" min={fields.from || undefined} {...bind('to')} />
      </FormField>
    </FilterForm>
  );
}
