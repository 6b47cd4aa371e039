import { appRequestActions, appRequestStatuses, type AppRequestHistoryRow } from '../../db/schema/applications.js';
import { builder } from '../../graphql/builder.js';
import { connectionTypeNames, pageRequestOf } from '../../graphql/connections.js';
import { requireActor } from '../../graphql/context.js';
import { enumOperationFilterInput, filterInputType, sortInputType } from '../../graphql/filtering.js';
import { anyTeamRole } from '../teams/team-access.js';
import { appRequestHistoryLoader } from './application-loaders.js';
import { TeamApplicationStatusEnum } from './applications.graphql.js';
import {
  appRequestFilterFields,
  type AppRequestNode,
  appRequestSortFields,
  approveAppRequest,
  findAppInfoForRequest,
  findAppRequestForActor,
  listAppRequests,
  rejectAppRequest,
  type RequestAccessInfo,
  requestApplicationAccess,
  updateAppRequestComments,
} from './app-requests.service.js';

const AppRequestStatusEnum = builder.enumType('AppRequestStatus', { values: appRequestStatuses });
const AppRequestActionEnum = builder.enumType('AppRequestAction', { values: appRequestActions });

const AppRequestHistoryEntryType = builder.objectRef<AppRequestHistoryRow>('AppRequestHistoryEntry').implement({
  fields: (t) => ({
    action: t.expose('action', { type: AppRequestActionEnum }),
    actorName: t.exposeString('actorName'),
    comments: t.exposeString('comments', { nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

const AppRequestType = builder.objectRef<AppRequestNode>('AppRequest').implement({
  description: "A team's request for an application.",
  fields: (t) => ({
    id: t.exposeID('id'),
    applicationId: t.exposeID('applicationId'),
    applicationName: t.exposeString('applicationName'),
    teamFriendlyId: t.exposeString('teamFriendlyId'),
    teamName: t.exposeString('teamName'),
    status: t.expose('status', { type: AppRequestStatusEnum }),
    requestedBy: t.exposeString('requestedBy', {
      description: "The requester's name, or email when the profile has none.",
    }),
    requestedById: t.exposeID('requestedById'),
    contactEmail: t.exposeString('contactEmail'),
    contactPhone: t.exposeString('contactPhone', { nullable: true }),
    message: t.exposeString('message', { nullable: true, description: "The requester's note." }),
    comments: t.exposeString('comments', { nullable: true, description: "The system admin's comments." }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    closedAt: t.expose('closedAt', { type: 'DateTime', nullable: true }),
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
    errorMessage: t.exposeString('errorMessage', { nullable: true }),
    appId: t.exposeID('appId'),
    appName: t.exposeString('appName'),
    teamName: t.exposeString('teamName'),
    teamFriendlyId: t.exposeString('teamFriendlyId'),
    email: t.exposeString('email'),
    firstName: t.exposeString('firstName', { nullable: true }),
    lastName: t.exposeString('lastName', { nullable: true }),
    phoneNumber: t.exposeString('phoneNumber', { nullable: true }),
    termsLink: t.exposeString('termsLink', { nullable: true }),
    termsDate: t.expose('termsDate', { type: 'DateTime', nullable: true }),
  }),
});

const AppRequestFilterInput = filterInputType('AppRequest', appRequestFilterFields, {
  status: enumOperationFilterInput(AppRequestStatusEnum, 'AppRequestStatus'),
});
const AppRequestSortInput = sortInputType('AppRequest', appRequestSortFields);
const appRequestsNames = connectionTypeNames('appRequests');

builder.queryFields((t) => ({
  appInfoForRequest: t.field({
    type: RequestAccessInfoType,
    args: { appId: t.arg.id({ required: true }), teamFriendlyId: t.arg.string({ required: true }) },
    authScopes: (_root, { teamFriendlyId }) => ({ teamRole: { teamFriendlyId, roles: anyTeamRole } }),
    resolve: async (_root, { appId, teamFriendlyId }, context) =>
      findAppInfoForRequest(context.db, { actor: await requireActor(context), applicationId: appId, teamFriendlyId }),
  }),
  appRequests: t.connection(
    {
      type: AppRequestType,
      description: 'Every application request, newest first unless ordered otherwise; system admins.',
      authScopes: { systemAdmin: true },
      args: { where: t.arg({ type: AppRequestFilterInput }), order: t.arg({ type: [AppRequestSortInput] }) },
      resolve: (_root, { where, order, ...page }, context, info) =>
        listAppRequests(context.db, { where, order, page: pageRequestOf(page, info) }),
    },
    appRequestsNames.connection,
    appRequestsNames.edge,
  ),
  appRequest: t.field({
    type: AppRequestType,
    description: "System admins, and members of the request's team.",
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, { id }, context) =>
      findAppRequestForActor(context.db, { actor: await requireActor(context), requestId: id }),
  }),
}));

const RequestAccessInput = builder.inputType('RequestAccessInput', {
  fields: (t) => ({
    appId: t.id({ required: true }),
    teamFriendlyId: t.string({ required: true }),
    contactEmail: t.string({ required: true }),
    contactPhone: t.string(),
    firstName: t.string({ required: true }),
    lastName: t.string({ required: true }),
    message: t.string({ description: 'At most 1000 characters.' }),
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
      args: { requestId: t.arg.id({ required: true }), comments: t.arg.string() },
      resolve: async (_root, { requestId, comments }, context) =>
        close(context.db, { actor: await requireActor(context), requestId, comments }),
    });
  return {
    requestApplicationAccess: t.field({
      type: AppRequestType,
      description: 'Any member asks for an application for the team; every system admin is notified.',
      args: { input: t.arg({ type: RequestAccessInput, required: true }) },
      authScopes: (_root, { input }) => ({ teamRole: { teamFriendlyId: input.teamFriendlyId, roles: anyTeamRole } }),
      resolve: async (_root, { input }, context) =>
        requestApplicationAccess(context.db, { actor: await requireActor(context), input }),
    }),
    approveAppRequest: closingField(
      'Grants the team the application (ENABLED) and tells the requester; only a pending request.',
      approveAppRequest,
    ),
    rejectAppRequest: closingField('Tells the requester, with the comments; only a pending request.', rejectAppRequest),
    updateAppRequestComments: t.field({
      type: AppRequestType,
      authScopes: { systemAdmin: true },
      args: { requestId: t.arg.id({ required: true }), comments: t.arg.string({ required: true }) },
      resolve: async (_root, { requestId, comments }, context) =>
        updateAppRequestComments(context.db, { actor: await requireActor(context), requestId, comments }),
    }),
  };
});
