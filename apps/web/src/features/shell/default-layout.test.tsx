import '@/lib/i18n';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { DefaultLayout } from './default-layout';

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

describe('DefaultLayout', () => {
  beforeAll(() => {
    vi.stubGlobal('matchMedia', () => ({ matches: false, addEventListener() {}, removeEventListener() {} }));
  });

  it('links home, lists the navigation and shows the page inside the main landmark', () => {
    renderLayout(false);
    expect(screen.getByRole('link', { name: 'DXP Portal home' })).toHaveAttribute('href', '/dashboard');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(Array.from(nav.querySelectorAll('a')).map((link) => link.getAttribute('href'))).toEqual(['/dashboard', '/teams']);
    expect(screen.getByRole('main')).toHaveTextContent('Page content');
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument();
  });

  it('offers profile and sign-out in the user menu, and system administration to admins only', async () => {
    const { user, onSignOut } = renderLayout(false);
    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Profile' })).toHaveAttribute('href', '/account/profile');
    expect(screen.queryByRole('menuitem', { name: 'System administration' })).toBeNull();

    await user.click(screen.getByRole('menuitem', { name: 'Sign out' }));
    expect(onSignOut).toHaveBeenCalledOnce();
  });

  it('shows system administration to system admins', async () => {
    const { user } = renderLayout(true);
    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    expect(screen.getByRole('menuitem', { name: 'System administration' })).toBeInTheDocument();
  });
});
