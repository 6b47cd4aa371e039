import type { GraphQLResolveInfo } from 'graphql';
import type { PageRequest } from '../db/keyset-pagination.js';
import { selectsFieldPath } from './selected-fields.js';

/**
 * Connection and edge type names as Hot Chocolate derives them from the root field, e.g.
 * `myNotifications` → `MyNotificationsConnection` / `MyNotificationsEdge`, with their descriptions: spread them
 * after the field's options, `t.connection({ … }, ...connectionTypeNames('myNotifications'))`. Services return
 * `Page` (db/keyset-pagination.ts), which is already the shape a Pothos connection resolver returns.
 */
export function connectionTypeNames(rootField: string) {
  const typeName = rootField.charAt(0).toUpperCase() + rootField.slice(1);
  return [
    { name: `${typeName}Connection`, description: `A page of \`${rootField}\`.` },
    { name: `${typeName}Edge`, description: `One item of \`${rootField}\` with its cursor.` },
  ] as const;
}

/**
 * The page a connection field's client asks for, from its Relay arguments; a client that selects `totalCount`
 * gets it counted in the page's own statement.
 */
export function pageRequestOf(args: PageRequest, info: GraphQLResolveInfo): PageRequest {
  const { first, after, last, before } = args;
  return { first, after, last, before, withTotalCount: selectsFieldPath(info, ['totalCount']) };
}
