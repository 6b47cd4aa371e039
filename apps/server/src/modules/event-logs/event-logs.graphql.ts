import { builder } from '../../graphql/builder.js';
import { connectionTypeNames, pageRequestOf } from '../../graphql/connections.js';
import { filterInputType, sortInputType } from '../../graphql/filtering.js';
import {
  type EventLogRow,
  eventLogFilterFields,
  eventLogSortFields,
  listEventLogs,
  requireEventLog,
} from './event-logs.service.js';

const EventLogType = builder.objectRef<EventLogRow>('EventLog').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    eventType: t.exposeString('eventType'),
    userEmail: t.exposeString('userEmail', {
      nullable: true,
      description: 'Null for events without a signed-in caller.',
    }),
    date: t.expose('date', { type: 'DateTime' }),
    payload: t.expose('payload', { type: 'JSON' }),
  }),
});

const EventLogFilterInput = filterInputType('EventLog', eventLogFilterFields);
const EventLogSortInput = sortInputType('EventLog', eventLogSortFields);
const eventLogsNames = connectionTypeNames('eventLogs');

builder.queryFields((t) => ({
  eventLogs: t.connection(
    {
      type: EventLogType,
      authScopes: { systemAdmin: true },
      description: 'The audit trail, newest first unless ordered otherwise (system administrators only).',
      args: {
        where: t.arg({ type: EventLogFilterInput }),
        order: t.arg({ type: [EventLogSortInput] }),
      },
      resolve: (_root, { where, order, ...page }, context, info) =>
        listEventLogs(context.db, { where, order, page: pageRequestOf(page, info) }),
    },
    eventLogsNames.connection,
    eventLogsNames.edge,
  ),
  eventDetail: t.field({
    type: EventLogType,
    authScopes: { systemAdmin: true },
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, { id }, context) => requireEventLog(context.db, id),
  }),
}));
