import { DownloadIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatCalendarDate } from '@/lib/format-date';
import { isWebAddress } from '@dxp/contracts/web-address';
import type { Invoice } from '../api/get-my-invoices';
import { formatMoney } from '../format-money';
import { isInvoiceOverdue, localToday } from '../invoice-overdue';
import { InvoiceStatusBadge } from './invoice-status-badge';

/** `today` (`YYYY-MM-DD`) decides which open invoices are overdue; the reader's own day unless a test fixes it. */
export function InvoicesTable({ invoices, today = localToday() }: { invoices: Invoice[]; today?: string }) {
  return (
    <Table>
      <TableCaption>Invoices</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead>Invoice</TableHead>
          <TableHead>Date</TableHead>
          <TableHead>Due</TableHead>
          <TableHead>Status</TableHead>
          <TableHead className="text-right">Amount</TableHead>
          <TableHead className="text-right">Paid</TableHead>
          <TableHead className="text-right">Balance</TableHead>
          <TableHead>
            <span className="sr-only">PDF</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {invoices.map((invoice) => (
          <TableRow key={invoice.id}>
            <TableCell className="font-medium whitespace-nowrap">{invoice.id}</TableCell>
            <TableCell className="whitespace-nowrap">{formatCalendarDate(invoice.invoiceDate)}</TableCell>
            <TableCell className="whitespace-nowrap text-muted-foreground">
              {invoice.dueDate ? formatCalendarDate(invoice.dueDate) : '—'}
            </TableCell>
            <TableCell>
              <div className="flex flex-wrap gap-1">
                <InvoiceStatusBadge status={invoice.status} />
                {isInvoiceOverdue(invoice, today) && <Badge color="error">Overdue</Badge>}
              </div>
            </TableCell>
            <TableCell className="text-right tabular-nums">
              {formatMoney(invoice.invoiceAmount, invoice.currency)}
            </TableCell>
            <TableCell className="text-right tabular-nums text-muted-foreground">
              {formatMoney(invoice.paidAmount, invoice.currency)}
            </TableCell>
            <TableCell className="text-right font-medium tabular-nums">
              {formatMoney(invoice.balance, invoice.currency)}
            </TableCell>
            <TableCell className="text-right">
              {isWebAddress(invoice.invoicePdfUrl) && (
                <a
                  href={invoice.invoicePdfUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex items-center gap-1 text-sm whitespace-nowrap text-primary-text hover:underline"
                >
                  <DownloadIcon aria-hidden className="size-4" />
                  PDF<span className="sr-only"> of invoice {invoice.id}</span>
                </a>
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
