import { CircleAlertIcon, CircleCheckIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';

export function WebhookLogStateBadge({ processed }: { processed: boolean }) {
  return processed ? (
    <Badge color="success">
      <CircleCheckIcon aria-hidden />
      Processed
    </Badge>
  ) : (
    <Badge color="error">
      <CircleAlertIcon aria-hidden />
      Unprocessed
    </Badge>
  );
}
