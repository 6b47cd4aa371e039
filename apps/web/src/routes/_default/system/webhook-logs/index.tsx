import { createFileRoute } from '@tanstack/react-router';
import { WebhookIcon } from 'lucide-react';
import { ComingSoonPage } from '@/features/coming-soon/coming-soon-page';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/_default/system/webhook-logs/')({
  head: () => ({ meta: [{ title: pageTitle('Webhook logs') }] }),
  component: () => (
    <ComingSoonPage
      icon={WebhookIcon}
      title="Webhook logs"
      description="Billing events received from outside."
      preview="Every billing webhook received, processed or not, will appear here."
    />
  ),
});
