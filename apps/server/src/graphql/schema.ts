import { builder } from './builder.js';
import '../modules/users/users.graphql.js';
import '../modules/notifications/notifications.graphql.js';
import '../modules/account/account.graphql.js';
import '../modules/service-keys/service-keys.graphql.js';
import '../modules/installation/installation.graphql.js';
import '../modules/site-info/site-info.graphql.js';
import '../modules/admin-users/admin-users.graphql.js';
import '../modules/event-logs/event-logs.graphql.js';
import '../modules/webhooks/webhooks.graphql.js';
import '../modules/billing/billing.graphql.js';
import '../modules/teams/teams.graphql.js';
import '../modules/teams/team-members.graphql.js';
import '../modules/teams/team-invites.graphql.js';
import '../modules/bookmarks/bookmarks.graphql.js';

export const schema = builder.toSchema({ sortSchema: true });
