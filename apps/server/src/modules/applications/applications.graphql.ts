import type { Actor } from '../../auth/actor.js';
import { type ApplicationRow, teamApplicationStatuses } from '../../db/schema/applications.js';
import { builder } from '../../graphql/builder.js';
import { connectionTypeNames, pageRequestOf } from '../../graphql/connections.js';
import { requireActor } from '../../graphql/context.js';
import { selectsFieldPath } from '../../graphql/selected-fields.js';
import { TeamRoleEnum } from '../teams/teams.graphql.js';
import { applicationTeamsLoader } from './application-loaders.js';
import {
  type AppInfoTeam,
  type ApplicationTeam,
  type ApplicationViewer,
  createApplication,
  findAppInfo,
  type HomepageApplication,
  listApplications,
  requireApplication,
  updateApplication,
} from './applications.service.js';

const viewerOf = ({ user }: Actor): ApplicationViewer => ({ userId: user.id, isSystemAdmin: user.isSystemAdmin });

export const TeamApplicationStatusEnum = builder.enumType('TeamApplicationStatus', { values: teamApplicationStatuses });

const ApplicationTeamType = builder.objectRef<ApplicationTeam>('ApplicationTeam').implement({
  description: 'A team that has been granted an application.',
  fields: (t) => ({
    friendlyId: t.exposeString('friendlyId'),
    name: t.exposeString('name'),
    status: t.expose('status', { type: TeamApplicationStatusEnum }),
  }),
});

export const ApplicationType = builder.objectRef<ApplicationRow>('Application').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    description: t.exposeString('description', { nullable: true }),
    url: t.exposeString('url', { description: 'Always https.' }),
    logoUrl: t.exposeString('logoUrl', { nullable: true, description: 'Always https.' }),
    icon: t.exposeString('icon', { nullable: true }),
    meta: t.expose('meta', { type: 'JSON' }),
    isDxp: t.exposeBoolean('isDxp', { description: 'A first-party application.' }),
    termsDate: t.expose('termsDate', { type: 'DateTime', nullable: true }),
    termsLink: t.exposeString('termsLink', { nullable: true, description: 'Always https.' }),
    billingProductId: t.exposeString('billingProductId', { nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    teams: t.field({
      type: [ApplicationTeamType],
      description: "Teams granted the application: every team for a system admin, otherwise only the caller's own.",
      // A catalogue page has already put its applications' teams in the loader.
      resolve: async (application, _args, context) =>
        context.loaders
          .get(applicationTeamsLoader)
          .load({ applicationId: application.id, viewer: viewerOf(await requireActor(context)) }),
    }),
  }),
});

const AppInfoTeamType = builder.objectRef<AppInfoTeam>('AppInfoTeam').implement({
  description: "One of the caller's enabled teams and its state for an application.",
  fields: (t) => ({
    friendlyId: t.exposeString('friendlyId'),
    name: t.exposeString('name'),
    roleName: t.expose('roleName', { type: TeamRoleEnum }),
    status: t.expose('status', {
      type: TeamApplicationStatusEnum,
      nullable: true,
      description: 'null when not granted.',
    }),
    hasPendingRequest: t.exposeBoolean('hasPendingRequest'),
    canManage: t.exposeBoolean('canManage', {
      description: 'The caller may switch the application on or off for this team.',
    }),
  }),
});

const AppInfoType = builder.objectRef<{ application: ApplicationRow; myTeams: AppInfoTeam[] }>('AppInfo').implement({
  description: "The caller's view of one application.",
  fields: (t) => ({
    application: t.expose('application', { type: ApplicationType }),
    myTeams: t.expose('myTeams', { type: [AppInfoTeamType] }),
  }),
});

export const HomepageApplicationType = builder.objectRef<HomepageApplication>('HomepageApplication').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    url: t.exposeString('url'),
    logoUrl: t.exposeString('logoUrl', { nullable: true }),
    icon: t.exposeString('icon', { nullable: true }),
    teamFriendlyId: t.exposeString('teamFriendlyId'),
    teamName: t.exposeString('teamName'),
  }),
});

const allApplicationsNames = connectionTypeNames('allApplications');

builder.queryFields((t) => ({
  allApplications: t.connection(
    {
      type: ApplicationType,
      description: 'The catalogue by name; `search` matches the name or the description, ignoring case.',
      args: { search: t.arg.string() },
      // One statement per page: the count and each application's teams are read with the page when selected.
      resolve: async (_root, { search, ...page }, context, info) => {
        const selectsTeams =
          selectsFieldPath(info, ['nodes', 'teams']) || selectsFieldPath(info, ['edges', 'node', 'teams']);
        const teamsViewer = selectsTeams ? viewerOf(await requireActor(context)) : undefined;
        const catalogue = await listApplications(context.db, { search, page: pageRequestOf(page, info), teamsViewer });
        if (teamsViewer) {
          const teamsLoader = context.loaders.get(applicationTeamsLoader);
          for (const { node } of catalogue.edges) {
            teamsLoader.prime({ applicationId: node.id, viewer: teamsViewer }, node.visibleTeams ?? []);
          }
        }
        return catalogue;
      },
    },
    allApplicationsNames.connection,
    allApplicationsNames.edge,
  ),
  applicationById: t.field({
    type: ApplicationType,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, { id }, context) => requireApplication(context.db, { applicationId: id }),
  }),
  appInfo: t.field({
    type: AppInfoType,
    args: { appId: t.arg.id({ required: true }) },
    resolve: async (_root, { appId }, context) =>
      findAppInfo(context.db, { actor: await requireActor(context), applicationId: appId }),
  }),
}));

type InputFieldBuilder = PothosSchemaTypes.InputFieldBuilder<
  typeof builder extends PothosSchemaTypes.SchemaBuilder<infer Types> ? Types : never,
  'InputObject'
>;

/** The optional fields both inputs share. */
const optionalApplicationFields = (t: InputFieldBuilder) => ({
  description: t.string(),
  logoUrl: t.string({ description: 'https:// only.' }),
  icon: t.string(),
  meta: t.field({ type: 'JSON', description: 'A JSON object of at most 16 KiB.' }),
  isDxp: t.boolean(),
  termsDate: t.field({ type: 'DateTime' }),
  termsLink: t.string({ description: 'https:// only.' }),
  billingProductId: t.string(),
});

const CreateApplicationInput = builder.inputType('CreateApplicationInput', {
  fields: (t) => ({
    name: t.string({ required: true }),
    url: t.string({ required: true, description: 'https:// only.' }),
    ...optionalApplicationFields(t),
  }),
});

const UpdateApplicationInput = builder.inputType('UpdateApplicationInput', {
  description: 'Fields left out stay as they are; null clears an optional one.',
  fields: (t) => ({
    id: t.id({ required: true }),
    name: t.string(),
    url: t.string({ description: 'https:// only.' }),
    ...optionalApplicationFields(t),
  }),
});

builder.mutationFields((t) => ({
  createApplication: t.field({
    type: ApplicationType,
    authScopes: { systemAdmin: true },
    args: { input: t.arg({ type: CreateApplicationInput, required: true }) },
    resolve: async (_root, { input }, context) =>
      createApplication(context.db, { actor: await requireActor(context), input }),
  }),
  updateApplication: t.field({
    type: ApplicationType,
    authScopes: { systemAdmin: true },
    args: { input: t.arg({ type: UpdateApplicationInput, required: true }) },
    resolve: async (_root, { input }, context) =>
      updateApplication(context.db, { actor: await requireActor(context), input }),
  }),
}));
