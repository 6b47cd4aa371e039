import '@/lib/i18n';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeToast, getToasts, toastRemovalDelayMs } from '@/components/ui/toast-store';
import { renderWithApi } from '@/test/render-with-api';
import { NotificationList } from './notification-list';

const inviteId = '0b7c5a2e-1f1e-4d6b-8a55-6f0e4a9b2c11';
const inviteMessage = 'You are invited to join the team Acme.';
/** An invite waiting for an answer, as GetMyNotifications returns it. */
const unansweredInvite = {
  id: 'n-invite',
  type: 'TeamInvite',
  message: inviteMessage,
  isRead: false,
  createdAt: '2026-11-22T10:00:00.000Z',
  externalId: inviteId,
};
const roleMessage = 'You are now an admin of Umbrella.';

interface StoredNotification {
  id: string;
  type: string;
  message: string;
  isRead: boolean;
  createdAt: string;
  externalId: string | null;
  actorName?: string | null;
}

/**
 * The notification operations as docs/decisions/0039-invite-waiting-for-answer-stays-unread.md says the server answers them: an invite that can
 * still be answered stays unread through Mark all read, and answering it marks it read.
 */
function notificationsServer(options: { acceptError?: string } = {}) {
  const stored: StoredNotification[] = [
    { ...unansweredInvite, actorName: 'Ada Lovelace' },
    {
      id: 'n-role',
      type: 'TeamRoleChanged',
      message: roleMessage,
      isRead: false,
      createdAt: '2026-11-21T10:00:00.000Z',
      externalId: null,
      actorName: 'Grace Hopper',
    },
  ];
  const awaitsAnswer = (notification: StoredNotification) => notification.type === 'TeamInvite' && !notification.isRead;
  const markInviteRead = () =>
    stored
      .filter((notification) => notification.externalId === inviteId)
      .forEach((notification) => (notification.isRead = true));
  return ({ operationName, variables }: { operationName: string; variables: Record<string, unknown> }) => {
    switch (operationName) {
      case 'GetMyNotifications': {
        const onlyUnread = (variables.where as { isRead?: { eq: boolean } } | undefined)?.isRead?.eq === false;
        const nodes = stored.filter((notification) => !onlyUnread || !notification.isRead);
        const myNotifications = {
          edges: nodes.map((node) => ({ cursor: node.id, node: { ...node } })),
          pageInfo: { hasNextPage: false, endCursor: null },
          totalCount: nodes.length,
        };
        return { body: { data: { myNotifications } } };
      }
      case 'MarkAllNotificationsRead': {
        const marked = stored.filter((notification) => !notification.isRead && !awaitsAnswer(notification));
        marked.forEach((notification) => (notification.isRead = true));
        return { body: { data: { markAllNotificationsRead: marked.length } } };
      }
      case 'MarkNotificationRead': {
        const notification = stored.find((candidate) => candidate.id === variables.id)!;
        notification.isRead = true;
        return { body: { data: { markNotificationRead: { id: notification.id, isRead: true } } } };
      }
      case 'AcceptInvite':
        if (options.acceptError) {
          return {
            body: { data: null, errors: [{ message: options.acceptError, extensions: { code: 'INVALID_REQUEST' } }] },
          };
        }
        markInviteRead();
        return { body: { data: { acceptInvite: 'acme' } } };
      case 'DeclineInvite':
        markInviteRead();
        return { body: { data: { declineInvite: true } } };
      default:
        return { body: { data: null, errors: [{ message: `Unexpected ${operationName}` }] } };
    }
  };
}

const rowOf = (message: string) => within(screen.getByText(message).closest('li')!);
// The toaster's code loads on the first toast.
const toastShown = { timeout: 10_000 };

async function renderList(options: Parameters<typeof notificationsServer>[0] & { filter?: 'all' | 'unread' } = {}) {
  const rendered = await renderWithApi(<NotificationList filter={options.filter ?? 'all'} onFilterChange={vi.fn()} />, {
    resolveGraphQL: notificationsServer(options),
  });
  await screen.findByText(inviteMessage);
  return { ...rendered, user: userEvent.setup() };
}

