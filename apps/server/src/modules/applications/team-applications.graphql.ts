import { builder } from '../../graphql/builder.js';
import { connectionTypeNames, pageRequestOf } from '../../graphql/connections.js';
import { requireActor } from '../../graphql/context.js';
import { anyTeamRole, teamManagers } from '../teams/team-access.js';
import { TeamApplicationStatusEnum } from './applications.graphql.js';
import {
  type AvailableAppNode,
  listTeamApplications,
  listTeamAvailableApps,
  type TeamApplicationNode,
  updateAppStatus,
} from './team-applications.service.js';

const TeamApplicationType = builder.objectRef<TeamApplicationNode>('TeamApplication').implement({
  description: 'An application granted to a team.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The application id.' }),
    name: t.exposeString('name'),
    description: t.exposeString('description', { nullable: true }),
    url: t.exposeString('url'),
    logoUrl: t.exposeString('logoUrl', { nullable: true }),
    icon: t.exposeString('icon', { nullable: true }),
    meta: t.expose('meta', { type: 'JSON' }),
    isDxp: t.exposeBoolean('isDxp'),
    status: t.expose('status', { type: TeamApplicationStatusEnum }),
    grantedAt: t.expose('grantedAt', { type: 'DateTime' }),
  }),
});

const AvailableAppType = builder.objectRef<AvailableAppNode>('AvailableApp').implement({
  description: 'An application the team has not been granted.',
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    description: t.exposeString('description', { nullable: true }),
    icon: t.exposeString('icon', { nullable: true }),
    logoUrl: t.exposeString('logoUrl', { nullable: true }),
    meta: t.expose('meta', { type: 'JSON' }),
    hasPendingRequest: t.exposeBoolean('hasPendingRequest'),
  }),
});

const teamAvailableAppsNames = connectionTypeNames('teamAvailableApps');

builder.queryFields((t) => ({
  teamApplications: t.field({
    type: [TeamApplicationType],
    description: "A team's applications by name, at most 100; its members and system admins.",
    args: { teamId: t.arg.id({ required: true }), first: t.arg.int() },
    resolve: async (_root, { teamId, first }, context) =>
      listTeamApplications(context.db, { actor: await requireActor(context), teamId, first }),
  }),
  teamAvailableApps: t.connection(
    {
      type: AvailableAppType,
      description: 'Applications the team has not been granted, by name; `search` matches the name or the description.',
      args: { teamFriendlyId: t.arg.string({ required: true }), search: t.arg.string() },
      authScopes: (_root, { teamFriendlyId }) => ({ teamRole: { teamFriendlyId, roles: anyTeamRole } }),
      resolve: async (_root, { teamFriendlyId, search, ...page }, context, info) =>
        listTeamAvailableApps(context.db, {
          actor: await requireActor(context),
          teamFriendlyId,
          search,
          page: pageRequestOf(page, info),
        }),
    },
    teamAvailableAppsNames.connection,
    teamAvailableAppsNames.edge,
  ),
}));

builder.mutationFields((t) => ({
  updateAppStatus: t.field({
    type: TeamApplicationType,
    description:
      'Team owners and admins switch a granted application on or off; system admins set any status and may grant it directly.',
    args: {
      friendlyTeamId: t.arg.string({ required: true }),
      appId: t.arg.id({ required: true }),
      status: t.arg({ type: TeamApplicationStatusEnum, required: true }),
    },
    authScopes: (_root, { friendlyTeamId }) => ({ teamRole: { teamFriendlyId: friendlyTeamId, roles: teamManagers } }),
    resolve: async (_root, { friendlyTeamId, appId, status }, context) =>
      updateAppStatus(context.db, {
        actor: await requireActor(context),
        input: { teamFriendlyId: friendlyTeamId, applicationId: appId, status },
      }),
  }),
}));
