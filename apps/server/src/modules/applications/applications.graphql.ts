import { nameMaxLength } from '@dxp/contracts/text';
import { webAddressMaxLength } from '@dxp/contracts/web-address';
import type { Actor } from '../../auth/actor.js';
import type { ApplicationRow, TeamApplicationStatus } from '../../db/schema/applications.js';
import { builder } from '../../graphql/builder.js';
import { dateTime, nullable, nullableDateTime } from '../../graphql/field-options.js';
import { describedEnum } from '../../graphql/described-enum.js';
import { connectionTypeNames, pageRequestOf } from '../../graphql/connections.js';
import { requireActor } from '../../graphql/context.js';
import { serviceWithInput } from '../../graphql/service-resolvers.js';
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

export const TeamApplicationStatusEnum = describedEnum(
  'TeamApplicationStatus',
  "Whether a team's members can use an application it has been granted.",
  {
    ENABLED: "On: the team's members see and launch the application.",
    DISABLED: 'Granted but switched off: hidden from the members.',
  } satisfies Record<TeamApplicationStatus, string>,
);

const ApplicationTeamType = builder.objectRef<ApplicationTeam>('ApplicationTeam').implement({
  description: 'A team that has been granted an application.',
  fields: (t) => ({
    friendlyId: t.exposeString('friendlyId', { description: "The team's friendly id." }),
    name: t.exposeString('name', { description: "The team's name." }),
    status: t.expose('status', { type: TeamApplicationStatusEnum, description: 'Whether it is on for the team.' }),
  }),
});

export const ApplicationType = builder.objectRef<ApplicationRow>('Application').implement({
  description: 'An application in the catalogue, which teams are granted and their members launch.',
  fields: (t) => ({
    id: t.exposeID('id', { description: "The application's id." }),
    name: t.exposeString('name', { description: 'Its name, unique in the catalogue.' }),
    description: t.exposeString('description', nullable('What it is for, if given.')),
    url: t.exposeString('url', { description: 'Where it is launched; always https.' }),
    logoUrl: t.exposeString('logoUrl', nullable('Its logo; always https.')),
    icon: t.exposeString(
      'icon',
      nullable('The name of its icon in the bundled Lucide set; tiles show it when there is no logo.'),
    ),
    meta: t.expose('meta', { type: 'JSON', description: 'Free-form data as a JSON object.' }),
    isDxp: t.exposeBoolean('isDxp', { description: 'A first-party application.' }),
    termsDate: t.expose(
      'termsDate',
      nullableDateTime('When its terms took effect; a request for access must accept them.'),
    ),
    termsLink: t.exposeString('termsLink', nullable('Its terms; always https.')),
    billingProductId: t.exposeString('billingProductId', nullable("The billing system's product for it, if any.")),
    createdAt: t.expose('createdAt', dateTime('When it was added to the catalogue.')),
    updatedAt: t.expose('updatedAt', dateTime('When it last changed.')),
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
    friendlyId: t.exposeString('friendlyId', { description: "The team's friendly id." }),
    name: t.exposeString('name', { description: "The team's name." }),
    roleName: t.expose('roleName', { type: TeamRoleEnum, description: "The caller's role in the team." }),
    status: t.expose('status', {
      type: TeamApplicationStatusEnum,
      nullable: true,
      description: 'null when not granted.',
    }),
    hasPendingRequest: t.exposeBoolean('hasPendingRequest', {
      description: 'The team has asked for the application and the request awaits a decision.',
    }),
    canManage: t.exposeBoolean('canManage', {
      description: 'The caller may switch the application on or off for this team.',
    }),
  }),
});

const AppInfoType = builder.objectRef<{ application: ApplicationRow; myTeams: AppInfoTeam[] }>('AppInfo').implement({
  description: "The caller's view of one application.",
  fields: (t) => ({
    application: t.expose('application', { type: ApplicationType, description: 'The application.' }),
    myTeams: t.expose('myTeams', {
      type: [AppInfoTeamType],
      description: "The caller's enabled teams, each with its state for the application.",
    }),
  }),
});

