import { builder } from '../../graphql/builder.js';
import { connectionTypeNames, pageRequestOf } from '../../graphql/connections.js';
import { requireActor } from '../../graphql/context.js';
import { serviceWithInput } from '../../graphql/service-resolvers.js';
import { listArgumentsOf } from '../../graphql/filtering.js';
import { anyTeamRole, teamManagers, teamOwner } from './team-access.js';
import { teamListAccess } from './team-list-access.graphql.js';
import { teamAccessLoader } from './team-loaders.js';
import {
  listTeamMembers,
  removeTeamMember,
  teamMemberList,
  type TeamMemberNode,
  transferTeamOwnership,
  updateMemberRole,
} from './team-members.service.js';
import { TeamRoleEnum, TeamType } from './teams.graphql.js';

const TeamMemberType = builder.objectRef<TeamMemberNode>('TeamMember').implement({
  description: 'A person in a team, with their role.',
  fields: (t) => ({
    userId: t.exposeID('userId', { description: "The member's user id." }),
    firstName: t.exposeString('firstName', { description: "The member's first name." }),
    lastName: t.exposeString('lastName', { description: "The member's last name." }),
    email: t.exposeString('email', { description: "The member's email." }),
    role: t.expose('role', { type: TeamRoleEnum, description: "The member's role in the team." }),
  }),
});

const teamMemberListArguments = listArgumentsOf('TeamMember', teamMemberList);

const teamMembersAccess = teamListAccess('members');

builder.queryField('teamMembers', (t) =>
  t.connection(
    {
      type: TeamMemberType,
      description: "A team's members, by email unless ordered otherwise.",
      args: {
        ...teamMembersAccess.args,
        ...teamMemberListArguments('Which members to list.'),
      },
      authScopes: teamMembersAccess.authScopes,
      resolve: async (_root, { teamFriendlyId, where, order, ...page }, context, info) =>
        listTeamMembers(context.db, {
          actor: await requireActor(context),
          teamFriendlyId,
          where,
          order,
          page: pageRequestOf(page, info),
        }),
    },
    ...connectionTypeNames('teamMembers'),
  ),
);

const UpdateMemberRoleInput = builder.inputType('UpdateMemberRoleInput', {
  description: "A member's new role.",
  fields: (t) => ({
    teamFriendlyId: t.string({ required: true, description: "The team's friendly id." }),
    userId: t.id({ required: true, description: "The member's user id." }),
    role: t.field({
      type: TeamRoleEnum,
      required: true,
      description: 'TeamAdmin or TeamMember; ownership is transferred.',
    }),
  }),
});

builder.mutationFields((t) => ({
  removeTeamMember: t.boolean({
    description: 'Removes a member (team admins and owners), or leaves the team when `memberId` is the caller.',
    args: {
      teamFriendlyId: t.arg.string({ required: true, description: "The team's friendly id." }),
      memberId: t.arg.id({
        required: true,
        description: "The member's user id; the owner cannot be removed or leave.",
      }),
    },
    authScopes: (_root, { teamFriendlyId }) => ({ teamRole: { teamFriendlyId, roles: anyTeamRole } }),
    resolve: async (_root, { teamFriendlyId, memberId }, context) => {
      await removeTeamMember(context.db, { actor: await requireActor(context), teamFriendlyId, memberId });
      return true;
    },
  }),
  updateMemberRole: t.field({
    type: TeamMemberType,
    description:
      "Switches a member between TeamMember and TeamAdmin (the team's owner and admins, and system administrators).",
    args: {
      memberInput: t.arg({ type: UpdateMemberRoleInput, required: true, description: 'The member and the role.' }),
    },
    authScopes: (_root, { memberInput }) => ({
      teamRole: { teamFriendlyId: memberInput.teamFriendlyId, roles: teamManagers },
    }),
    resolve: serviceWithInput(updateMemberRole, 'memberInput'),
  }),
  transferTeamOwnership: t.field({
    type: TeamType,
    description:
      "Makes another member the owner (the team's owner and system administrators); the previous owner becomes TeamAdmin.",
    args: {
      teamFriendlyId: t.arg.string({ required: true, description: "The team's friendly id." }),
      targetUserId: t.arg.id({ required: true, description: "The new owner's user id; a member of the team." }),
    },
    authScopes: (_root, { teamFriendlyId }) => ({ teamRole: { teamFriendlyId, roles: teamOwner } }),
    resolve: async (_root, { teamFriendlyId, targetUserId }, context) => {
      const actor = await requireActor(context);
      const team = await transferTeamOwnership(context.db, { actor, teamFriendlyId, targetUserId });
      // The caller's role was read before the transfer; `roleName` must show the new one.
      context.loaders.get(teamAccessLoader).clear({ userId: actor.user.id, teamFriendlyId });
      return team;
    },
  }),
}));
