import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BillingCustomer } from '../api/get-my-billing';
import { BillingCustomerCard } from './billing-customer-card';

const customer: BillingCustomer = {
  id: 'C-00042',
  name: 'Acme Ltd',
  status: 'active',
  billingCycleDay: 15,
  billingContactEmail: 'billing@acme.example',
  payNowUrl: 'https://billing.example/pay/acme',
  openInvoicesUrl: 'https://billing.example/open/acme',
  currency: 'EUR',
};

describe('BillingCustomerCard', () => {
  it('shows the customer, its status, the billing contact as a mail link, the cycle, the currency and the payment links', () => {
    render(<BillingCustomerCard customer={customer} />);
    expect(screen.getByText('Acme Ltd')).toBeInTheDocument();
    expect(screen.getByText('active')).toBeInTheDocument();
    expect(screen.getByText('Customer C-00042')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'billing@acme.example' })).toHaveAttribute(
      'href',
      'mailto:billing@acme.example',
    );
    expect(screen.getByText('Day 15 of each month')).toBeInTheDocument();
    expect(screen.getByText('Euro (EUR)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Pay now/ })).toHaveAttribute('href', 'https://billing.example/pay/acme');
    expect(screen.getByRole('link', { name: /Open invoices/ })).toHaveAttribute(
      'href',
      'https://billing.example/open/acme',
    );
  });

  it('says what is missing, and offers no link that is not a web address', () => {
    render(
      <BillingCustomerCard
        customer={{
          ...customer,
          status: 'suspended',
          billingContactEmail: null,
          billingCycleDay: null,
          payNowUrl: 'javascript:alert(1)',
          openInvoicesUrl: null,
        }}
      />,
    );
    expect(screen.getByText('suspended')).toBeInTheDocument();
    expect(screen.getByText('None on file')).toBeInTheDocument();
    expect(screen.getByText('Not set')).toBeInTheDocument();
    expect(screen.queryByRole('link')).toBeNull();
  });
});
