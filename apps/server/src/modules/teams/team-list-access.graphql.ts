import { builder } from '../../graphql/builder.js';
import { anyTeamRole, teamManagers } from './team-access.js';

/**
 * Who may read a team's list, stated once: the `teamFriendlyId` argument's description tells it, the scope enforces it
 * (the teamRole scope also admits system administrators).
 */
const teamListReaders = {
  members: {
    roles: anyTeamRole,
    description: "The team's friendly id; its members and system administrators only.",
  },
  managers: {
    roles: teamManagers,
    description: "The team's friendly id; its owner and admins, and system administrators only.",
  },
} as const;

/** The `teamFriendlyId` argument of a team's list and the auth scope that admits its `readers`. */
export function teamListAccess(readers: keyof typeof teamListReaders) {
  const { roles, description } = teamListReaders[readers];
  return {
    args: builder.args((t) => ({ teamFriendlyId: t.string({ required: true, description }) })),
    authScopes: (_root: unknown, { teamFriendlyId }: { teamFriendlyId: string }) => ({
      teamRole: { teamFriendlyId, roles },
    }),
  };
}
