import { searchDay } from '@/lib/cursor-paging';

/**
 * The billing page's invoice filter, as it sits in the URL: invoices dated from `since` to `until`, both days
 * included (`YYYY-MM-DD`), either open.
 */
export type InvoiceFilter = { since?: string; until?: string };

export function invoiceFilterOf(search: Record<string, unknown>): InvoiceFilter {
  return { since: searchDay(search.since), until: searchDay(search.until) };
}
