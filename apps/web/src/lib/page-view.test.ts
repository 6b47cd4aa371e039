// @vitest-environment jsdom
import { createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { followRouteChanges, type AppRouter } from '@/router';
import { createPageViewTracker, pageViewDelayMs } from './page-view';
import { signedInUser } from '@/test/api-double';
import type { SessionUser } from './session';
import { loadTagManager, pushToDataLayer, type DataLayerEvent } from './tag-manager';

const user = signedInUser;

describe('page views', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function tracker(overrides: { getUser?: () => SessionUser | null } = {}) {
    const push = vi.fn<(event: DataLayerEvent) => void>();
    let title = 'Dashboard · DXP Portal';
    const pageViews = createPageViewTracker({
      environment: 'production',
      getUser: () => user,
      getTitle: () => title,
      push,
      ...overrides,
    });
    return { pageViews, push, setTitle: (next: string) => (title = next) };
  }

  it('pushes app.pageview 250 ms after a route change, with the title the page has by then', () => {
    const { pageViews, push, setTitle } = tracker();
    pageViews.track({ routeName: '/teams/$slug/members', pageUrl: '/teams/acme/members?tab=all' });

    vi.advanceTimersByTime(pageViewDelayMs - 1);
    expect(push).not.toHaveBeenCalled();
    setTitle('Members · DXP Portal');
    vi.advanceTimersByTime(1);

    expect(push).toHaveBeenCalledExactlyOnceWith({
      event: 'app.pageview',
      environment: 'production',
      routeName: '/teams/$slug/members',
      pageType: 'PageView',
      pageUrl: '/teams/acme/members?tab=all',
      pageTitle: 'Members · DXP Portal',
      user,
    });
  });

  it('sends a copy of the user, not the session object itself', () => {
    const { pageViews, push } = tracker();
    pageViews.track({ routeName: '/dashboard', pageUrl: '/dashboard' });
    vi.advanceTimersByTime(pageViewDelayMs);
    const sentUser = push.mock.calls[0]?.[0].user;
    expect(sentUser).toEqual(user);
    expect(sentUser).not.toBe(user);
  });

  it('sends user null before sign-in', () => {
    const { pageViews, push } = tracker({ getUser: () => null });
    pageViews.track({ routeName: '/', pageUrl: '/' });
    vi.advanceTimersByTime(pageViewDelayMs);
    expect(push.mock.calls[0]?.[0]).toMatchObject({ user: null, routeName: '/' });
  });

  it('merges a route’s own gtm payload over the standard fields', () => {
    const { pageViews, push } = tracker();
    pageViews.track({
      routeName: '/account/billing',
      pageUrl: '/account/billing',
      routePayload: { pageType: 'Billing', section: 'account' },
    });
    vi.advanceTimersByTime(pageViewDelayMs);
    expect(push.mock.calls[0]?.[0]).toMatchObject({ event: 'app.pageview', pageType: 'Billing', section: 'account' });
  });

  it('pushes one event per route change, and none after stop', () => {
    const { pageViews, push } = tracker();
    pageViews.track({ routeName: '/dashboard', pageUrl: '/dashboard' });
    vi.advanceTimersByTime(100);
    pageViews.track({ routeName: '/account/profile', pageUrl: '/account/profile' });
    vi.advanceTimersByTime(pageViewDelayMs);
    expect(push.mock.calls.map(([event]) => event.pageUrl)).toEqual(['/dashboard', '/account/profile']);

    pageViews.track({ routeName: '/dashboard', pageUrl: '/dashboard' });
    pageViews.stop();
    vi.advanceTimersByTime(pageViewDelayMs);
    expect(push).toHaveBeenCalledTimes(2);
  });
});

describe('page views from route changes', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Two pages; the billing page supplies its own page-view payload through `staticData.gtm`. */
  function createTestRouter() {
    const rootRoute = createRootRoute();
    const dashboard = createRoute({
      getParentRoute: () => rootRoute,
      path: '/dashboard',
      head: () => ({ meta: [{ title: 'Dashboard · DXP Portal' }] }),
    });
    const billing = createRoute({
      getParentRoute: () => rootRoute,
      path: '/account/billing',
      staticData: { gtm: { pageCategory: 'account', billingView: 'invoices' } },
      head: () => ({ meta: [{ title: 'Billing · DXP Portal' }] }),
    });
    return createRouter({
      routeTree: rootRoute.addChildren([dashboard, billing]),
      history: createMemoryHistory({ initialEntries: ['/dashboard'] }),
    });
  }

  it('pushes the route’s own gtm payload with the standard fields, 250 ms after the change', async () => {
    const router = createTestRouter();
    const push = vi.fn<(event: DataLayerEvent) => void>();
    const pageViews = createPageViewTracker({ environment: 'production', getUser: () => user, push });
    // followRouteChanges reads only the router's state and events, which every router has.
    followRouteChanges(router as unknown as AppRouter, pageViews.track);
    await router.load();
    vi.advanceTimersByTime(pageViewDelayMs);
    push.mockClear();

    await router.navigate({ to: '/account/billing', search: { since: '2026-01-01' } });
    vi.advanceTimersByTime(pageViewDelayMs - 1);
    expect(push).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);

    expect(push).toHaveBeenCalledExactlyOnceWith({
      event: 'app.pageview',
      environment: 'production',
      routeName: '/account/billing',
      pageType: 'PageView',
      pageUrl: '/account/billing?since=2026-01-01',
      pageTitle: 'Billing · DXP Portal',
      user,
      pageCategory: 'account',
      billingView: 'invoices',
    });
  });

  it('pushes only the standard fields for a route without a payload', async () => {
    const router = createTestRouter();
    const push = vi.fn<(event: DataLayerEvent) => void>();
    followRouteChanges(
      router as unknown as AppRouter,
      createPageViewTracker({ environment: 'production', getUser: () => user, push }).track,
    );
    await router.load();
    vi.advanceTimersByTime(pageViewDelayMs);
    expect(Object.keys(push.mock.calls[0]?.[0] ?? {}).sort()).toEqual([
      'environment',
      'event',
      'pageTitle',
      'pageType',
      'pageUrl',
      'routeName',
      'user',
    ]);
  });
});

describe('tag manager', () => {
  afterEach(() => {
    document.head.querySelectorAll('script').forEach((script) => script.remove());
    delete window.dataLayer;
  });

  it('stays off without a container id', () => {
    expect(loadTagManager(null)).toBe(false);
    expect(document.head.querySelector('script')).toBeNull();
    expect(window.dataLayer).toBeUndefined();
  });

  it('loads the container from a script element, without inline script', () => {
    expect(loadTagManager('GTM-ABC123')).toBe(true);
    const script = document.head.querySelector('script');
    expect(script?.src).toBe('https://www.googletagmanager.com/gtm.js?id=GTM-ABC123');
    expect(script?.textContent).toBe('');
    expect(window.dataLayer?.[0]).toMatchObject({ event: 'gtm.js' });
  });

  it('pushes events to the data layer', () => {
    pushToDataLayer({ event: 'app.pageview', pageUrl: '/dashboard' });
    expect(window.dataLayer).toEqual([{ event: 'app.pageview', pageUrl: '/dashboard' }]);
  });
});
