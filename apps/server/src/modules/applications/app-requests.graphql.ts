import { requestMessageMaxLength } from '@dxp/contracts/request-access';
import type { AppRequestAction, AppRequestHistoryRow, AppRequestStatus } from '../../db/schema/applications.js';
import { builder } from '../../graphql/builder.js';
import { dateTime, nullable, nullableDateTime } from '../../graphql/field-options.js';
import { describedEnum } from '../../graphql/described-enum.js';
import { connectionTypeNames, pageRequestOf } from '../../graphql/connections.js';
import { requireActor } from '../../graphql/context.js';
import { serviceWithInput } from '../../graphql/service-resolvers.js';
import { enumOperationFilterInput, listArgumentsOf } from '../../graphql/filtering.js';
import { anyTeamRole } from '../teams/team-access.js';
import { appRequestHistoryLoader } from './application-loaders.js';
import { TeamApplicationStatusEnum } from './applications.graphql.js';
import {
  appRequestList,
  type AppRequestNode,
  approveAppRequest,
  findAppInfoForRequest,
  findAppRequestForActor,
  listAppRequests,
  rejectAppRequest,
  type RequestAccessInfo,
  requestApplicationAccess,
  updateAppRequestComments,
  withdrawAppRequest,
} from './app-requests.service.js';

const AppRequestStatusEnum = describedEnum(
  'AppRequestStatus',
  'Where an application request stands; it is decided once.',
  {
    PENDING: "Awaits a system administrator's decision.",
    APPROVED: 'Approved: the team was granted the application.',
    REJECTED: 'Rejected.',
    WITHDRAWN: 'Taken back by the person who made it, before a decision.',
  } satisfies Record<AppRequestStatus, string>,
);
const AppRequestActionEnum = describedEnum('AppRequestAction', 'What happened to an application request.', {
  CREATED: 'A team member made the request.',
  APPROVED: 'A system administrator approved it.',
  REJECTED: 'A system administrator rejected it.',
  WITHDRAWN: 'The person who made it took it back.',
  COMMENTS_UPDATED: 'A system administrator rewrote the comments.',
} satisfies Record<AppRequestAction, string>);

const AppRequestHistoryEntryType = builder.objectRef<AppRequestHistoryRow>('AppRequestHistoryEntry').implement({
  description: 'One step in the life of an application request.',
  fields: (t) => ({
    action: t.expose('action', { type: AppRequestActionEnum, description: 'What happened.' }),
    actorName: t.exposeString('actorName', { description: 'Who did it, by name or email.' }),
    comments: t.exposeString(
      'comments',
      nullable("The requester's note or the system administrator's comments at that step."),
    ),
    createdAt: t.expose('createdAt', dateTime('When it happened.')),
  }),
});

const AppRequestType = builder.objectRef<AppRequestNode>('AppRequest').implement({
  description: "A team's request for an application.",
  fields: (t) => ({
    id: t.exposeID('id', { description: "The request's id." }),
    applicationId: t.exposeID('applicationId', { description: 'The application asked for.' }),
    applicationName: t.exposeString('applicationName', { description: "The application's name." }),
    teamFriendlyId: t.exposeString(
      'teamFriendlyId',
      nullable('The friendly id of the team that asked; null once the team was deleted.'),
    ),
    teamName: t.exposeString('teamName', {
      description: 'The name of the team that asked (the name it had, once it was deleted).',
    }),
    status: t.expose('status', { type: AppRequestStatusEnum, description: 'Where the request stands.' }),
    requestedBy: t.exposeString('requestedBy', {
      description: "The requester's name, or email when the profile has none.",
    }),
    requestedById: t.exposeID('requestedById', { description: "The requester's user id." }),
    contactEmail: t.exposeString('contactEmail', { description: 'The email the requester gave for this request.' }),
    contactPhone: t.exposeString('contactPhone', nullable('The phone number the requester gave, if any.')),
    message: t.exposeString('message', nullable("The requester's note.")),
    comments: t.exposeString('comments', nullable("The system admin's comments.")),
    createdAt: t.expose('createdAt', dateTime('When the request was made.')),
    closedAt: t.expose('closedAt', nullableDateTime('When it was approved or rejected; null while pending.')),
    teamApplicationStatus: t.expose('teamApplicationStatus', {
      type: TeamApplicationStatusEnum,
      nullable: true,
      description: "The team's current status for the application; null unless granted.",
    }),
    history: t.field({
      type: [AppRequestHistoryEntryType],
      description: 'Oldest first.',
      resolve: (request, _args, context) => context.loaders.get(appRequestHistoryLoader).load(request.id),
    }),
  }),
});

const RequestAccessInfoType = builder.objectRef<RequestAccessInfo>('RequestAccessInfo').implement({
  description: "The request-access screen: the caller's contact details, or why a request is not possible.",
  fields: (t) => ({
    errorMessage: t.exposeString(
      'errorMessage',
      nullable(
        'Why the team cannot ask for the application (a disabled team, already granted, already asked); null when it can.',
      ),
    ),
    appId: t.exposeID('appId', { description: "The application's id." }),
    appName: t.exposeString('appName', { description: "The application's name." }),
    teamName: t.exposeString('teamName', { description: "The team's name." }),
    teamFriendlyId: t.exposeString('teamFriendlyId', { description: "The team's friendly id." }),
    email: t.exposeString('email', { description: "The caller's email, to prefill the contact email." }),
    firstName: t.exposeString('firstName', nullable("The caller's first name, if known.")),
    lastName: t.exposeString('lastName', nullable("The caller's last name, if known.")),
    phoneNumber: t.exposeString('phoneNumber', nullable("The caller's phone number, if given.")),
    termsLink: t.exposeString('termsLink', nullable("The application's terms, if it has any.")),
    termsDate: t.expose('termsDate', nullableDateTime("When the application's terms took effect, if it has any.")),
  }),
});

