import { builder } from '../../graphql/builder.js';
import { dateTime, nullable } from '../../graphql/field-options.js';
import { connectionTypeNames, pageRequestOf } from '../../graphql/connections.js';
import { listArgumentsOf } from '../../graphql/filtering.js';
import { type EventLogRow, eventLogList, listEventLogs, requireEventLog } from './event-logs.service.js';

const EventLogType = builder.objectRef<EventLogRow>('EventLog').implement({
  description: 'One entry of the audit trail: something that changed, who changed it and when.',
  fields: (t) => ({
    id: t.exposeID('id', { description: "The entry's id." }),
    eventType: t.exposeString('eventType', { description: 'What happened, e.g. team.created or service_key.revoked.' }),
    userEmail: t.exposeString('userEmail', nullable('Null for events without a signed-in caller.')),
    date: t.expose('date', dateTime('When it happened.')),
    payload: t.expose('payload', { type: 'JSON', description: 'The details of the event, never a credential.' }),
  }),
});

const eventLogListArguments = listArgumentsOf('EventLog', eventLogList);

builder.queryFields((t) => ({
  eventLogs: t.connection(
    {
      type: EventLogType,
      authScopes: { systemAdmin: true },
      description: 'The audit trail, newest first unless ordered otherwise (system administrators only).',
      args: eventLogListArguments('Which entries to list.'),
      resolve: (_root, { where, order, ...page }, context, info) =>
        listEventLogs(context.db, { where, order, page: pageRequestOf(page, info) }),
    },
    ...connectionTypeNames('eventLogs'),
  ),
  eventDetail: t.field({
    type: EventLogType,
    authScopes: { systemAdmin: true },
    description: 'One entry of the audit trail (system administrators only); NOT_FOUND when there is none.',
    args: { id: t.arg.id({ required: true, description: "The entry's id." }) },
    resolve: (_root, { id }, context) => requireEventLog(context.db, id),
  }),
}));
