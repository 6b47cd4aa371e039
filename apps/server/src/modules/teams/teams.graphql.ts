import { friendlyIdMaxLength, friendlyIdMinLength } from '@dxp/contracts/team-address';
import { nameMaxLength } from '@dxp/contracts/text';
import { webAddressMaxLength } from '@dxp/contracts/web-address';
import type { TeamRole, TeamRow } from '../../db/schema/teams.js';
import { builder } from '../../graphql/builder.js';
import { dateTime, nullable } from '../../graphql/field-options.js';
import { describedEnum } from '../../graphql/described-enum.js';
import { connectionTypeNames, pageRequestOf } from '../../graphql/connections.js';
import { requireActor } from '../../graphql/context.js';
import { serviceWithInput } from '../../graphql/service-resolvers.js';
import { listArgumentsOf } from '../../graphql/filtering.js';
import { anyTeamRole, findTeamForActor, teamManagers, teamOwner } from './team-access.js';
import { teamAccessLoader } from './team-loaders.js';
import {
  createTeam,
  deleteTeam,
  listAllTeams,
  teamList,
  type UserTeam,
  updateTeam,
  updateTeamMeta,
} from './teams.service.js';

export const TeamRoleEnum = describedEnum('TeamRole', "A member's role in a team.", {
  TeamOwner: 'The one owner: everything a team admin may do, and deleting the team.',
  TeamAdmin: "Manages the team's members, invites, bookmarks, applications and settings.",
  TeamMember: "Uses the team's applications and bookmarks.",
} satisfies Record<TeamRole, string>);

const logoUrlRule = `https:// only (the portal shows images from https addresses only), at most ${webAddressMaxLength} characters`;
const friendlyIdRule = `lowercase letters, digits and hyphens, ${friendlyIdMinLength} to ${friendlyIdMaxLength} characters, starting and ending with a letter or digit`;

export const TeamType = builder.objectRef<TeamRow>('Team').implement({
  description: 'A group of people who share applications and bookmarks.',
  fields: (t) => ({
    id: t.exposeID('id', { description: "The team's id." }),
    name: t.exposeString('name', { description: "The team's name." }),
    friendlyId: t.exposeString('friendlyId', { description: "The team's address in the portal's URLs, unique." }),
    enabled: t.exposeBoolean('enabled', {
      description: 'A disabled team is hidden from its members; only system administrators see it.',
    }),
    meta: t.expose('meta', { type: 'JSON', description: 'Free-form data as a JSON object.' }),
    logoUrl: t.exposeString('logoUrl', nullable("The team's logo, if given.")),
    createdAt: t.expose('createdAt', dateTime('When the team was created.')),
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
    id: t.exposeID('id', { description: "The team's id." }),
    friendlyId: t.exposeString('friendlyId', { description: "The team's friendly id." }),
    name: t.exposeString('name', { description: "The team's name." }),
    logoUrl: t.exposeString('logoUrl', nullable("The team's logo, if given.")),
    enabled: t.exposeBoolean('enabled', { description: 'Whether the team is enabled.' }),
    roleName: t.expose('roleName', { type: TeamRoleEnum, description: "The member's role in the team." }),
  }),
});

const teamListArguments = listArgumentsOf('Team', teamList);

builder.queryFields((t) => ({
  teamByFriendlyId: t.field({
    type: TeamType,
    description: 'One team, for its members (of an enabled team) and system administrators; NOT_FOUND for anyone else.',
    args: { friendlyId: t.arg.string({ required: true, description: "The team's friendly id." }) },
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
        search: t.arg.string({ description: 'Text the name or the friendly id contains, ignoring case.' }),
        ...teamListArguments('Which teams to list.'),
      },
      resolve: (_root, { search, where, order, ...page }, context, info) =>
        listAllTeams(context.db, { search, where, order, page: pageRequestOf(page, info) }),
    },
    ...connectionTypeNames('allTeams'),
  ),
}));

const AddTeamInput = builder.inputType('AddTeamInput', {
  description: 'A new team.',
  fields: (t) => ({
    name: t.string({ required: true, description: `Its name: 1 to ${nameMaxLength} characters.` }),
    friendlyId: t.string({ required: true, description: `Its address: ${friendlyIdRule}; unique.` }),
    logoUrl: t.string({ description: `Its logo: ${logoUrlRule}.` }),
    ownerEmail: t.string({ description: 'System admins only: the account that becomes the owner.' }),
  }),
});

const UpdateTeamInput = builder.inputType('UpdateTeamInput', {
  description: "A team's new settings; a field left out keeps its value.",
  fields: (t) => ({
    teamFriendlyId: t.string({ required: true, description: "The team's current friendly id." }),
    name: t.string({ description: `A new name: 1 to ${nameMaxLength} characters.` }),
    friendlyId: t.string({ description: `A new address: ${friendlyIdRule}; unique.` }),
    logoUrl: t.string({ description: `A new logo: ${logoUrlRule}. null removes the logo; leaving it out keeps it.` }),
    enabled: t.boolean({ description: 'System admins only.' }),
  }),
});

const UpdateTeamMetaInput = builder.inputType('UpdateTeamMetaInput', {
  description: "A team's new meta.",
  fields: (t) => ({
    teamFriendlyId: t.string({ required: true, description: "The team's friendly id." }),
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
    args: { input: t.arg({ type: AddTeamInput, required: true, description: 'The team.' }) },
    resolve: serviceWithInput(createTeam),
  }),
  updateTeam: t.field({
    type: TeamType,
    description:
      "Changes a team's name, address or logo (its owner and admins, and system administrators); only system administrators enable or disable it.",
    args: { input: t.arg({ type: UpdateTeamInput, required: true, description: 'The team and the changes.' }) },
    authScopes: (_root, { input }) => ({ teamRole: { teamFriendlyId: input.teamFriendlyId, roles: teamManagers } }),
    resolve: serviceWithInput(updateTeam),
  }),
  updateTeamMeta: t.field({
    type: TeamType,
    description: "Replaces a team's meta (its owner and admins, and system administrators).",
    args: { input: t.arg({ type: UpdateTeamMetaInput, required: true, description: 'The team and its new meta.' }) },
    authScopes: (_root, { input }) => ({ teamRole: { teamFriendlyId: input.teamFriendlyId, roles: teamManagers } }),
    resolve: serviceWithInput(updateTeamMeta),
  }),
  deleteTeam: t.boolean({
    description:
      'Deletes a team with its memberships, invites and bookmarks (its owner and system administrators); true when done.',
    args: { teamFriendlyId: t.arg.string({ required: true, description: "The team's friendly id." }) },
    authScopes: (_root, { teamFriendlyId }) => ({ teamRole: { teamFriendlyId, roles: teamOwner } }),
    resolve: async (_root, { teamFriendlyId }, context) => {
      await deleteTeam(context.db, { actor: await requireActor(context), teamFriendlyId });
      return true;
    },
  }),
}));
