import { FilterIcon, XIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';

export interface InvoiceDateFilterProps {
  /** `YYYY-MM-DD`: invoices dated on or after this day are shown. */
  since?: string;
  onApply: (since: string | undefined) => void;
}

export function InvoiceDateFilter({ since, onApply }: InvoiceDateFilterProps) {
  const [day, setDay] = useState(since ?? '');

  function apply(event: FormEvent) {
    event.preventDefault();
    onApply(day || undefined);
  }

  return (
    <form role="search" aria-label="Filter invoices" onSubmit={apply} className="flex flex-wrap items-end gap-2">
      <FormField label="Invoices dated from" className="w-full sm:w-48">
        <Input type="date" value={day} onChange={(event) => setDay(event.target.value)} />
      </FormField>
      <Button type="submit" variant="soft">
        <FilterIcon aria-hidden />
        Apply
      </Button>
      {since && (
        <Button type="button" color="neutral" variant="ghost" onClick={() => onApply(undefined)}>
          <XIcon aria-hidden />
          Clear
        </Button>
      )}
    </form>
  );
}
