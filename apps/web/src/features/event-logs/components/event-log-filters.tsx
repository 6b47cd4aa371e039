import { useState } from 'react';
import { FilterForm } from '@/components/ui/filter-form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import type { EventLogFilter } from '../event-log-filter';

type FilterFields = Required<{ [Key in keyof EventLogFilter]: string }>;

const noFilter: FilterFields = { eventType: '', userEmail: '', from: '', to: '' };

function fieldsOf(filter: EventLogFilter): FilterFields {
  return { ...noFilter, ...Object.fromEntries(Object.entries(filter).filter(([, value]) => value)) };
}

export interface EventLogFiltersProps {
  filter: EventLogFilter;
  onApply: (filter: EventLogFilter) => void;
}

/** Event type, user email and a day range; applied on submit so each change is one request. */
export function EventLogFilters({ filter, onApply }: EventLogFiltersProps) {
  const [fields, setFields] = useState(() => fieldsOf(filter));
  const hasFilter = Object.values(filter).some(Boolean);

  function apply() {
    onApply(
      Object.fromEntries(Object.entries(fields).flatMap(([key, value]) => (value.trim() ? [[key, value.trim()]] : []))),
    );
  }

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
      onApply={apply}
      onClear={() => onApply({})}
    >
      <FormField label="Event type">
        <Input placeholder="e.g. user.updated" autoComplete="off" spellCheck={false} {...bind('eventType')} />
      </FormField>
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
