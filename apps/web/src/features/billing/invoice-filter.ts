import { searchDay } from '@/lib/cursor-paging';

/** The billing page's invoice filter, as it sits in the URL: invoices dated on or after `since` (`YYYY-MM-DD`). */
export type InvoiceFilter = { since?: string };

export function invoiceFilterOf(search: Record<string, unknown>): InvoiceFilter {
  return { since: searchDay(search.since) };
}
