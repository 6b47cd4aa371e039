import { useState } from 'react';
import { FilterForm } from '@/components/ui/filter-form';
import { FormField } from '@/components/ui/form-field';
import { Input, inputClassName } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { isFiltered, nonDefaultStatusChoiceOf, type AppRequestFilter } from '../app-request-filter';
import { ApplicationPicker, type PickedApplication } from './application-picker';

export interface AppRequestFiltersProps {
  filter: AppRequestFilter;
  /** The name of the application the filter names (`filter.app`), when known. */
  chosenApplicationName: string | undefined;
  onApply: (filter: AppRequestFilter) => void;
}

const selectClassName = cn(inputClassName, 'h-9 py-1');

/** Status, team, application and order of the request list; applied on submit, Clear returns to pending. */
export function AppRequestFilters({ filter, chosenApplicationName, onApply }: AppRequestFiltersProps) {
  const [status, setStatus] = useState<string>(filter.status ?? 'pending');
  const [team, setTeam] = useState(filter.team ?? '');
  const [app, setApp] = useState<PickedApplication | undefined>(
    filter.app ? { id: filter.app, name: chosenApplicationName ?? 'The chosen application' } : undefined,
  );
  const [order, setOrder] = useState<string>(filter.order ?? 'newest');

  function apply() {
    onApply({
      status: nonDefaultStatusChoiceOf(status),
      team: team.trim().toLowerCase() || undefined,
      app: app?.id,
      order: order === 'oldest' ? 'oldest' : undefined,
    });
  }

  return (
    <FilterForm
      label="Filter application requests"
      className="sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1fr_1fr_auto]"
      hasFilter={isFiltered(filter)}
      onApply={apply}
      onClear={() => onApply({})}
    >
      <FormField label="Status">
        <select className={selectClassName} value={status} onChange={(event) => setStatus(event.target.value)}>
          <option value="pending">Pending</option>
          <option value="approved">Approved</option>
          <option value="rejected">Rejected</option>
          <option value="withdrawn">Withdrawn</option>
          <option value="all">All requests</option>
        </select>
      </FormField>
      <FormField label="Team">
        <Input
          placeholder="Friendly id, e.g. ops-crew"
          autoComplete="off"
          spellCheck={false}
          value={team}
          onChange={(event) => setTeam(event.target.value)}
        />
      </FormField>
      <FormField label="Application">
        <ApplicationPicker value={app} onChange={setApp} />
      </FormField>
      <FormField label="Order">
        <select className={selectClassName} value={order} onChange={(event) => setOrder(event.target.value)}>
          <option value="newest">Newest first</option>
          <option value="oldest">Oldest first</option>
        </select>
      </FormField>
    </FilterForm>
  );
}
