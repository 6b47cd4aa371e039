import { Badge } from '@/components/ui/badge';
import { teamRoleLabels, type TeamRole } from '@/lib/team-roles';

const roleColours = { TeamOwner: 'primary', TeamAdmin: 'info', TeamMember: 'neutral' } as const;

export function TeamRoleBadge({ role }: { role: TeamRole }) {
  return (
    <Badge color={roleColours[role]} variant="soft" size="sm">
      {teamRoleLabels[role]}
    </Badge>
  );
}
