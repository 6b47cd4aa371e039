import { describe, expect, it } from 'vitest';
import type { SessionState, SessionUser } from '@/lib/session';
import {
  decideRouteAccess,
  effectiveAccess,
  publicAccess,
  signedInAccess,
  systemAdminAccess,
  teamManagerAccess,
  type RouteAccess,
} from './route-access';

const standardUser: SessionUser = {
  id: '7d1f6f55-6a0e-4d0b-9a55-0d6f8d1d8a01',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  lastLogin: null,
  primaryPhone: null,
  isSystemAdmin: false,
  ordwayCustomerId: null,
  roles: ['StandardUser'],
  hasAcceptedCurrentTerms: true,
};
const signedIn: SessionState = { status: 'authenticated', user: standardUser };
const signedInAdmin: SessionState = {
  status: 'authenticated',
  user: { ...standardUser, isSystemAdmin: true, roles: ['SystemAdmin', 'StandardUser'] },
};
const signedOut: SessionState = { status: 'unauthenticated', user: null };

function decide(
  access: RouteAccess | undefined,
  session: SessionState,
  extra: { teamRole?: 'TeamOwner' | 'TeamAdmin' | 'TeamMember' | null; requestedTarget?: unknown } = {},
) {
  return decideRouteAccess({ access, session, requestedPath: '/teams/acme/members?tab=all', ...extra });
}

describe('decideRouteAccess', () => {
  it('skips routes that need no sign-in, for anyone', () => {
    expect(decide(publicAccess, signedOut)).toEqual({ outcome: 'allow' });
    expect(decide(publicAccess, signedIn)).toEqual({ outcome: 'allow' });
  });

  it('sends a signed-in visitor of the landing page on to the dashboard or their requested target', () => {
    const landing: RouteAccess = { requiresAuth: false, redirectWhenSignedIn: true };
    expect(decide(landing, signedOut)).toEqual({ outcome: 'allow' });
    expect(decide(landing, signedIn)).toEqual({ outcome: 'redirect', to: '/dashboard' });
    expect(decide(landing, signedIn, { requestedTarget: 'app-request:42' })).toEqual({
      outcome: 'redirect',
      to: '/system/app-requests/42',
    });
    expect(decide(landing, signedIn, { requestedTarget: '//evil.com' })).toEqual({
      outcome: 'redirect',
      to: '/dashboard',
    });
  });

  it('sends a signed-out visitor of a protected route to / and remembers where they were going', () => {
    expect(decide(signedInAccess, signedOut)).toEqual({
      outcome: 'redirect',
      to: '/',
      returnTo: '/teams/acme/members?tab=all',
    });
    expect(decide(systemAdminAccess, signedOut)).toMatchObject({ outcome: 'redirect', to: '/' });
  });

  it('sends a signed-in user who has not accepted the current terms to them first, remembering where they were going', () => {
    const termsPending: SessionState = {
      status: 'authenticated',
      user: { ...standardUser, hasAcceptedCurrentTerms: false },
    };
    expect(decide(signedInAccess, termsPending)).toEqual({
      outcome: 'acceptTerms',
      returnTo: '/teams/acme/members?tab=all',
    });
    expect(decide(systemAdminAccess, termsPending)).toMatchObject({ outcome: 'acceptTerms' });
    // Open pages (the terms themselves, contact us) stay reachable.
    expect(decide(publicAccess, termsPending)).toEqual({ outcome: 'allow' });
  });

  it('lets any signed-in user through when the roles contain Any', () => {
    expect(decide(signedInAccess, signedIn)).toEqual({ outcome: 'allow' });
  });

  it('lets a user holding one of the listed roles through, and sends others to /dashboard', () => {
    expect(decide(systemAdminAccess, signedInAdmin)).toEqual({ outcome: 'allow' });
    expect(decide(systemAdminAccess, signedIn)).toEqual({ outcome: 'redirect', to: '/dashboard' });
    expect(decide({ requiresAuth: true, roles: ['StandardUser', 'SystemAdmin'] }, signedIn)).toEqual({
      outcome: 'allow',
    });
  });

  it('admits any signed-in user when no roles are listed', () => {
    expect(decide({ requiresAuth: true, roles: [] }, signedIn)).toEqual({ outcome: 'allow' });
  });

  it('allows team owners and admins on team management screens and sends members to /dashboard', () => {
    expect(decide(teamManagerAccess, signedIn, { teamRole: 'TeamOwner' })).toEqual({ outcome: 'allow' });
    expect(decide(teamManagerAccess, signedIn, { teamRole: 'TeamAdmin' })).toEqual({ outcome: 'allow' });
    expect(decide(teamManagerAccess, signedIn, { teamRole: 'TeamMember' })).toEqual({
      outcome: 'redirect',
      to: '/dashboard',
    });
  });

  it('treats a team the user is not in as not found, without revealing it exists', () => {
    expect(decide(teamManagerAccess, signedIn, { teamRole: null })).toEqual({ outcome: 'notFound' });
  });

  it('does not decide on team roles it was not given', () => {
    expect(decide(teamManagerAccess, signedIn)).toEqual({ outcome: 'allow' });
    expect(decide(teamManagerAccess, signedOut)).toMatchObject({ outcome: 'redirect', to: '/' });
  });

  it('has nothing to guard when no route declares access', () => {
    expect(decide(undefined, signedOut)).toEqual({ outcome: 'allow' });
  });
});

describe('effectiveAccess', () => {
  it('takes the deepest declaration, so a child refines its layout', () => {
    const matches = [
      { staticData: {} },
      { staticData: { access: signedInAccess } },
      { staticData: { access: systemAdminAccess } },
      { staticData: {} },
    ];
    expect(effectiveAccess(matches)).toBe(systemAdminAccess);
    expect(effectiveAccess([{ staticData: {} }])).toBeUndefined();
  });
});
