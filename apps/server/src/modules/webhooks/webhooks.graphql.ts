import { builder } from '../../graphql/builder.js';
import { dateTime, nullable, nullableDateTime } from '../../graphql/field-options.js';
import { describedEnum } from '../../graphql/described-enum.js';
import { connectionTypeNames, pageRequestOf } from '../../graphql/connections.js';
import { requireActor } from '../../graphql/context.js';
import { listArgumentsOf } from '../../graphql/filtering.js';
import {
  listWebhookLogs,
  replayWebhookLog,
  requireWebhookLog,
  type WebhookLogRow,
  webhookLogList,
  webhookLogStateOf,
} from './webhooks.service.js';

const WebhookLogStateEnum = describedEnum('WebhookLogState', 'What became of a webhook delivery.', {
  PROCESSED: 'Applied to billing data.',
  IGNORED: 'An event type the portal does not handle: only logged.',
  UNPROCESSED: 'Not applied yet: the last attempt failed (see error).',
});

const WebhookLogType = builder.objectRef<WebhookLogRow>('WebhookLog').implement({
  description: 'One verified delivery of the billing webhook, and what processing it did.',
  fields: (t) => ({
    id: t.exposeID('id', { description: "The log's id." }),
    externalId: t.exposeString('externalId', { description: 'The webhook-id header of the delivery.' }),
    eventType: t.exposeString('eventType', { description: 'The event, e.g. customer.upserted or invoice.upserted.' }),
    createdAt: t.expose('createdAt', dateTime('When the delivery arrived.')),
    processed: t.exposeBoolean('processed', { description: 'Whether it has been applied to billing data.' }),
    state: t.field({
      type: WebhookLogStateEnum,
      description: 'What became of it: PROCESSED, IGNORED (an event type the portal does not handle) or UNPROCESSED.',
      resolve: (log) => webhookLogStateOf(log),
    }),
    processedAt: t.expose('processedAt', nullableDateTime('When it was applied; null while it is not.')),
    error: t.exposeString('error', nullable('Why the last processing attempt failed.')),
    note: t.exposeString('note', nullable('What processing decided, e.g. an unhandled event type.')),
    payload: t.expose('payload', { type: 'JSON', description: 'The body of the delivery, as received.' }),
  }),
});

const webhookLogListArguments = listArgumentsOf('WebhookLog', webhookLogList);

builder.queryFields((t) => ({
  webhookLogs: t.connection(
    {
      type: WebhookLogType,
      authScopes: { systemAdmin: true },
      description: 'Billing webhook deliveries, newest first unless ordered otherwise (system administrators only).',
      args: webhookLogListArguments('Which deliveries to list.'),
      resolve: (_root, { where, order, ...page }, context, info) =>
        listWebhookLogs(context.db, { where, order, page: pageRequestOf(page, info) }),
    },
    ...connectionTypeNames('webhookLogs'),
  ),
  webhookLog: t.field({
    type: WebhookLogType,
    authScopes: { systemAdmin: true },
    description: 'One webhook delivery (system administrators only); NOT_FOUND when there is none.',
    args: { id: t.arg.id({ required: true, description: "The log's id." }) },
    resolve: (_root, { id }, context) => requireWebhookLog(context.db, id),
  }),
}));

builder.mutationField('replayWebhookLog', (t) =>
  t.field({
    type: WebhookLogType,
    authScopes: { systemAdmin: true },
    description:
      'Processes an unprocessed webhook log again (system administrators only); the result tells whether it succeeded this time.',
    args: { id: t.arg.id({ required: true, description: "The log's id." }) },
    resolve: async (_root, { id }, context) =>
      replayWebhookLog(context.db, { actor: await requireActor(context), logId: id, logger: context.logger }),
  }),
);
