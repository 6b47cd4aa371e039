import { describe, expect, it } from 'vitest';
import { isInvoiceOverdue, localToday } from './invoice-overdue';

const open = { status: 'open', dueDate: '2026-11-20', balance: 100 };

describe('isInvoiceOverdue', () => {
  it('marks an open invoice still owing after its due day', () => {
    expect(isInvoiceOverdue(open, '2026-11-21')).toBe(true);
  });

  it.each([
    ['on its due day', open, '2026-11-20'],
    ['before its due day', open, '2026-11-01'],
    ['paid in full', { ...open, balance: 0 }, '2026-12-01'],
    ['paid, by status', { ...open, status: 'Paid' }, '2026-12-01'],
    ['void', { ...open, status: 'void' }, '2026-12-01'],
    ['without a due date', { ...open, dueDate: null }, '2026-12-01'],
  ])('leaves an invoice alone %s', (_case, invoice, today) => {
    expect(isInvoiceOverdue(invoice, today)).toBe(false);
  });

  it("reads today in the reader's time zone", () => {
    expect(localToday(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05');
  });
});
