import { builder } from '../../graphql/builder.js';
import { dateTime, nullable } from '../../graphql/field-options.js';
import { connectionTypeNames, pageRequestOf } from '../../graphql/connections.js';
import { requireActor } from '../../graphql/context.js';
import { teamManagers } from '../teams/team-access.js';
import { teamListAccess } from '../teams/team-list-access.graphql.js';
import { TeamApplicationStatusEnum } from './applications.graphql.js';
import {
  type AvailableAppNode,
  listTeamApplications,
  listTeamAvailableApps,
  revokeTeamApplication,
  type TeamApplicationNode,
  updateAppStatus,
} from './team-applications.service.js';

const TeamApplicationType = builder.objectRef<TeamApplicationNode>('TeamApplication').implement({
  description: 'An application granted to a team.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The application id.' }),
    name: t.exposeString('name', { description: "The application's name." }),
    description: t.exposeString('description', nullable('What it is for, if given.')),
    url: t.exposeString('url', { description: 'Where it is launched; always https.' }),
    logoUrl: t.exposeString('logoUrl', nullable('Its logo; always https.')),
    icon: t.exposeString('icon', nullable('Its icon in the bundled Lucide set, if any.')),
    meta: t.expose('meta', { type: 'JSON', description: "The application's free-form data, a JSON object." }),
    isDxp: t.exposeBoolean('isDxp', { description: 'A first-party application.' }),
    status: t.expose('status', { type: TeamApplicationStatusEnum, description: 'Whether it is on for the team.' }),
    disabledBySystemAdmin: t.exposeBoolean('disabledBySystemAdmin', {
      description: "A system administrator disabled it: the team's owners and admins cannot enable it again.",
    }),
    grantedAt: t.expose('grantedAt', dateTime('When the team was granted it.')),
  }),
});

const AvailableAppType = builder.objectRef<AvailableAppNode>('AvailableApp').implement({
  description: 'An application the team has not been granted.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The application id.' }),
    name: t.exposeString('name', { description: "The application's name." }),
    description: t.exposeString('description', nullable('What it is for, if given.')),
    icon: t.exposeString('icon', nullable('Its icon in the bundled Lucide set, if any.')),
    logoUrl: t.exposeString('logoUrl', nullable('Its logo; always https.')),
    meta: t.expose('meta', { type: 'JSON', description: "The application's free-form data, a JSON object." }),
    hasPendingRequest: t.exposeBoolean('hasPendingRequest', {
      description: 'The team has asked for it and the request awaits a decision.',
    }),
  }),
});

const teamAvailableAppsAccess = teamListAccess('members');

builder.queryFields((t) => ({
  teamApplications: t.connection(
    {
      type: TeamApplicationType,
      description: 'The applications a team has been granted, by name; its members and system admins.',
      args: {
        teamId: t.arg.id({
          required: true,
          description:
            "The team's id; NOT_FOUND unless the caller is a member of the (enabled) team or a system admin.",
        }),
      },
      resolve: async (_root, { teamId, ...page }, context, info) =>
        listTeamApplications(context.db, {
          actor: await requireActor(context),
          teamId,
          page: pageRequestOf(page, info),
        }),
    },
    ...connectionTypeNames('teamApplications'),
  ),
  teamAvailableApps: t.connection(
    {
      type: AvailableAppType,
      description: 'Applications the team has not been granted, by name; `search` matches the name or the description.',
      args: {
        ...teamAvailableAppsAccess.args,
        search: t.arg.string({ description: 'Text the name or the description contains, ignoring case.' }),
      },
      authScopes: teamAvailableAppsAccess.authScopes,
      resolve: async (_root, { teamFriendlyId, search, ...page }, context, info) =>
        listTeamAvailableApps(context.db, {
          actor: await requireActor(context),
          teamFriendlyId,
          search,
          page: pageRequestOf(page, info),
        }),
    },
    ...connectionTypeNames('teamAvailableApps'),
  ),
}));

builder.mutationFields((t) => ({
  updateAppStatus: t.field({
    type: TeamApplicationType,
    description:
      'Team owners and admins switch a granted application on or off; system admins set any status and may grant it directly.',
    args: {
      friendlyTeamId: t.arg.string({ required: true, description: "The team's friendly id." }),
      appId: t.arg.id({ required: true, description: 'The application id.' }),
      status: t.arg({ type: TeamApplicationStatusEnum, required: true, description: 'The new status.' }),
    },
    authScopes: (_root, { friendlyTeamId }) => ({ teamRole: { teamFriendlyId: friendlyTeamId, roles: teamManagers } }),
    resolve: async (_root, { friendlyTeamId, appId, status }, context) =>
      updateAppStatus(context.db, {
        actor: await requireActor(context),
        input: { teamFriendlyId: friendlyTeamId, applicationId: appId, status },
      }),
  }),
  revokeTeamApplication: t.boolean({
    description: 'System admins take an application away from a team; NOT_FOUND when the team does not have it.',
    args: {
      friendlyTeamId: t.arg.string({ required: true, description: "The team's friendly id." }),
      appId: t.arg.id({ required: true, description: 'The application id.' }),
    },
    authScopes: { systemAdmin: true },
    resolve: async (_root, { friendlyTeamId, appId }, context) => {
      await revokeTeamApplication(context.db, {
        actor: await requireActor(context),
        teamFriendlyId: friendlyTeamId,
        applicationId: appId,
      });
      return true;
    },
  }),
}));
