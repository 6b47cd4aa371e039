import '@/lib/i18n';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Toaster } from './toast';
import { closeToast, getToasts, toast, toastRemovalDelayMs } from './toast-store';

describe('Toaster', () => {
  beforeAll(() => {
    // jsdom has no pointer capture; Radix's swipe handling calls it on every click.
    if (!('hasPointerCapture' in Element.prototype)) {
      Object.assign(Element.prototype, {
        hasPointerCapture: () => false,
        setPointerCapture() {},
        releasePointerCapture() {},
      });
    }
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
      toast({
        title: 'Bookmark deleted',
        description: 'Acme wiki',
        color: 'neutral',
        actions: [{ label: 'Undo', onClick: onUndo }],
      });
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

  it('places its region at the bottom right and moves the focus there on F8', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Saved' });
    });
    const region = screen.getByRole('region', { name: 'Messages (F8)' });
    const viewport = within(region).getByRole('list');
    expect(viewport).toHaveClass('fixed', 'right-0', 'bottom-0');
    expect(viewport).not.toHaveFocus();
    fireEvent.keyDown(document, { key: 'F8', code: 'F8' });
    expect(viewport).toHaveFocus();
  });

  describe('swipe', () => {
    async function swipe(distanceX: number) {
      const user = userEvent.setup();
      render(<Toaster />);
      act(() => {
        toast({ title: 'Swipe me', duration: Infinity });
      });
      const item = screen.getByRole('listitem');
      await user.pointer([
        { keys: '[MouseLeft>]', target: item, coords: { clientX: 200, clientY: 100 } },
        { target: item, coords: { clientX: 200 + distanceX / 2, clientY: 100 } },
        { target: item, coords: { clientX: 200 + distanceX, clientY: 100 } },
        { keys: '[/MouseLeft]', target: item, coords: { clientX: 200 + distanceX, clientY: 100 } },
      ]);
    }

    it('dismisses a toast swiped right by more than 50 px', async () => {
      await swipe(51);
      await vi.waitFor(() => expect(screen.queryByText('Swipe me')).toBeNull());
    });

    it('keeps a toast swiped right by 50 px or less, or swiped left', async () => {
      await swipe(50);
      await new Promise((resolve) => setTimeout(resolve, toastRemovalDelayMs + 50));
      expect(screen.getByText('Swipe me')).toBeInTheDocument();
      cleanup();
      for (const entry of getToasts()) closeToast(entry.id);
      await new Promise((resolve) => setTimeout(resolve, toastRemovalDelayMs));

      await swipe(-120);
      await new Promise((resolve) => setTimeout(resolve, toastRemovalDelayMs + 50));
      expect(screen.getByText('Swipe me')).toBeInTheDocument();
    });
  });
});
