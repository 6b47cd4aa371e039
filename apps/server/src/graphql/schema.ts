import { builder } from './builder.js';
import '../modules/users/users.graphql.js';
import '../modules/notifications/notifications.graphql.js';

export const schema = builder.toSchema({ sortSchema: true });
