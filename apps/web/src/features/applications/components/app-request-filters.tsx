import { useState } from 'react';
import { FilterChoiceField, FilterForm, FilterOrderField, FilterTextField } from '@/components/ui/filter-form';
import { FormField } from '@/components/ui/form-field';
import { useLiveFilter, type FilterBarProps } from '@/lib/use-live-filter';
import { isFiltered, nonDefaultStatusChoiceOf, type AppRequestFilter } from '../app-request-filter';
import { ApplicationPicker, type PickedApplication } from './application-picker';

export interface AppRequestFiltersProps extends FilterBarProps<AppRequestFilter> {
  /** The name of the application the filter names (`filter.app`), when known. */
  chosenApplicationName: string | undefined;
}

const statusOptions = [
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'withdrawn', label: 'Withdrawn' },
  { value: 'all', label: 'All requests' },
];

const fieldsOf = (filter: AppRequestFilter) => ({
  status: filter.status ?? 'pending',
  team: filter.team ?? '',
  app: filter.app ?? '',
  order: filter.order ?? 'newest',
});

const filterOf = (fields: ReturnType<typeof fieldsOf>): AppRequestFilter => ({
  status: nonDefaultStatusChoiceOf(fields.status),
  team: fields.team.trim().toLowerCase() || undefined,
  app: fields.app || undefined,
  order: fields.order === 'oldest' ? 'oldest' : undefined,
});

/**
 * Status, team, application and order of the request list; the list follows as they change (the team once typing
 * pauses). Clear returns to pending requests, newest first.
 */
export function AppRequestFilters({ chosenApplicationName, ...filterBar }: AppRequestFiltersProps) {
  const { fields, choose, typedField, choiceField, formProps } = useLiveFilter({ ...filterBar, fieldsOf, filterOf });
  // The name of an application picked here, shown before the list's own lookup of it (`chosenApplicationName`).
  const [picked, setPicked] = useState<PickedApplication>();
  const app = fields.app
    ? {
        id: fields.app,
        name: (picked?.id === fields.app ? picked.name : chosenApplicationName) ?? 'The chosen application',
      }
    : undefined;

  return (
    <FilterForm
      label="Filter application requests"
      className="sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1fr_1fr_auto]"
      hasFilter={isFiltered(filterBar.filter)}
      {...formProps}
    >
      <FilterChoiceField label="Status" options={statusOptions} {...choiceField('status')} />
      <FilterTextField label="Team" placeholder="Friendly id, e.g. ops-crew" {...typedField('team')} />
      <FormField label="Application">
        <ApplicationPicker
          value={app}
          onChange={(application) => {
            setPicked(application);
            choose('app', application?.id ?? '');
          }}
        />
      </FormField>
      <FilterOrderField {...choiceField('order')} />
    </FilterForm>
  );
}
