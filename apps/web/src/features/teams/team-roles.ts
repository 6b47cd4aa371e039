import type { TeamRole } from '@/lib/team-roles';

/** What a visitor of a team's screens may do (docs/design.md §5); system admins may do everything. */
export interface TeamPermissions {
  canManage: boolean;
  canTransferAndDelete: boolean;
  /** Only system administrators switch a team off and on. */
  canDisable: boolean;
}

export function teamPermissionsOf(role: TeamRole | null, isSystemAdministration: boolean): TeamPermissions {
  return {
    canManage: isSystemAdministration || role === 'TeamOwner' || role === 'TeamAdmin',
    canTransferAndDelete: isSystemAdministration || role === 'TeamOwner',
    canDisable: isSystemAdministration,
  };
}
