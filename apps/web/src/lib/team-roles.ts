/** A member's role in a team, as the API names it; the route guard, the team screens and the dashboard share it. */
export type TeamRole = 'TeamOwner' | 'TeamAdmin' | 'TeamMember';

export const teamRoleLabels: Record<TeamRole, string> = {
  TeamOwner: 'Owner',
  TeamAdmin: 'Admin',
  TeamMember: 'Member',
};
