/**
 * A team as a control or a choice names it, "Platform (platform-2)": two teams may share a name, never an
 * address (docs/decisions/0134-invites-people-can-tell-apart.md).
 */
export function teamLabel(team: { name: string; friendlyId: string }): string {
  return `${team.name} (${team.friendlyId})`;
}
