import { FilterDateField, FilterForm } from '@/components/ui/filter-form';
import { useLiveFilter, type FilterBarProps } from '@/lib/use-live-filter';
import { invertedDayRangeMessage, isInvertedDayRange } from '@/lib/day-range';
import type { InvoiceFilter } from '../invoice-filter';

type InvoiceFilterFields = { since: string; until: string };

function fieldsOf(filter: InvoiceFilter): InvoiceFilterFields {
  return { since: filter.since ?? '', until: filter.until ?? '' };
}

function filterOf(fields: InvoiceFilterFields): InvoiceFilter {
  return { ...(fields.since && { since: fields.since }), ...(fields.until && { until: fields.until }) };
}

export type InvoiceDateFilterProps = FilterBarProps<InvoiceFilter>;

const canApply = (filter: InvoiceFilter) => !isInvertedDayRange(filter.since, filter.until);

/**
 * The days invoices are dated between, both included. The list follows as a day changes (lib/use-live-filter.ts);
 * a start after the end matches nothing, so it is not asked for: the field says why instead.
 */
export function InvoiceDateFilter(filterBar: InvoiceDateFilterProps) {
  const { filter } = filterBar;
  const { fields, choose, formProps } = useLiveFilter({ ...filterBar, fieldsOf, filterOf, canApply });
  const isInverted = isInvertedDayRange(fields.since, fields.until);

  return (
    <FilterForm
      label="Filter invoices"
      className="grid-cols-2 sm:grid-cols-[12rem_12rem] lg:grid-cols-[12rem_12rem_auto]"
      hasFilter={Boolean(filter.since || filter.until || fields.since || fields.until)}
      {...formProps}
    >
      <FilterDateField
        label="Dated from"
        max={fields.until}
        value={fields.since}
        onChange={(value) => choose('since', value)}
      />
      <FilterDateField
        label="Dated to"
        min={fields.since}
        value={fields.until}
        error={isInverted ? invertedDayRangeMessage : undefined}
        onChange={(value) => choose('until', value)}
      />
    </FilterForm>
  );
}
