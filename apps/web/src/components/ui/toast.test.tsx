import '@/lib/i18n';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Toaster } from './toast';
import { closeToast, getToasts, toast, toastRemovalDelayMs } from './toast-store';

describe('Toaster', () => {
  beforeAll(() => {
    // jsdom has no pointer capture; Radix's swipe handling calls it on every click.
    Element.prototype.hasPointerCapture ??= () => false;
    Element.prototype.setPointerCapture ??= () => {};
    Element.prototype.releasePointerCapture ??= () => {};
  });

  afterEach(async () => {
    for (const entry of getToasts()) closeToast(entry.id);
    await new Promise((resolve) => setTimeout(resolve, toastRemovalDelayMs));
  });

  it('shows a toast raised from outside React and removes it once closed', async () => {
    const user = userEvent.setup();
    const onUndo = vi.fn();
    render(<Toaster />);

    act(() => {
      toast({ title: 'Bookmark deleted', description: 'Acme wiki', color: 'neutral', actions: [{ label: 'Undo', onClick: onUndo }] });
    });
    expect(screen.getByText('Bookmark deleted')).toBeVisible();
    expect(screen.getByText('Acme wiki')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(onUndo).toHaveBeenCalledOnce();
    await vi.waitFor(() => expect(screen.queryByText('Bookmark deleted')).toBeNull());
  });

  it('closes with the close button', async () => {
    const user = userEvent.setup();
    render(<Toaster />);
    act(() => {
      toast({ title: 'Saved' });
    });
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await vi.waitFor(() => expect(screen.queryByText('Saved')).toBeNull());
  });
});