export const HomepageApplicationType = builder.objectRef<HomepageApplication>('HomepageApplication').implement({
  description: 'An application the caller can launch through one of their teams, as a dashboard tile.',
  fields: (t) => ({
    id: t.exposeID('id', { description: "The application's id." }),
    name: t.exposeString('name', { description: "The application's name." }),
    url: t.exposeString('url', { description: 'Where it is launched; always https.' }),
    logoUrl: t.exposeString('logoUrl', nullable('Its logo; always https.')),
    icon: t.exposeString('icon', nullable('Its icon in the bundled Lucide set, if any.')),
    teamFriendlyId: t.exposeString('teamFriendlyId', {
      description: 'The friendly id of the team it is launched through.',
    }),
    teamName: t.exposeString('teamName', { description: 'The name of the team it is launched through.' }),
  }),
});

builder.queryFields((t) => ({
  allApplications: t.connection(
    {
      type: ApplicationType,
      description: 'The catalogue by name; `search` matches the name or the description, ignoring case.',
      args: { search: t.arg.string({ description: 'Text the name or the description contains.' }) },
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
    ...connectionTypeNames('allApplications'),
  ),
  applicationById: t.field({
    type: ApplicationType,
    description: 'One application of the catalogue; NOT_FOUND when there is none.',
    args: { id: t.arg.id({ required: true, description: "The application's id." }) },
    resolve: (_root, { id }, context) => requireApplication(context.db, { applicationId: id }),
  }),
  appInfo: t.field({
    type: AppInfoType,
    description: "One application with the caller's teams and their state for it; NOT_FOUND when there is none.",
    args: { appId: t.arg.id({ required: true, description: "The application's id." }) },
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
  description: t.string({ description: 'What it is for, at most 2000 characters.' }),
  logoUrl: t.string({ description: `Its logo: https:// only, at most ${webAddressMaxLength} characters.` }),
  icon: t.string({
    description: 'The kebab-case name of an icon of the bundled Lucide set (like git-branch); empty or null for none.',
  }),
  meta: t.field({ type: 'JSON', description: 'A JSON object of at most 16 KiB.' }),
  isDxp: t.boolean({ description: 'A first-party application.' }),
  termsDate: t.field({ type: 'DateTime', description: 'When its terms took effect.' }),
  termsLink: t.string({ description: `Its terms: https:// only, at most ${webAddressMaxLength} characters.` }),
  billingProductId: t.string({ description: "The billing system's product for it, at most 100 characters." }),
});

const CreateApplicationInput = builder.inputType('CreateApplicationInput', {
  description: 'A new application of the catalogue.',
  fields: (t) => ({
    name: t.string({
      required: true,
      description: `Its name: 1 to ${nameMaxLength} characters, unique in the catalogue.`,
    }),
    url: t.string({
      required: true,
      description: `Where it is launched: https:// only, at most ${webAddressMaxLength} characters.`,
    }),
    ...optionalApplicationFields(t),
  }),
});

const UpdateApplicationInput = builder.inputType('UpdateApplicationInput', {
  description: 'Fields left out stay as they are; null clears an optional one.',
  fields: (t) => ({
    id: t.id({ required: true, description: 'The application to change.' }),
    name: t.string({ description: `Its name: 1 to ${nameMaxLength} characters, unique in the catalogue.` }),
    url: t.string({ description: `Where it is launched: https:// only, at most ${webAddressMaxLength} characters.` }),
    ...optionalApplicationFields(t),
  }),
});

builder.mutationFields((t) => ({
  createApplication: t.field({
    type: ApplicationType,
    authScopes: { systemAdmin: true },
    description: 'Adds an application to the catalogue (system administrators only); a name in use is DUPLICATE_VALUE.',
    args: { input: t.arg({ type: CreateApplicationInput, required: true, description: 'The application.' }) },
    resolve: serviceWithInput(createApplication),
  }),
  updateApplication: t.field({
    type: ApplicationType,
    authScopes: { systemAdmin: true },
    description:
      'Changes an application of the catalogue (system administrators only); a name in use is DUPLICATE_VALUE.',
    args: {
      input: t.arg({ type: UpdateApplicationInput, required: true, description: 'The application and the changes.' }),
    },
    resolve: serviceWithInput(updateApplication),
  }),
}));
