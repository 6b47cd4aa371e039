import { builder } from '../../graphql/builder.js';
import { connectionTypeNames, pageRequestOf } from '../../graphql/connections.js';
import { requireActor } from '../../graphql/context.js';
import { filterInputType, sortInputType } from '../../graphql/filtering.js';
import { anyTeamRole, teamManagers, teamOwner } from './team-access.js';
import { teamAccessLoader } from './team-loaders.js';
import {
  listTeamMembers,
  removeTeamMember,
  teamMemberFilterFields,
  type TeamMemberNode,
  teamMemberSortFields,
  transferTeamOwnership,
  updateMemberRole,
} from './team-members.service.js';
import { TeamRoleEnum, TeamType } from './teams.graphql.js';

const TeamMemberType = builder.objectRef<TeamMemberNode>('TeamMember').implement({
  fields: (t) => ({
    userId: t.exposeID('userId'),
    firstName: t.exposeString('firstName'),
    lastName: t.exposeString('lastName'),
    email: t.exposeString('email'),
    role: t.expose('role', { type: TeamRoleEnum }),
  }),
});

const TeamMemberFilterInput = filterInputType('TeamMember', teamMemberFilterFields);
const TeamMemberSortInput = sortInputType('TeamMember', teamMemberSortFields);
const teamMembersNames = connectionTypeNames('teamMembers');

builder.queryField('teamMembers', (t) =>
  t.connection(
    {
      type: TeamMemberType,
      description: "A team's members, by email unless ordered otherwise.",
      args: {
        teamFriendlyId: t.arg.string({ required: true }),
        where: t.arg({ type: TeamMemberFilterInput }),
        order: t.arg({ type: [TeamMemberSortInput] }),
      },
      authScopes: (_root, { teamFriendlyId }) => ({ teamRole: { teamFriendlyId, roles: anyTeamRole } }),
      resolve: async (_root, { teamFriendlyId, where, order, ...page }, context, info) =>
        listTeamMembers(context.db, {
          actor: await requireActor(context),
          teamFriendlyId,
          where,
          order,
          page: pageRequestOf(page, info),
        }),
    },
    teamMembersNames.connection,
    teamMembersNames.edge,
  ),
);

const UpdateMemberRoleInput = builder.inputType('UpdateMemberRoleInput', {
  fields: (t) => ({
    teamFriendlyId: t.string({ required: true }),
    userId: t.id({ required: true }),
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
    args: { teamFriendlyId: t.arg.string({ required: true }), memberId: t.arg.id({ required: true }) },
    authScopes: (_root, { teamFriendlyId }) => ({ teamRole: { teamFriendlyId, roles: anyTeamRole } }),
    resolve: async (_root, { teamFriendlyId, memberId }, context) => {
      await removeTeamMember(context.db, { actor: await requireActor(context), teamFriendlyId, memberId });
      return true;
    },
  }),
  updateMemberRole: t.field({
    type: TeamMemberType,
    args: { memberInput: t.arg({ type: UpdateMemberRoleInput, required: true }) },
    authScopes: (_root, { memberInput }) => ({
      teamRole: { teamFriendlyId: memberInput.teamFriendlyId, roles: teamManagers },
    }),
    resolve: async (_root, { memberInput }, context) =>
      updateMemberRole(context.db, { actor: await requireActor(context), input: memberInput }),
  }),
  transferTeamOwnership: t.field({
    type: TeamType,
    description: 'Makes another member the owner; the previous owner becomes TeamAdmin.',
    args: { teamFriendlyId: t.arg.string({ required: true }), targetUserId: t.arg.id({ required: true }) },
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
