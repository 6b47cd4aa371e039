import { Badge } from '@/components/ui/badge';
import type { ToneColour } from '@/components/ui/tone';

// The billing system's own words; anything not listed shows in a neutral badge.
const coloursByStatus: Record<string, ToneColour> = {
  paid: 'success',
  open: 'info',
  posted: 'info',
  due: 'warning',
  partial: 'warning',
  'partially paid': 'warning',
  overdue: 'error',
  unpaid: 'error',
  void: 'neutral',
  draft: 'neutral',
};

export function InvoiceStatusBadge({ status }: { status: string }) {
  return (
    <Badge color={coloursByStatus[status.toLowerCase()] ?? 'neutral'} className="capitalize">
      {status}
    </Badge>
  );
}
