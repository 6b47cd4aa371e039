import { useState } from 'react';
import { FilterForm } from '@/components/ui/filter-form';
import { FormField } from '@/components/ui/form-field';
import { Input, inputClassName } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { isFiltered, type AppRequestFilter } from '../app-request-filter';

export interface AppRequestFiltersProps {
  filter: AppRequestFilter;
  /** The applications to choose from (the first page of the catalogue, by name). */
  applications: ReadonlyArray<{ id: string; name: string }>;
  onApply: (filter: AppRequestFilter) => void;
}

const selectClassName = cn(inputClassName, 'h-9 py-1');

/** Status, team, application and order of the request list; applied on submit, Clear returns to pending. */
export function AppRequestFilters({ filter, applications, onApply }: AppRequestFiltersProps) {
  const [status, setStatus] = useState<string>(filter.status ?? 'pending');
  const [team, setTeam] = useState(filter.team ?? '');
  const [app, setApp] = useState(filter.app ?? '');
  const [order, setOrder] = useState<string>(filter.order ?? 'newest');
  const isChosenAppListed = !filter.app || applications.some((application) => application.id === filter.app);

  function apply() {
    onApply({
      status: status === 'approved' || status === 'rejected' || status === 'all' ? status : undefined,
      team: team.trim().toLowerCase() || undefined,
      app: app || undefined,
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
        <select className={selectClassName} value={app} onChange={(event) => setApp(event.target.value)}>
          <option value="">All applications</option>
          {!isChosenAppListed && <option value={filter.app}>The chosen application</option>}
          {applications.map((application) => (
            <option key={application.id} value={application.id}>
              {application.name}
            </option>
          ))}
        </select>
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
