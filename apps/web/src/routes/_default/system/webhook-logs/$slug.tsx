import { createFileRoute } from '@tanstack/react-router';
import { WebhookIcon } from 'lucide-react';
import { ComingSoonPage } from '@/features/coming-soon/coming-soon-page';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/_default/system/webhook-logs/$slug')({
  head: () => ({ meta: [{ title: pageTitle('Webhook') }] }),
  component: () => (
    <ComingSoonPage
      icon={WebhookIcon}
      title="Webhook"
      description="One received webhook."
      preview="The webhook's payload, processing result and a replay button will appear here."
    />
  ),
});
