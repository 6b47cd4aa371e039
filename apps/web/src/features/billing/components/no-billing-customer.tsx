import { ReceiptIcon } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';

/**
 * The Billing page without a billing customer record. An administrator's link sets only the account's
 * customer id; the record itself arrives with the billing system's customer webhook, so a linked account
 * may have none yet.
 */
export function NoBillingCustomer({ linkedCustomerId }: { linkedCustomerId: string | null }) {
  return linkedCustomerId ? (
    <EmptyState
      icon={ReceiptIcon}
      title="Billing account linked"
      text={`Your account is linked to the billing customer ${linkedCustomerId}. Its details and invoices appear here once the billing system sends them.`}
    />
  ) : (
    <EmptyState
      icon={ReceiptIcon}
      title="No billing account"
      text="Your account is not linked to a billing customer, so there are no invoices to show. A system administrator can link it."
    />
  );
}
