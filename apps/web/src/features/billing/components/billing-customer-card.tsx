import { CreditCardIcon, ExternalLinkIcon, FileTextIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { ExternalButtonLink } from '@/components/ui/external-button-link';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import type { BillingCustomer } from '../api/get-my-billing';
import { currencyName } from '../format-money';

/** The billing account the user's invoices belong to, with the billing system's payment links. */
export function BillingCustomerCard({ customer }: { customer: BillingCustomer }) {
  const isActive = customer.status.toLowerCase() === 'active';
  return (
    <Card>
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1.5">
          <CardTitle className="flex flex-wrap items-center gap-2">
            {customer.name}
            <Badge color={isActive ? 'success' : 'warning'} className="capitalize">
              {customer.status}
            </Badge>
          </CardTitle>
          <p className="text-sm text-muted-foreground">Customer {customer.id}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <ExternalButtonLink href={customer.payNowUrl} icon={CreditCardIcon}>
            Pay now
          </ExternalButtonLink>
          <ExternalButtonLink href={customer.openInvoicesUrl} icon={FileTextIcon} color="neutral" variant="outline">
            Open invoices
            <ExternalLinkIcon aria-hidden />
          </ExternalButtonLink>
        </div>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-4 text-sm sm:grid-cols-3">
          <div className="grid gap-1">
            <dt className="text-xs font-medium text-muted-foreground">Billing contact</dt>
            <dd className="break-all">
              {customer.billingContactEmail ? (
                <a href={`mailto:${customer.billingContactEmail}`} className="text-primary-text hover:underline">
                  {customer.billingContactEmail}
                </a>
              ) : (
                'None on file'
              )}
            </dd>
          </div>
          <div className="grid gap-1">
            <dt className="text-xs font-medium text-muted-foreground">Billing cycle</dt>
            <dd>{customer.billingCycleDay ? `Day ${customer.billingCycleDay} of each month` : 'Not set'}</dd>
          </div>
          <div className="grid gap-1">
            <dt className="text-xs font-medium text-muted-foreground">Currency</dt>
            <dd>{currencyName(customer.currency)}</dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}
