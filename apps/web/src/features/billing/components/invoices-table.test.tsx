import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Invoice } from '../api/get-my-invoices';
import { InvoicesTable } from './invoices-table';

const invoice: Invoice = {
  id: 'INV-1',
  status: 'open',
  invoiceDate: '2026-11-01',
  dueDate: '2026-12-01',
  invoiceAmount: 1190,
  paidAmount: 190.5,
  balance: 999.5,
  invoicePdfUrl: 'https://billing.example/INV-1.pdf',
  currency: 'EUR',
};

describe('InvoicesTable', () => {
  it("shows each invoice's amounts as money in the invoice's currency", () => {
    render(
      <InvoicesTable
        invoices={[
          invoice,
          { ...invoice, id: 'INV-2', currency: 'USD', invoiceAmount: 1500, paidAmount: 0, balance: 1500 },
        ]}
      />,
    );
    const euroRow = within(screen.getByRole('row', { name: /INV-1/ }));
    expect(euroRow.getByText('€1,190.00')).toBeInTheDocument();
    expect(euroRow.getByText('€190.50')).toBeInTheDocument();
    expect(euroRow.getByText('€999.50')).toBeInTheDocument();
    const dollarRow = within(screen.getByRole('row', { name: /INV-2/ }));
    expect(dollarRow.getAllByText('$1,500.00')).toHaveLength(2);
    expect(dollarRow.getByText('$0.00')).toBeInTheDocument();
  });

  it('marks an open invoice past its due date as overdue, and no other', () => {
    render(
      <InvoicesTable
        today="2026-12-05"
        invoices={[
          invoice,
          { ...invoice, id: 'INV-2', dueDate: '2026-12-10' },
          { ...invoice, id: 'INV-3', status: 'paid', balance: 0 },
        ]}
      />,
    );
    expect(within(screen.getByRole('row', { name: /INV-1/ })).getByText('Overdue')).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /INV-2/ })).queryByText('Overdue')).toBeNull();
    expect(within(screen.getByRole('row', { name: /INV-3/ })).queryByText('Overdue')).toBeNull();
  });
});
