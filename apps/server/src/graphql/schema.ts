import { builder } from './builder.js';
import '../modules/users/users.graphql.js';
import '../modules/notifications/notifications.graphql.js';
import '../modules/admin-users/admin-users.graphql.js';
import '../modules/event-logs/event-logs.graphql.js';
import '../modules/webhooks/webhooks.graphql.js';
import '../modules/billing/billing.graphql.js';

export const schema = builder.toSchema({ sortSchema: true });
