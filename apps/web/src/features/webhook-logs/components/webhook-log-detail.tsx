import { readFragment } from 'gql.tada';
import { RelativeTime } from '@/components/relative-time';
import { RotateCwIcon, TriangleAlertIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Callout } from '@/components/ui/callout';
import { DescriptionList } from '@/components/ui/description-list';
import { JsonView } from '@/components/ui/json-view';
import { toast } from '@/components/ui/toast-store';
import { parseError } from '@/lib/graphql-client';
import { type WebhookLogDetail as WebhookLog, webhookLogFieldsFragment } from '../api/get-webhook-log';
import { useReplayWebhookLog } from '../api/replay-webhook-log';
import { WebhookLogStateBadge } from './webhook-log-state-badge';

/** One delivery: its state, the error of the last attempt, the payload, and Replay while unprocessed. */
export function WebhookLogDetail({ webhookLog }: { webhookLog: WebhookLog }) {
  const replay = useReplayWebhookLog();

  async function replayDelivery() {
    try {
      const { replayWebhookLog } = await replay.mutateAsync(webhookLog.id);
      const result = readFragment(webhookLogFieldsFragment, replayWebhookLog);
      toast(
        result.processed
          ? { title: 'Replayed', description: 'The delivery was processed this time.', color: 'success' }
          : { title: 'Replay failed again', description: result.error ?? undefined, color: 'error' },
      );
    } catch (error) {
      const { title, message } = parseError(error);
      toast({ title, description: message, color: 'error' });
    }
  }

  return (
    <div className="grid gap-6">
      {!webhookLog.processed && (
        <Callout color="error" icon={TriangleAlertIcon}>
          <p className="font-medium">This delivery was not applied.</p>
          {webhookLog.error && <p className="break-words">{webhookLog.error}</p>}
          <div className="mt-2">
            <Button size="sm" loading={replay.isPending} onClick={() => void replayDelivery()}>
              <RotateCwIcon aria-hidden />
              Replay
            </Button>
          </div>
        </Callout>
      )}
      <DescriptionList
        items={[
          { term: 'State', details: <WebhookLogStateBadge state={webhookLog.state} /> },
          { term: 'Received', details: <RelativeTime dateTime={webhookLog.createdAt} /> },
          {
            term: 'Processed',
            details: webhookLog.processedAt ? <RelativeTime dateTime={webhookLog.processedAt} /> : 'Not yet',
          },
          { term: 'Webhook id', details: <span className="font-mono text-xs break-all">{webhookLog.externalId}</span> },
          ...(webhookLog.note ? [{ term: 'Note', details: webhookLog.note }] : []),
        ]}
      />
      <JsonView label="Payload" value={webhookLog.payload} />
    </div>
  );
}
