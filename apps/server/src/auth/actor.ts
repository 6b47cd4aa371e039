import type { UserRow } from '../db/schema/users.js';

/**
 * Who is calling: a signed-in user (`sessionId`: the portal session of their access token; absent for an actor made
 * up on the server, such as a sign-in's own events), or a service key acting as its user.
 */
export type Actor =
  | { kind: 'user'; user: UserRow; sessionId?: string }
  | { kind: 'service-key'; user: UserRow; serviceKeyId: string };

export type SystemRole = 'SystemAdmin' | 'StandardUser';

export function systemRolesOf(user: Pick<UserRow, 'isSystemAdmin'>): SystemRole[] {
  return user.isSystemAdmin ? ['SystemAdmin', 'StandardUser'] : ['StandardUser'];
}
