import { createFileRoute } from '@tanstack/react-router';
import { ReceiptIcon } from 'lucide-react';
import { ComingSoonPage } from '@/features/coming-soon/coming-soon-page';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/_default/account/billing')({
  head: () => ({ meta: [{ title: pageTitle('Billing') }] }),
  component: () => (
    <ComingSoonPage
      icon={ReceiptIcon}
      title="Billing"
      description="Your billing account and invoices."
      preview="Your billing contact, open balance and invoices, with links to pay and download them, will appear here."
    />
  ),
});
