/**
 * Connection and edge type names as Hot Chocolate derives them from the root field, e.g.
 * `myNotifications` → `MyNotificationsConnection` / `MyNotificationsEdge`. Pass them as the second and
 * third arguments of `t.connection(...)`; services return `Page` (db/keyset-pagination.ts), which is
 * already the shape a Pothos connection resolver returns.
 */
export function connectionTypeNames(rootField: string) {
  const typeName = rootField.charAt(0).toUpperCase() + rootField.slice(1);
  return {
    connection: { name: `${typeName}Connection` },
    edge: { name: `${typeName}Edge` },
  };
}
