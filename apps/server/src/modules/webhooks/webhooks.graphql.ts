import { builder } from '../../graphql/builder.js';
import { connectionTypeNames, pageRequestOf } from '../../graphql/connections.js';
import { requireActor } from '../../graphql/context.js';
import { filterInputType, sortInputType } from '../../graphql/filtering.js';
import {
  listWebhookLogs,
  replayWebhookLog,
  requireWebhookLog,
  type WebhookLogRow,
  webhookLogFilterFields,
  webhookLogSortFields,
} from './webhooks.service.js';

const WebhookLogType = builder.objectRef<WebhookLogRow>('WebhookLog').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    externalId: t.exposeString('externalId', { description: 'The webhook-id header of the delivery.' }),
    eventType: t.exposeString('eventType'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    processed: t.exposeBoolean('processed'),
    processedAt: t.expose('processedAt', { type: 'DateTime', nullable: true }),
    error: t.exposeString('error', { nullable: true, description: 'Why the last processing attempt failed.' }),
    note: t.exposeString('note', {
      nullable: true,
      description: 'What processing decided, e.g. an unhandled event type.',
    }),
    payload: t.expose('payload', { type: 'JSON' }),
  }),
});

const WebhookLogFilterInput = filterInputType('WebhookLog', webhookLogFilterFields);
const WebhookLogSortInput = sortInputType('WebhookLog', webhookLogSortFields);
const webhookLogsNames = connectionTypeNames('webhookLogs');

builder.queryFields((t) => ({
  webhookLogs: t.connection(
    {
      type: WebhookLogType,
      authScopes: { systemAdmin: true },
      description: 'Billing webhook deliveries, newest first unless ordered otherwise (system administrators only).',
      args: {
        where: t.arg({ type: WebhookLogFilterInput }),
        order: t.arg({ type: [WebhookLogSortInput] }),
      },
      resolve: (_root, { where, order, ...page }, context, info) =>
        listWebhookLogs(context.db, { where, order, page: pageRequestOf(page, info) }),
    },
    webhookLogsNames.connection,
    webhookLogsNames.edge,
  ),
  webhookLog: t.field({
    type: WebhookLogType,
    authScopes: { systemAdmin: true },
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, { id }, context) => requireWebhookLog(context.db, id),
  }),
}));

builder.mutationField('replayWebhookLog', (t) =>
  t.field({
    type: WebhookLogType,
    authScopes: { systemAdmin: true },
    description: 'Processes an unprocessed webhook log again; the result tells whether it succeeded this time.',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, { id }, context) =>
      replayWebhookLog(context.db, { actor: await requireActor(context), logId: id, logger: context.logger }),
  }),
);