describe('NotificationList', { timeout: 20_000 }, () => {
  afterEach(async () => {
    for (const entry of getToasts()) closeToast(entry.id);
    await new Promise((resolve) => setTimeout(resolve, toastRemovalDelayMs));
  });

  it('an opened invite that is the only notification does not sit above "No notifications yet"', async () => {
    const invite = unansweredInvite;
    await renderWithApi(<NotificationList filter="all" onFilterChange={vi.fn()} openedInviteId={inviteId} />, {
      resolveGraphQL: ({ operationName }) =>
        operationName === 'GetMyNotifications'
          ? {
              body: {
                data: {
                  myNotifications: {
                    edges: [{ cursor: invite.id, node: invite }],
                    pageInfo: { hasNextPage: false, endCursor: null },
                    totalCount: 1,
                  },
                },
              },
            }
          : { body: { data: null, errors: [{ message: `Unexpected ${operationName}` }] } },
    });
    const opened = within(screen.getByRole('region', { name: 'Your invite' }));
    expect(await opened.findByText(inviteMessage)).toBeInTheDocument();
    expect(opened.getByRole('button', { name: /Accept/ })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('No other notifications')).toBeInTheDocument());
    expect(screen.queryByText('No notifications yet')).toBeNull();
  });

  it('says who sent the invite and when, with an icon naming each type', async () => {
    await renderList();
    const invite = rowOf(inviteMessage);
    expect(invite.getByText('Ada Lovelace')).toBeInTheDocument();
    expect(invite.getByText('invited you')).toBeInTheDocument();
    expect(rowOf(roleMessage).getByText('Grace Hopper').parentElement).toHaveTextContent(
      /^Grace Hopper changed your role:$/,
    );
    expect(invite.getByRole('img', { name: 'Invite' })).toBeInTheDocument();
    const time = invite.getByText(/ago$/);
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('datetime', '2026-11-22T10:00:00.000Z');
    expect(rowOf(roleMessage).getByRole('img', { name: 'Role changed' })).toBeInTheDocument();
  });

  it('keeps an open invite answerable after Mark all read, and says why it is still unread', async () => {
    const { user } = await renderList();
    expect(rowOf(inviteMessage).getByRole('button', { name: 'Accept' })).toBeVisible();
    expect(rowOf(roleMessage).getByRole('button', { name: 'Mark read' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Mark all read' }));

    expect(await screen.findByText('1 notification marked read', {}, toastShown)).toBeVisible();
    expect(screen.getByText('An invite stays unread until you accept or decline it.')).toBeVisible();
    await waitFor(() => expect(rowOf(roleMessage).queryByRole('button', { name: 'Mark read' })).toBeNull());
    expect(rowOf(inviteMessage).getByText(/Unread:/)).toBeInTheDocument();
    expect(rowOf(inviteMessage).getByRole('button', { name: 'Accept' })).toBeEnabled();
    expect(rowOf(inviteMessage).getByRole('button', { name: 'Decline' })).toBeEnabled();
  });

  it('declines with one call; the invite, now read, offers nothing more', async () => {
    const { user, graphqlCalls } = await renderList();
    await user.click(rowOf(inviteMessage).getByRole('button', { name: 'Decline' }));

    expect(await screen.findByText('Invite declined', {}, toastShown)).toBeVisible();
    await waitFor(() => expect(rowOf(inviteMessage).queryByRole('button', { name: 'Accept' })).toBeNull());
    expect(rowOf(inviteMessage).queryByRole('button', { name: 'Decline' })).toBeNull();
    expect(graphqlCalls().map((call) => call.operationName)).not.toContain('MarkNotificationRead');
    expect(graphqlCalls()).toContainEqual(
      expect.objectContaining({ operationName: 'DeclineInvite', variables: { inviteId } }),
    );
  });

  it('still confirms the answer when the invite leaves the Unread list with it', async () => {
    const { user } = await renderList({ filter: 'unread' });
    await user.click(rowOf(inviteMessage).getByRole('button', { name: 'Decline' }));

    expect(await screen.findByText('Invite declined', {}, toastShown)).toBeVisible();
    expect(screen.queryByText(inviteMessage)).toBeNull();
    expect(rowOf(roleMessage).getByRole('button', { name: 'Mark read' })).toBeVisible();
  });

  it('says when an invite has expired, and stops offering Accept and Decline for it', async () => {
    const expired = 'This invite has expired; ask the team for a new one.';
    const { user, graphqlCalls } = await renderList({ acceptError: expired });
    await user.click(rowOf(inviteMessage).getByRole('button', { name: 'Accept' }));

    expect(await screen.findByText(expired, {}, toastShown)).toBeVisible();
    await waitFor(() => expect(rowOf(inviteMessage).queryByRole('button', { name: 'Accept' })).toBeNull());
    expect(graphqlCalls()).toContainEqual(
      expect.objectContaining({ operationName: 'MarkNotificationRead', variables: { id: 'n-invite' } }),
    );
    expect(rowOf(roleMessage).getByRole('button', { name: 'Mark read' })).toBeVisible();
  });
});
