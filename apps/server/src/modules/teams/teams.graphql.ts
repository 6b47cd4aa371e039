import { type TeamRow, teamRoles } from '../../db/schema/teams.js';
import { builder } from '../../graphql/builder.js';
import { connectionTypeNames, pageRequestOf } from '../../graphql/connections.js';
import { requireActor } from '../../graphql/context.js';
import { filterInputType, sortInputType } from '../../graphql/filtering.js';
import { anyTeamRole, findTeamForActor, teamManagers, teamOwner } from './team-access.js';
import { teamAccessLoader } from './team-loaders.js';
import {
  createTeam,
  deleteTeam,
  listAllTeams,
  teamFilterFields,
  teamSortFields,
  type UserTeam,
  updateTeam,
  updateTeamMeta,
} from './teams.service.js';

export const TeamRoleEnum = builder.enumType('TeamRole', { values: teamRoles });

export const TeamType = builder.objectRef<TeamRow>('Team').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    friendlyId: t.exposeString('friendlyId'),
    enabled: t.exposeBoolean('enabled'),
    meta: t.expose('meta', { type: 'JSON' }),
    logoUrl: t.exposeString('logoUrl', { nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    roleName: t.field({
      type: TeamRoleEnum,
      nullable: true,
      description: "The caller's role in this team; null when not a member (a system admin looking in).",
      resolve: async (team, _args, context) => {
        const actor = await requireActor(context);
        const access = await context.loaders
          .get(teamAccessLoader)
          .load({ userId: actor.user.id, teamFriendlyId: team.friendlyId });
        return access?.team.id === team.id ? access.role : null;
      },
    }),
  }),
});

export const UserTeamType = builder.objectRef<UserTeam>('UserTeam').implement({
  description: 'A team as listed for one of its members, with that member’s role.',
  fields: (t) => ({
    id: t.exposeID('id'),
    friendlyId: t.exposeString('friendlyId'),
    name: t.exposeString('name'),
    logoUrl: t.exposeString('logoUrl', { nullable: true }),
    enabled: t.exposeBoolean('enabled'),
    roleName: t.expose('roleName', { type: TeamRoleEnum }),
  }),
});

const TeamFilterInput = filterInputType('Team', teamFilterFields);
const TeamSortInput = sortInputType('Team', teamSortFields);
const allTeamsNames = connectionTypeNames('allTeams');

builder.queryFields((t) => ({
  teamByFriendlyId: t.field({
    type: TeamType,
    args: { friendlyId: t.arg.string({ required: true }) },
    authScopes: (_root, { friendlyId }) => ({ teamRole: { teamFriendlyId: friendlyId, roles: anyTeamRole } }),
    resolve: async (_root, { friendlyId }, context) =>
      (await findTeamForActor(context.db, { actor: await requireActor(context), friendlyId, roles: anyTeamRole })).team,
  }),
  allTeams: t.connection(
    {
      type: TeamType,
      description: 'Every team, by name, for system admins; `search` matches the name or the friendly id.',
      authScopes: { systemAdmin: true },
      args: {
        search: t.arg.string(),
        where: t.arg({ type: TeamFilterInput }),
        order: t.arg({ type: [TeamSortInput] }),
      },
      resolve: (_root, { search, where, order, ...page }, context, info) =>
        listAllTeams(context.db, { search, where, order, page: pageRequestOf(page, info) }),
    },
    allTeamsNames.connection,
    allTeamsNames.edge,
  ),
}));

const AddTeamInput = builder.inputType('AddTeamInput', {
  fields: (t) => ({
    name: t.string({ required: true }),
    friendlyId: t.string({ required: true, description: 'Lowercase letters, digits and hyphens; 3 to 48 characters.' }),
    logoUrl: t.string(),
    ownerEmail: t.string({ description: 'System admins only: the account that becomes the owner.' }),
  }),
});

const UpdateTeamInput = builder.inputType('UpdateTeamInput', {
  fields: (t) => ({
    teamFriendlyId: t.string({ required: true }),
    name: t.string(),
    friendlyId: t.string(),
    logoUrl: t.string({ description: 'null removes the logo; leaving it out keeps it.' }),
    enabled: t.boolean({ description: 'System admins only.' }),
  }),
});

const UpdateTeamMetaInput = builder.inputType('UpdateTeamMetaInput', {
  fields: (t) => ({
    teamFriendlyId: t.string({ required: true }),
    meta: t.field({
      type: 'JSON',
      required: true,
      description: 'A JSON object of at most 16 KiB; replaces the current meta.',
    }),
  }),
});

builder.mutationFields((t) => ({
  addTeam: t.field({
    type: TeamType,
    description: 'Creates a team owned by the caller (or, for a system admin, by `ownerEmail`).',
    args: { input: t.arg({ type: AddTeamInput, required: true }) },
    resolve: async (_root, { input }, context) => createTeam(context.db, { actor: await requireActor(context), input }),
  }),
  updateTeam: t.field({
    type: TeamType,
    args: { input: t.arg({ type: UpdateTeamInput, required: true }) },
    authScopes: (_root, { input }) => ({ teamRole: { teamFriendlyId: input.teamFriendlyId, roles: teamManagers } }),
    resolve: async (_root, { input }, context) => updateTeam(context.db, { actor: await requireActor(context), input }),
  }),
  updateTeamMeta: t.field({
    type: TeamType,
    args: { input: t.arg({ type: UpdateTeamMetaInput, required: true }) },
    authScopes: (_root, { input }) => ({ teamRole: { teamFriendlyId: input.teamFriendlyId, roles: teamManagers } }),
    resolve: async (_root, { input }, context) =>
      updateTeamMeta(context.db, { actor: await requireActor(context), input }),
  }),
  deleteTeam: t.boolean({
    args: { teamFriendlyId: t.arg.string({ required: true }) },
    authScopes: (_root, { teamFriendlyId }) => ({ teamRole: { teamFriendlyId, roles: teamOwner } }),
    resolve: async (_root, { teamFriendlyId }, context) => {
      await deleteTeam(context.db, { actor: await requireActor(context), teamFriendlyId });
      return true;
    },
  }),
}));
