import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TileAvatar } from './tile-avatar';

describe('TileAvatar', { timeout: 15_000 }, () => {
  it('draws the icon of the bundled set when there is no logo, without the initials', async () => {
    render(<TileAvatar name="Source Hosting" icon="git-branch" />);
    const avatar = screen.getByRole('img', { name: 'Source Hosting' });
    await waitFor(() => expect(avatar.querySelector('svg')).not.toBeNull(), { timeout: 10_000 });
    expect(avatar).not.toHaveTextContent('SH');
    expect(avatar.closest('[data-slot="tile-avatar"]')).toHaveAttribute('data-shows', 'icon');
    expect(avatar.closest('[data-slot="tile-avatar"]')).toHaveAttribute('data-icon', 'git-branch');
  });

  it('shows the initials for an icon the set does not hold, and when there is neither logo nor icon', async () => {
    const { unmount } = render(<TileAvatar name="Source Hosting" icon="rocketship" />);
    await waitFor(() => expect(screen.getByRole('img', { name: 'Source Hosting' })).toHaveTextContent('SH'));
    unmount();
    render(<TileAvatar name="Payroll app" />);
    expect(screen.getByRole('img', { name: 'Payroll app' })).toHaveTextContent('PA');
    expect(document.querySelector('[data-slot="tile-avatar"]')).toHaveAttribute('data-shows', 'initials');
  });

  it('prefers an https logo to the icon, and never loads a logo that is not https', () => {
    const { unmount } = render(
      <TileAvatar name="Source Hosting" logoUrl="https://example.com/logo.png" icon="git-branch" />,
    );
    expect(document.querySelector('[data-slot="tile-avatar"]')).toHaveAttribute('data-shows', 'logo');
    unmount();
    render(<TileAvatar name="Source Hosting" logoUrl="javascript:alert(1)" icon="git-branch" />);
    expect(document.querySelector('[data-slot="tile-avatar"]')).toHaveAttribute('data-shows', 'icon');
  });
});
