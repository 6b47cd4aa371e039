import { useNavigate, useRouterState } from '@tanstack/react-router';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { listSearchOf } from '@/lib/list-route';
import { renderWithApi } from '@/test/render-with-api';
import { invoiceFilterOf } from '../invoice-filter';
import { BillingScreen } from './billing-screen';

const customer = {
  id: 'C-1',
  name: 'Analytical Engines Ltd',
  status: 'active',
  billingCycleDay: 1,
  billingContactEmail: 'billing@engines.example',
  payNowUrl: null,
  openInvoicesUrl: null,
  currency: 'EUR',
};
const invoice = {
  id: 'INV-1',
  status: 'paid',
  invoiceDate: '2026-10-01',
  dueDate: null,
  invoiceAmount: 100,
  paidAmount: 100,
  balance: 0,
  invoicePdfUrl: null,
  currency: 'EUR',
};
const pageInfo = { hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null };

/** The billing route's part: the screen reads its search from the URL and writes the filter back into it. */
function BillingAtUrl() {
  const search = useRouterState({ select: (state) => state.location.search as Record<string, unknown> });
  const navigate = useNavigate();
  return (
    <BillingScreen
      search={listSearchOf(search, invoiceFilterOf)}
      onSearchChange={(next, options) => void navigate({ to: '.', search: next, ...options })}
    />
  );
}

async function renderBilling() {
  const rendered = await renderWithApi(<BillingAtUrl />, {
    resolveGraphQL: ({ operationName }) =>
      operationName === 'GetMyBilling'
        ? { body: { data: { myBilling: customer, me: { id: 'u-1', ordwayCustomerId: 'C-1' } } } }
        : { body: { data: { myInvoices: { nodes: [invoice], pageInfo } } } },
  });
  await screen.findByRole('row', { name: /INV-1/ });
  const invoiceQueries = () =>
    rendered
      .graphqlCalls()
      .filter((call) => call.operationName === 'GetMyInvoices')
      .map((call) => call.variables);
  return { ...rendered, invoiceQueries };
}

describe('BillingScreen', () => {
  it('applies the invoice dates as they change, with no Apply button, and keeps them in the URL', async () => {
    const { router, invoiceQueries } = await renderBilling();
    expect(screen.queryByRole('button', { name: 'Apply' })).toBeNull();

    fireEvent.change(screen.getByLabelText('Dated from'), { target: { value: '2026-09-01' } });
    await waitFor(() => expect(router.state.location.search).toEqual({ since: '2026-09-01' }));
    fireEvent.change(screen.getByLabelText('Dated to'), { target: { value: '2026-10-31' } });
    await waitFor(() => expect(router.state.location.search).toEqual({ since: '2026-09-01', until: '2026-10-31' }));
    await waitFor(() =>
      expect(invoiceQueries()).toContainEqual({ date: '2026-09-01', until: '2026-10-31', first: 20 }),
    );

    // The back button: the form follows the URL.
    act(() => router.history.back());
    await waitFor(() => expect(screen.getByLabelText('Dated to')).toHaveValue(''));
    expect(screen.getByLabelText('Dated from')).toHaveValue('2026-09-01');
  });

  it('says why a start after the end shows nothing, and asks for nothing until it is fixed', async () => {
    const { router, invoiceQueries } = await renderBilling();
    fireEvent.change(screen.getByLabelText('Dated to'), { target: { value: '2026-09-30' } });
    await waitFor(() => expect(router.state.location.search).toEqual({ until: '2026-09-30' }));
    const queriesBefore = invoiceQueries().length;

    fireEvent.change(screen.getByLabelText('Dated from'), { target: { value: '2026-10-15' } });
    const to = screen.getByLabelText('Dated to');
    expect(to).toHaveAccessibleDescription('The end date is before the start date.');
    expect(to).toBeInvalid();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(router.state.location.search).toEqual({ until: '2026-09-30' });
    expect(invoiceQueries()).toHaveLength(queriesBefore);

    fireEvent.change(to, { target: { value: '2026-10-31' } });
    await waitFor(() => expect(router.state.location.search).toEqual({ since: '2026-10-15', until: '2026-10-31' }));
    expect(screen.queryByText('The end date is before the start date.')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    expect(screen.getByLabelText('Dated from')).toHaveValue('');
  });
});
