// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TeamRoleResolver } from '@/features/auth/route-access';
import { createGraphQLClient } from '@/lib/graphql-client';
import { Session, type SessionUser } from '@/lib/session';
import { createApiDouble, createIdentityProviderDouble, signedInUser } from '@/test/api-double';
import { createAppRouter, parseSearch, showsNotFound, stringifySearch } from './router';

const systemAdmin: SessionUser = { ...signedInUser, isSystemAdmin: true, roles: ['SystemAdmin', 'StandardUser'] };

async function openApp(
  path: string,
  {
    user,
    resolveTeamRole,
    resolveGraphQL,
  }: {
    user?: SessionUser;
    resolveTeamRole?: TeamRoleResolver;
    resolveGraphQL?: NonNullable<Parameters<typeof createApiDouble>[0]>['resolveGraphQL'];
  } = {},
) {
  const api = createApiDouble({ user, resolveGraphQL });
  const session = new Session({
    loadIdentityProvider: () => Promise.resolve(createIdentityProviderDouble()),
    fetch: api.fetch,
  });
  if (user) {
    await session.completeSignIn('http://portal.test/auth/callback?code=c&state=s');
  }
  const graphqlClient = createGraphQLClient({ session, onSessionEnded: vi.fn(), fetch: api.fetch });
  const queryClient = new QueryClient();
  const router = createAppRouter(
    { session, loadQueryClient: () => Promise.resolve(queryClient), graphqlClient, resolveTeamRole },
    createMemoryHistory({ initialEntries: [path] }),
  );
  const visited: string[] = [];
  router.subscribe('onBeforeNavigate', (event) => visited.push(event.toLocation.href));
  await router.load();
  const { location, matches } = router.state;
  return {
    href: location.href,
    visited,
    isNotFound: showsNotFound(matches),
  };
}

describe('route guard in the router', () => {
  beforeEach(() => {
    localStorage.clear();
  });

  it('sends a signed-out visitor of a protected page to / and keeps the page for after sign-in', async () => {
    expect(await openApp('/account/billing?tab=open')).toMatchObject({
      href: '/?redirect=%2Faccount%2Fbilling%3Ftab%3Dopen',
    });
  });

  it('shows the landing page without sign-in', async () => {
    expect(await openApp('/')).toMatchObject({ href: '/', isNotFound: false });
  });

  it('sends a signed-in visitor of / to the dashboard or the requested application request', async () => {
    expect((await openApp('/', { user: signedInUser })).href).toBe('/dashboard');
    expect((await openApp('/?redirect=app-request%3A42', { user: systemAdmin })).href).toBe('/system/app-requests/42');
  });

  it('keeps the system area to system administrators', async () => {
    expect((await openApp('/system/users', { user: signedInUser })).href).toBe('/dashboard');
    expect((await openApp('/system/users', { user: systemAdmin })).href).toBe('/system/users');
  });

  it('redirects /teams to the dashboard and a team to its home', async () => {
    expect((await openApp('/teams', { user: signedInUser })).href).toBe('/dashboard');
    expect((await openApp('/teams/acme', { user: signedInUser })).href).toBe('/teams/acme/home');
  });

  // Every screen whose route declares teamManagerAccess (routes/_default/teams/$slug/*).
  const teamManagementScreens = [
    '/teams/acme/invite',
    '/teams/acme/members',
    '/teams/acme/settings',
    '/teams/acme/bookmarks',
    '/teams/acme/bookmarks/create',
    '/teams/acme/bookmarks/0b7c5a2e-1f1e-4d6b-8a55-6f0e4a9b2c11',
  ];
  const roleIn = (role: 'TeamOwner' | 'TeamAdmin' | 'TeamMember' | null) => ({
    user: signedInUser,
    resolveTeamRole: vi.fn<TeamRoleResolver>(() => Promise.resolve(role)),
  });

  it.each(teamManagementScreens)(
    'API5:2023 Broken Function Level Authorization: %s is for team owners and admins; members go to the dashboard',
    async (path) => {
      expect((await openApp(path, roleIn('TeamOwner'))).href).toBe(path);
      expect((await openApp(path, roleIn('TeamAdmin'))).href).toBe(path);
      const asMember = roleIn('TeamMember');
      expect((await openApp(path, asMember)).href).toBe('/dashboard');
      expect(asMember.resolveTeamRole).toHaveBeenCalledWith('acme');
    },
  );

  it.each(teamManagementScreens)(
    'API1:2023 Broken Object Level Authorization: %s shows not found to a non-member',
    async (path) => {
      expect(await openApp(path, roleIn(null))).toMatchObject({ isNotFound: true });
    },
  );

  it('keeps an invite email’s link to the invite through sign-in', async () => {
    const inviteLink = '/account/notifications?invite=0b7c5a2e-1f1e-4d6b-8a55-6f0e4a9b2c11';
    expect((await openApp(inviteLink)).href).toBe(`/?redirect=${encodeURIComponent(inviteLink)}`);
    expect((await openApp(inviteLink, { user: signedInUser })).href).toBe(inviteLink);
  });

  it('opens the team home to every member without asking for a role', async () => {
    const home = roleIn(null);
    expect((await openApp('/teams/acme/home', home)).href).toBe('/teams/acme/home');
    expect(home.resolveTeamRole).not.toHaveBeenCalled();
  });

  it('sends the user to / when the guard itself fails, which forwards a signed-in user to the dashboard', async () => {
    const failing = {
      user: signedInUser,
      resolveTeamRole: vi.fn<TeamRoleResolver>(async () => Promise.reject(new Error('offline'))),
    };
    expect((await openApp('/teams/acme/settings', failing)).visited).toEqual([
      '/teams/acme/settings',
      '/',
      '/dashboard',
    ]);
  });

  it('shows the terms of service first to a user who has not accepted them, and only them', async () => {
    const termsPending: SessionUser = { ...signedInUser, hasAcceptedCurrentTerms: false };
    expect((await openApp('/account/profile', { user: termsPending })).href).toBe(
      '/terms-of-service?redirect=%2Faccount%2Fprofile',
    );
    expect((await openApp('/contact-us', { user: termsPending })).href).toBe('/contact-us');
    expect((await openApp('/terms-of-service')).href).toBe('/terms-of-service');
  });

  it('answers unknown pages with not found', async () => {
    expect(await openApp('/no/such/page', { user: signedInUser })).toMatchObject({ isNotFound: true });
  });
});

