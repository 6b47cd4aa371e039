import '@/lib/i18n';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DefaultLayout as DefaultLayoutType } from './default-layout';

// Each test imports a fresh copy, so the menus' code starts unloaded every time; loading it is a real
// dynamic import, slow on a busy machine.
const loaded = { timeout: 10_000 };
let DefaultLayout: typeof DefaultLayoutType;
beforeEach(async () => {
  vi.resetModules();
  ({ DefaultLayout } = await import('./default-layout'));
});

const navigation = [
  { label: 'Dashboard', href: '/dashboard' },
  { label: 'Teams', href: '/teams' },
];

function renderLayout(isSystemAdmin: boolean) {
  const onSignOut = vi.fn();
  render(
    <DefaultLayout
      user={{ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', isSystemAdmin }}
      navigation={navigation}
      notificationBell={<button type="button">Notifications</button>}
      onSignOut={onSignOut}
    >
      <p>Page content</p>
    </DefaultLayout>,
  );
  return { user: userEvent.setup(), onSignOut };
}

/** Hovering loads the menu's code; the press then goes to Radix's own trigger (which carries an id). */
async function openAccountMenu(user: ReturnType<typeof userEvent.setup>) {
  await user.hover(screen.getByRole('button', { name: 'Account menu' }));
  await waitFor(() => expect(screen.getByRole('button', { name: 'Account menu' })).toHaveAttribute('id'), loaded);
  await user.click(screen.getByRole('button', { name: 'Account menu' }));
}

describe('DefaultLayout', { timeout: 20_000 }, () => {
  beforeAll(() => {
    vi.stubGlobal('matchMedia', () => ({ matches: false, addEventListener() {}, removeEventListener() {} }));
  });

  it('links home, lists the navigation and shows the page inside the main landmark', () => {
    renderLayout(false);
    expect(screen.getByRole('link', { name: 'DXP Portal home' })).toHaveAttribute('href', '/dashboard');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(Array.from(nav.querySelectorAll('a')).map((link) => link.getAttribute('href'))).toEqual([
      '/dashboard',
      '/teams',
    ]);
    expect(screen.getByRole('main')).toHaveTextContent('Page content');
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument();
  });

  it('offers profile and sign-out in the user menu, and system administration to admins only', async () => {
    const { user, onSignOut } = renderLayout(false);
    await openAccountMenu(user);
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Profile' })).toHaveAttribute('href', '/account/profile');
    expect(screen.queryByRole('menuitem', { name: 'System administration' })).toBeNull();

    await user.click(screen.getByRole('menuitem', { name: 'Sign out' }));
    expect(onSignOut).toHaveBeenCalledOnce();
  });

  it('shows system administration to system admins', async () => {
    const { user } = renderLayout(true);
    await openAccountMenu(user);
    expect(screen.getByRole('menuitem', { name: 'System administration' })).toBeInTheDocument();
  });

  it('opens the account menu and the folded navigation from the keyboard on the first try', async () => {
    const { user } = renderLayout(false);
    const accountMenu = screen.getByRole('button', { name: 'Account menu' });
    expect(accountMenu).toHaveAttribute('aria-haspopup', 'menu');
    expect(accountMenu).toHaveAttribute('aria-expanded', 'false');
    accountMenu.focus();
    await user.keyboard('{ArrowDown}');
    expect(await screen.findByRole('menuitem', { name: 'Sign out' }, loaded)).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(screen.getByRole('button', { name: 'Account menu' })).toHaveFocus();

    screen.getByRole('button', { name: 'Menu' }).focus();
    await user.keyboard(' ');
    const menu = await screen.findByRole('menu', {}, loaded);
    expect(Array.from(menu.querySelectorAll('a')).map((link) => link.getAttribute('href'))).toEqual([
      '/dashboard',
      '/teams',
    ]);
  });
});