const appRequestListArguments = listArgumentsOf('AppRequest', appRequestList, {
  status: enumOperationFilterInput(AppRequestStatusEnum, 'AppRequestStatus'),
});

builder.queryFields((t) => ({
  appInfoForRequest: t.field({
    type: RequestAccessInfoType,
    description:
      'What the request-access form needs for one application and one of your teams (its members only); NOT_FOUND for an unknown application or team.',
    args: {
      appId: t.arg.id({ required: true, description: 'The application to ask for.' }),
      teamFriendlyId: t.arg.string({ required: true, description: 'The friendly id of the team that would ask.' }),
    },
    authScopes: (_root, { teamFriendlyId }) => ({ teamRole: { teamFriendlyId, roles: anyTeamRole } }),
    resolve: async (_root, { appId, teamFriendlyId }, context) =>
      findAppInfoForRequest(context.db, { actor: await requireActor(context), applicationId: appId, teamFriendlyId }),
  }),
  appRequests: t.connection(
    {
      type: AppRequestType,
      description: 'Every application request, newest first unless ordered otherwise; system admins.',
      authScopes: { systemAdmin: true },
      args: appRequestListArguments('Which requests to list.'),
      resolve: (_root, { where, order, ...page }, context, info) =>
        listAppRequests(context.db, { where, order, page: pageRequestOf(page, info) }),
    },
    ...connectionTypeNames('appRequests'),
  ),
  appRequest: t.field({
    type: AppRequestType,
    description: "System admins, and members of the request's team.",
    args: { id: t.arg.id({ required: true, description: "The request's id; NOT_FOUND for anyone else." }) },
    resolve: async (_root, { id }, context) =>
      findAppRequestForActor(context.db, { actor: await requireActor(context), requestId: id }),
  }),
}));

const RequestAccessInput = builder.inputType('RequestAccessInput', {
  description: "A team's request for an application, with the requester's contact details.",
  fields: (t) => ({
    appId: t.id({ required: true, description: 'The application to ask for.' }),
    teamFriendlyId: t.string({ required: true, description: 'The friendly id of the team that asks.' }),
    contactEmail: t.string({ required: true, description: 'An email to reach the requester, at most 254 characters.' }),
    contactPhone: t.string({
      description: 'A phone number: 7 to 15 digits, with + ( ) . - and spaces; empty or null for none.',
    }),
    firstName: t.string({ required: true, description: "The requester's first name: 1 to 100 characters." }),
    lastName: t.string({ required: true, description: "The requester's last name: 1 to 100 characters." }),
    message: t.string({
      description: `A note for the system administrators, at most ${requestMessageMaxLength} characters.`,
    }),
    acceptTerms: t.boolean({ required: true, description: 'Must be true when the application has terms.' }),
  }),
});

builder.mutationFields((t) => {
  /** Approve and reject take the same arguments and the same callers. */
  const closingField = (description: string, close: typeof approveAppRequest) =>
    t.field({
      type: AppRequestType,
      description,
      authScopes: { systemAdmin: true },
      args: {
        requestId: t.arg.id({ required: true, description: 'The pending request.' }),
        comments: t.arg.string({ description: 'For the requester, at most 2000 characters.' }),
      },
      resolve: async (_root, { requestId, comments }, context) =>
        close(context.db, { actor: await requireActor(context), requestId, comments }),
    });
  return {
    requestApplicationAccess: t.field({
      type: AppRequestType,
      description: 'Any member asks for an application for the team; every system admin is notified.',
      args: { input: t.arg({ type: RequestAccessInput, required: true, description: 'The request.' }) },
      authScopes: (_root, { input }) => ({ teamRole: { teamFriendlyId: input.teamFriendlyId, roles: anyTeamRole } }),
      resolve: serviceWithInput(requestApplicationAccess),
    }),
    approveAppRequest: closingField(
      'Grants the team the application (ENABLED) and tells the requester; only a pending request.',
      approveAppRequest,
    ),
    rejectAppRequest: closingField('Tells the requester, with the comments; only a pending request.', rejectAppRequest),
    withdrawAppRequest: t.field({
      type: AppRequestType,
      description:
        'The person who made a pending request takes it back (WITHDRAWN); the team may ask again. Anyone else who ' +
        'sees the request gets AUTH_NOT_AUTHORIZED.',
      args: { requestId: t.arg.id({ required: true, description: 'The pending request.' }) },
      resolve: async (_root, { requestId }, context) =>
        withdrawAppRequest(context.db, { actor: await requireActor(context), requestId }),
    }),
    updateAppRequestComments: t.field({
      type: AppRequestType,
      description: 'Rewrites the comments of any request, pending or closed (system administrators only).',
      authScopes: { systemAdmin: true },
      args: {
        requestId: t.arg.id({ required: true, description: 'The request.' }),
        comments: t.arg.string({
          required: true,
          description: 'The new comments, at most 2000 characters; empty clears them.',
        }),
      },
      resolve: async (_root, { requestId, comments }, context) =>
        updateAppRequestComments(context.db, { actor: await requireActor(context), requestId, comments }),
    }),
  };
});