describe('paged lists', () => {
  // The server refuses a cursor it did not issue (edited by hand, or kept from before the list's order changed).
  const refusingCursors = ({
    operationName,
    variables,
  }: {
    operationName: string;
    variables: Record<string, unknown>;
  }) =>
    variables.after || variables.before
      ? { body: { errors: [{ message: 'Bad cursor', extensions: { code: 'INVALID_REQUEST' } }] } }
      : { body: { data: operationName === 'GetInstallationStatus' ? { installationStatus: {} } : {} } };

  it.each([
    ['/system/users?search=ada&after=forged', '/system/users?search=ada'],
    ['/system/teams?before=forged', '/system/teams'],
    ['/system/apps?search=wiki&after=forged', '/system/apps?search=wiki'],
    ['/system/services?after=forged', '/system/services'],
    ['/system/event-logs?eventType=team.created&after=forged', '/system/event-logs?eventType=team.created'],
    ['/system/webhook-logs?processed=no&before=forged', '/system/webhook-logs?processed=no'],
    ['/system/app-requests?status=all&after=forged', '/system/app-requests?status=all'],
    ['/account/billing?since=2026-01-01&after=forged', '/account/billing?since=2026-01-01'],
  ])('open %s at its first page under the same filter when the server refuses the cursor', async (path, firstPage) => {
    const user = path.startsWith('/system') ? systemAdmin : signedInUser;
    const opened = await openApp(path, { user, resolveGraphQL: refusingCursors });
    expect(opened.visited).toContain(firstPage);
  });
});

describe('search parameters', () => {
  it('keep text as typed, digits included, and read back unchanged', () => {
    const search = { search: '123456', redirect: '/dashboard', team: 'ops team', after: undefined };
    const text = stringifySearch(search);
    expect(text).toBe('?search=123456&redirect=%2Fdashboard&team=ops+team');
    expect(parseSearch(text)).toEqual({ search: '123456', redirect: '/dashboard', team: 'ops team' });
    expect(stringifySearch({})).toBe('');
  });
});
