import { CircleAlertIcon, CircleCheckIcon, CircleMinusIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';

export type WebhookLogState = 'PROCESSED' | 'IGNORED' | 'UNPROCESSED';

export function WebhookLogStateBadge({ state }: { state: WebhookLogState }) {
  if (state === 'PROCESSED') {
    return (
      <Badge color="success">
        <CircleCheckIcon aria-hidden />
        Processed
      </Badge>
    );
  }
  if (state === 'IGNORED') {
    return (
      <Badge color="neutral">
        <CircleMinusIcon aria-hidden />
        Ignored
      </Badge>
    );
  }
  return (
    <Badge color="error">
      <CircleAlertIcon aria-hidden />
      Unprocessed
    </Badge>
  );
}
