import type { Invoice } from './api/get-my-invoices';

// The billing system's words for invoices nothing more is owed on, or not yet owed.
const settledStatuses = new Set(['paid', 'void', 'draft', 'cancelled', 'canceled', 'refunded']);

/** Today as a calendar date (`YYYY-MM-DD`) in the reader's time zone, the way due dates are written. */
export function localToday(now: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** An invoice still owing after its due day has passed; the due day itself is not late yet. */
export function isInvoiceOverdue(
  invoice: Pick<Invoice, 'status' | 'dueDate' | 'balance'>,
  today: string = localToday(),
): boolean {
  if (!invoice.dueDate || invoice.balance <= 0) return false;
  if (settledStatuses.has(invoice.status.toLowerCase())) return false;
  return invoice.dueDate.slice(0, 10) < today;
}
