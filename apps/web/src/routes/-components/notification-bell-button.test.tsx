import '@/lib/i18n';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRouteWithContext, createRouter, RouterProvider } from '@tanstack/react-router';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createGraphQLClient, type GraphQLClient } from '@/lib/graphql-client';
import { Session } from '@/lib/session';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { createApiDouble, createIdentityProviderDouble } from '@/test/api-double';
import { NotificationBellButton } from './notification-bell-button';

function unreadNotification(id: string, message: string) {
  return {
    cursor: id,
    node: { id, type: 'TeamInvite', message, isRead: false, createdAt: '2026-11-21T10:00:00.000Z', externalId: null },
  };
}

async function renderBell(resolveGraphQL: NonNullable<Parameters<typeof createApiDouble>[0]>['resolveGraphQL']) {
  const api = createApiDouble({ resolveGraphQL });
  const session = new Session({
    loadIdentityProvider: () => Promise.resolve(createIdentityProviderDouble()),
    fetch: api.fetch,
  });
  await session.completeSignIn('http://portal.test/auth/callback?code=c&state=s');
  const graphqlClient = createGraphQLClient({ session, onSessionEnded: vi.fn(), fetch: api.fetch });
  const rootRoute = createRootRouteWithContext<{ graphqlClient: GraphQLClient }>()({
    component: NotificationBellButton,
  });
  const router = createRouter({ routeTree: rootRoute, context: { graphqlClient }, history: createMemoryHistory() });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { api, queryClient, bell: await screen.findByRole('button', { name: 'Notifications' }) };
}

// The flyout's module loads at its first opening; beside the suite's other files that import can outlast the
// default second of `findBy…`.
const flyoutLoaded = { timeout: 10_000 };

describe('NotificationBellButton', { timeout: 20_000 }, () => {
  // The flyout's code loads once the pointer reaches a bell, and then replaces its placeholder trigger; these tests are
  // about the query and the flyout, so the code is there before they start (a swap during a test's click would leave
  // the click on the detached placeholder, as when another file of the worker has loaded the module already).
  beforeAll(async () => {
    const { unmount } = render(<NotificationBell notifications={[]} hasUnread={false} />);
    const placeholder = screen.getByRole('button', { name: 'Notifications' });
    await userEvent.hover(placeholder);
    // The module the hover asked for; its import settles the bell's own load, and act renders the swap.
    await act(() => import('@/features/notifications/components/notification-bell-popover'));
    unmount();
  }, 30_000);

  beforeEach(() => {
    localStorage.clear();
  });

  it('asks for the 3 newest unread notifications and shows a red dot when there is one', async () => {
    const resolveGraphQL = vi.fn(() => ({
      body: {
        data: {
          myNotifications: {
            edges: [unreadNotification('n1', 'You were invited to Acme')],
            pageInfo: { hasNextPage: false, endCursor: 'n1' },
            totalCount: 1,
          },
        },
      },
    }));
    const { bell } = await renderBell(resolveGraphQL);

    await waitFor(() => expect(bell).toHaveAccessibleDescription('You have unread notifications'));
    expect(resolveGraphQL).toHaveBeenCalledWith({
      operationName: 'GetMyNotifications',
      query: expect.stringContaining('myNotifications') as string,
      variables: { first: 3, where: { isRead: { eq: false } }, order: [{ createdAt: 'DESC' }] },
    });
    await userEvent.click(bell);
    expect(await screen.findByText('You were invited to Acme', {}, flyoutLoaded)).toBeInTheDocument();
  });

  it('keeps the failure and shows no notifications when the fetch fails', async () => {
    const { bell, queryClient } = await renderBell(() => ({
      body: { data: null, errors: [{ message: 'Unexpected error', extensions: { code: 'INTERNAL_SERVER_ERROR' } }] },
    }));

    await waitFor(() => expect(queryClient.getQueryCache().getAll()[0]?.state.error?.message).toBe('Unexpected error'));
    expect(bell).not.toHaveAccessibleDescription();
    await userEvent.click(bell);
    expect(await screen.findByText('You have no unread notifications.', {}, flyoutLoaded)).toBeInTheDocument();
  });

  it('lists the unread notifications, each with its time, in a list of bounded height that scrolls (docs/spec.md §9)', async () => {
    const edges = [
      unreadNotification('n1', 'You were invited to Acme'),
      unreadNotification('n2', 'Grace joined Acme'),
      unreadNotification('n3', 'Your request for Wiki was approved'),
    ];
    const { bell } = await renderBell(() => ({
      body: { data: { myNotifications: { edges, pageInfo: { hasNextPage: true, endCursor: 'n3' }, totalCount: 7 } } },
    }));
    await waitFor(() => expect(bell).toHaveAccessibleDescription('You have unread notifications'));
    await userEvent.click(bell);
    const flyout = await screen.findByRole('dialog', { name: 'Notifications' }, flyoutLoaded);
    const list = within(flyout).getByRole('list');
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    ['You were invited to Acme', 'Grace joined Acme', 'Your request for Wiki was approved'].forEach(
      (message, index) => {
        expect(items[index]).toHaveTextContent(message);
        expect(within(items[index]!).getByRole('time')).toBeInTheDocument();
      },
    );
    expect(list).toHaveClass('max-h-[min(420px,60vh)]', 'overflow-y-auto');
  });
});
