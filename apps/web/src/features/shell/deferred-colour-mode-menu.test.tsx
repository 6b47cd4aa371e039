import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

// Each test imports a fresh copy, so the menu's code starts unloaded every time.
// Loading the menu's code is a real dynamic import: on a busy machine it takes a while.
const loaded = { timeout: 10_000 };
async function renderDeferredMenu() {
  vi.resetModules();
  const { DeferredColourModeMenu } = await import('./deferred-colour-mode-menu');
  render(<DeferredColourModeMenu />);
  return userEvent.setup();
}

describe('DeferredColourModeMenu', { timeout: 20_000 }, () => {
  beforeAll(() => {
    vi.stubGlobal('matchMedia', () => ({ matches: false, addEventListener() {}, removeEventListener() {} }));
  });
  beforeEach(() => {
    localStorage.clear();
  });

  it('opens on the first click, before its code has loaded, and applies the choice', async () => {
    const user = await renderDeferredMenu();
    const trigger = screen.getByRole('button', { name: 'Colour mode' });
    expect(trigger).toHaveAttribute('aria-haspopup', 'menu');

    await user.click(trigger);
    await user.click(await screen.findByRole('menuitemradio', { name: 'Dark' }, loaded));
    expect(localStorage.getItem('dxp:colour-mode')).toBe('dark');
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('keeps the focus on the button when the code arrives and opens from the keyboard', async () => {
    const user = await renderDeferredMenu();
    await user.tab();
    // Focus alone loads the menu; the real trigger replaces the placeholder and keeps the focus.
    await waitFor(
      () => expect(screen.getByRole('button', { name: 'Colour mode' })).toHaveAttribute('data-state', 'closed'),
      loaded,
    );
    expect(screen.getByRole('button', { name: 'Colour mode' })).toHaveFocus();

    await user.keyboard('{Enter}');
    expect(await screen.findByRole('menuitemradio', { name: 'System' }, loaded)).toBeInTheDocument();
    expect(screen.getByRole('menuitemradio', { name: 'System' })).toBeChecked();
  });

  it('opens from the keyboard when Enter comes before the code', async () => {
    const user = await renderDeferredMenu();
    screen.getByRole('button', { name: 'Colour mode' }).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('menuitemradio', { name: 'Light' }, loaded)).toBeInTheDocument();
  });
});
