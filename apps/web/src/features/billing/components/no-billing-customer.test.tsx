import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NoBillingCustomer } from './no-billing-customer';

describe('NoBillingCustomer', () => {
  it('an account an administrator linked says so while the billing system has not sent the customer yet', () => {
    render(<NoBillingCustomer linkedCustomerId="C-1001" />);
    expect(screen.getByText(/linked to the billing customer C-1001/)).toBeInTheDocument();
    expect(screen.queryByText(/not linked/)).toBeNull();
  });

  it('an account nobody linked says a system administrator can link it', () => {
    render(<NoBillingCustomer linkedCustomerId={null} />);
    expect(screen.getByText(/not linked to a billing customer/)).toBeInTheDocument();
  });
});
