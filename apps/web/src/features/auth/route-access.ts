import type { SessionState } from '@/lib/session';
import type { TeamRole } from '@/lib/team-roles';
import { resolvePostLoginTarget } from './post-login-target';

export type AccessRole = 'Any' | 'SystemAdmin' | 'StandardUser';

/** What a route demands of its visitor, declared in its `staticData.access`. */
export type RouteAccess =
  | { requiresAuth: false; redirectWhenSignedIn?: boolean }
  | { requiresAuth: true; roles: AccessRole[]; teamRoles?: TeamRole[] };

export type AccessDecision =
  | { outcome: 'allow' }
  | { outcome: 'redirect'; to: string; returnTo?: string }
  /** The user has not accepted the current terms of service: show them, then continue to `returnTo`. */
  | { outcome: 'acceptTerms'; returnTo: string }
  | { outcome: 'notFound' };

/** The team role of the signed-in user in the team `slug`; null when they are not a member. */
export type TeamRoleResolver = (slug: string) => Promise<TeamRole | null>;

type AccessRequest = {
  access: RouteAccess | undefined;
  session: SessionState;
  /** The path the visitor asked for, kept so sign-in can bring them back. */
  requestedPath: string;
  /** The `redirect` search parameter of the landing page (a post-login target). */
  requestedTarget?: unknown;
  /** The user's role in the route's team; undefined when the route has no team or it is not known. */
  teamRole?: TeamRole | null;
};

export const publicAccess = { requiresAuth: false } as const satisfies RouteAccess;
export const signedInAccess = { requiresAuth: true, roles: ['Any'] } as const satisfies RouteAccess;
export const systemAdminAccess = { requiresAuth: true, roles: ['SystemAdmin'] } as const satisfies RouteAccess;
export const teamManagerAccess = {
  requiresAuth: true,
  roles: ['Any'],
  teamRoles: ['TeamOwner', 'TeamAdmin'],
} as const satisfies RouteAccess;

/** The route guard of docs/spec.md §6 as a pure decision; the root route applies it. */
export function decideRouteAccess({
  access,
  session,
  requestedPath,
  requestedTarget,
  teamRole,
}: AccessRequest): AccessDecision {
  if (!access) {
    return { outcome: 'allow' };
  }
  if (!access.requiresAuth) {
    if (access.redirectWhenSignedIn && session.status === 'authenticated') {
      return { outcome: 'redirect', to: resolvePostLoginTarget(requestedTarget) };
    }
    return { outcome: 'allow' };
  }
  if (session.status !== 'authenticated') {
    return { outcome: 'redirect', to: '/', returnTo: requestedPath };
  }
  if (!session.user.hasAcceptedCurrentTerms) {
    return { outcome: 'acceptTerms', returnTo: requestedPath };
  }
  const heldRoles = session.user.roles;
  const passesRoles =
    access.roles.length === 0 || access.roles.some((role) => role === 'Any' || heldRoles.includes(role));
  if (!passesRoles) {
    return { outcome: 'redirect', to: '/dashboard' };
  }
  if (access.teamRoles && teamRole !== undefined) {
    if (teamRole === null) {
      return { outcome: 'notFound' };
    }
    if (!access.teamRoles.includes(teamRole)) {
      return { outcome: 'redirect', to: '/dashboard' };
    }
  }
  return { outcome: 'allow' };
}

/** The access of the deepest matched route that declares one: children refine their layout. */
export function effectiveAccess(
  matches: ReadonlyArray<{ staticData: { access?: RouteAccess } }>,
): RouteAccess | undefined {
  return matches.findLast((match) => match.staticData.access)?.staticData.access;
}
