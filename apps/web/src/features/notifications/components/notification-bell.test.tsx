import '@/lib/i18n';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '@/lib/format-date';
import { NotificationBell, type FlyoutNotification } from './notification-bell';

const fourNotifications: FlyoutNotification[] = [
  { id: '1', message: 'You were invited to Acme' },
  { id: '2', message: 'Your request for Billing was approved' },
  { id: '3', message: 'You are now an admin of Umbrella' },
  { id: '4', message: 'A fourth one' },
];

function renderBell(props: Partial<Parameters<typeof NotificationBell>[0]> = {}) {
  const user = userEvent.setup();
  render(
    <div>
      <p>Outside</p>
      <NotificationBell notifications={[]} hasUnread={false} {...props} />
    </div>,
  );
  return { user, bell: screen.getByRole('button', { name: 'Notifications' }) };
}

// The flyout's code loads on the first press (a real dynamic import: slow on a busy machine).
const loaded = { timeout: 10_000 };
async function openBell(user: ReturnType<typeof userEvent.setup>, bell: HTMLElement) {
  await user.click(bell);
  await screen.findByRole('dialog', {}, loaded);
}

const unreadDot = (bell: HTMLElement) => bell.querySelector('[data-slot="unread-indicator"]');

describe('NotificationBell', { timeout: 20_000 }, () => {
  it('shows a red dot and says so when there are unread notifications', () => {
    const { bell } = renderBell({ notifications: fourNotifications.slice(0, 1), hasUnread: true });
    expect(unreadDot(bell)).not.toBeNull();
    expect(bell).toHaveAccessibleDescription('You have unread notifications');
  });

  it('shows no dot without unread notifications, nor after a failed fetch', () => {
    const { bell } = renderBell({ hasUnread: false });
    expect(unreadDot(bell)).toBeNull();
  });

  it('opens a flyout with the title, at most three messages and a link to all notifications', async () => {
    const onOpenChange = vi.fn();
    const { user, bell } = renderBell({ notifications: fourNotifications, hasUnread: true, onOpenChange });
    await openBell(user, bell);

    const flyout = screen.getByRole('dialog', { name: 'Notifications' });
    expect(onOpenChange).toHaveBeenLastCalledWith(true);
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'You were invited to Acme',
      'Your request for Billing was approved',
      'You are now an admin of Umbrella',
    ]);
    expect(screen.getByRole('link', { name: 'View all' })).toHaveAttribute('href', '/account/notifications');
    expect(flyout).toContainElement(screen.getByRole('button', { name: 'Close' }));
  });

  it('links a decided access request to its page and says it was opened, and an invite to the invite', async () => {
    const onOpenNotification = vi.fn();
    const approved = {
      id: '5',
      message: 'Your request for Billing was approved',
      type: 'AppRequestApproved',
      externalId: 'r-9',
    };
    const invite = {
      id: '6',
      message: 'You were invited to Acme',
      type: 'TeamInvite',
      externalId: '0b7c5a2e-1f1e-4d6b-8a55-6f0e4a9b2c11',
    };
    const { user, bell } = renderBell({ notifications: [approved, invite], hasUnread: true, onOpenNotification });
    await openBell(user, bell);

    const inviteLink = screen.getByRole('link', { name: 'You were invited to Acme (Open invite)' });
    expect(inviteLink).toHaveAttribute('href', '/account/notifications?invite=0b7c5a2e-1f1e-4d6b-8a55-6f0e4a9b2c11');
    const requestLink = screen.getByRole('link', { name: 'Your request for Billing was approved (View request)' });
    expect(requestLink).toHaveAttribute('href', '/apps/requests/r-9');
    await user.click(requestLink);
    expect(onOpenNotification).toHaveBeenCalledWith(approved);
    expect(screen.queryByRole('dialog')).toBeNull();

    // An invite stays unread until it is answered: opening it reads nothing.
    onOpenNotification.mockClear();
    await openBell(user, bell);
    await user.click(screen.getByRole('link', { name: /You were invited to Acme/ }));
    expect(onOpenNotification).not.toHaveBeenCalled();
  });

  describe('each entry', () => {
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();
    /** The flyout opened on one notification: its entry, and the user to go on with. */
    async function openOn(notification: {
      id: string;
      message: string;
      type: string;
      externalId: string;
      createdAt: string;
      actorName: string | null;
    }) {
      const { user, bell } = renderBell({ notifications: [notification], hasUnread: true });
      await openBell(user, bell);
      return { user, entry: within(screen.getByRole('listitem')) };
    }

    it('says who did what, when (the exact time on focus), with an icon naming its type', async () => {
      const invite = {
        id: '7',
        message: 'Ada Lovelace (ada@example.com) invited you to join the team Acme (acme) as a member.',
        type: 'TeamInvite',
        externalId: '0b7c5a2e-1f1e-4d6b-8a55-6f0e4a9b2c11',
        createdAt: hoursAgo(3),
        actorName: 'Ada Lovelace',
      };
      const { user, entry } = await openOn(invite);
      expect(entry.getByRole('img', { name: 'Invite' })).toBeInTheDocument();
      const link = entry.getByRole('link');
      expect(link).toHaveAccessibleName(`Ada Lovelace invited you: ${invite.message} (Open invite)`);
      const time = entry.getByText('3 hours ago');
      expect(time.tagName).toBe('TIME');
      // The time is not inside the link (no control inside a control), and is reached by Tab after it.
      expect(link).not.toContainElement(time);
      link.focus();
      await user.tab();
      expect(time).toHaveFocus();
      expect(await screen.findByRole('tooltip')).toHaveTextContent(formatDateTime(invite.createdAt));
    });

    it('reads "<Name> changed your role…" for a role someone else changed', async () => {
      const message = 'Your role in the team Acme is now admin.';
      const { entry } = await openOn({
        id: '9',
        message,
        type: 'TeamRoleChanged',
        externalId: 'team-1',
        createdAt: hoursAgo(2),
        actorName: 'Grace Hopper',
      });
      const link = entry.getByRole('link');
      expect(link).toHaveTextContent(/^Grace Hopper changed your role/);
      expect(link).toHaveAccessibleName(`Grace Hopper changed your role: ${message}`);
    });

    it('shows a type it does not know with the bell icon, leading to the notifications page', async () => {
      const { entry } = await openOn({
        id: '8',
        message: 'Something new happened',
        type: 'SomethingNew',
        externalId: 'x-1',
        createdAt: hoursAgo(1),
        actorName: null,
      });
      expect(entry.getByRole('img', { name: 'Notification' })).toBeInTheDocument();
      expect(entry.getByRole('link', { name: 'Something new happened' })).toHaveAttribute(
        'href',
        '/account/notifications',
      );
      expect(entry.getByText('1 hour ago')).toBeInTheDocument();
    });
  });

  it('offers "Mark all read" while it lists notifications, not on the empty flyout', async () => {
    const onMarkAllRead = vi.fn();
    const { user, bell } = renderBell({ notifications: fourNotifications, hasUnread: true, onMarkAllRead });
    await openBell(user, bell);
    await user.click(screen.getByRole('button', { name: 'Mark all read' }));
    expect(onMarkAllRead).toHaveBeenCalledOnce();
  });

  it('has no "Mark all read" when there is nothing unread', async () => {
    const { user, bell } = renderBell({ notifications: [], hasUnread: false, onMarkAllRead: vi.fn() });
    await openBell(user, bell);
    expect(screen.queryByRole('button', { name: 'Mark all read' })).toBeNull();
  });

  it('shows the empty-state text when there is nothing unread', async () => {
    const { user, bell } = renderBell();
    await openBell(user, bell);
    expect(screen.getByText('You have no unread notifications.')).toBeInTheDocument();
    expect(screen.queryByRole('listitem')).toBeNull();
  });

  it('shows no notifications after a failed fetch', async () => {
    const { user, bell } = renderBell({ notifications: fourNotifications, hasUnread: true, isError: true });
    expect(unreadDot(bell)).toBeNull();
    await openBell(user, bell);
    expect(screen.getByText('You have no unread notifications.')).toBeInTheDocument();
  });

  it('closes with the close button', async () => {
    const onOpenChange = vi.fn();
    const { user, bell } = renderBell({ onOpenChange });
    await openBell(user, bell);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onOpenChange).toHaveBeenLastCalledWith(false);
  });

  it('closes when clicking outside', async () => {
    const { user, bell } = renderBell();
    await openBell(user, bell);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.click(screen.getByText('Outside'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens from the keyboard on the first try, before its code has loaded, and says so to the caller', async () => {
    vi.resetModules();
    const { NotificationBell: FreshBell } = await import('./notification-bell');
    const onOpenChange = vi.fn();
    const user = userEvent.setup();
    render(<FreshBell notifications={fourNotifications} hasUnread onOpenChange={onOpenChange} />);
    const bell = screen.getByRole('button', { name: 'Notifications' });
    expect(bell).toHaveAttribute('aria-haspopup', 'dialog');
    expect(bell).toHaveAttribute('aria-expanded', 'false');
    expect(bell).toHaveAccessibleDescription('You have unread notifications');

    bell.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Notifications' }, loaded)).toBeInTheDocument();
    expect(onOpenChange).toHaveBeenCalledExactlyOnceWith(true);
    expect(screen.getByRole('button', { name: 'Notifications' })).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Notifications' })).toHaveFocus();
  });
});
