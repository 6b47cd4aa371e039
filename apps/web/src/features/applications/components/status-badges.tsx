import { CheckCircle2Icon, CircleSlashIcon, ClockIcon, Undo2Icon, XCircleIcon } from 'lucide-react';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import type { AppRequestStatus } from '../api/get-app-request';
import type { TeamApplicationStatus } from '../api/get-team-applications';

type BadgeSize = BadgeProps['size'];

/** Whether a team's members can launch an application granted to it. */
export function TeamApplicationStatusBadge({
  status,
  size = 'sm',
}: {
  status: TeamApplicationStatus;
  size?: BadgeSize;
}) {
  return status === 'ENABLED' ? (
    <Badge color="success" variant="soft" size={size}>
      <CheckCircle2Icon aria-hidden />
      Enabled
    </Badge>
  ) : (
    <Badge color="neutral" variant="soft" size={size}>
      <CircleSlashIcon aria-hidden />
      Disabled
    </Badge>
  );
}

export function PendingRequestBadge({ size = 'sm' }: { size?: BadgeSize }) {
  return (
    <Badge color="warning" variant="soft" size={size}>
      <ClockIcon aria-hidden />
      Request pending
    </Badge>
  );
}

const requestStatusLooks = {
  PENDING: { label: 'Pending', color: 'warning', icon: ClockIcon },
  APPROVED: { label: 'Approved', color: 'success', icon: CheckCircle2Icon },
  REJECTED: { label: 'Rejected', color: 'error', icon: XCircleIcon },
  WITHDRAWN: { label: 'Withdrawn', color: 'neutral', icon: Undo2Icon },
} as const;

export function AppRequestStatusBadge({ status, size = 'md' }: { status: AppRequestStatus; size?: BadgeSize }) {
  const { label, color, icon: Icon } = requestStatusLooks[status];
  return (
    <Badge color={color} variant="soft" size={size}>
      <Icon aria-hidden />
      {label}
    </Badge>
  );
}
