import { Badge } from '@/components/ui/badge';
import type { TeamRole } from '@/features/auth/route-access';
import { teamRoleLabels } from '../team-roles';

const roleColours = { TeamOwner: 'primary', TeamAdmin: 'info', TeamMember: 'neutral' } as const;

export function TeamRoleBadge({ role }: { role: TeamRole }) {
  return (
    <Badge color={roleColours[role]} variant="soft" size="sm">
      {teamRoleLabels[role]}
    </Badge>
  );
}
