import '@/lib/i18n';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

// Fresh modules: test files share a worker, and an earlier file's toast would already have loaded the toaster.
vi.resetModules();
const { LazyToaster } = await import('./lazy-toaster');
const { closeToast, getToasts, toast, toastRemovalDelayMs } = await import('./toast-store');

describe('LazyToaster', () => {
  afterEach(async () => {
    for (const entry of getToasts()) closeToast(entry.id);
    await new Promise((resolve) => setTimeout(resolve, toastRemovalDelayMs));
  });

  it('renders nothing until the first toast, then loads the toaster and shows it', async () => {
    const { container } = render(<LazyToaster />);
    expect(container).toBeEmptyDOMElement();

    act(() => {
      toast({ title: 'Profile saved' });
    });
    // The toaster chunk loads on demand: allow for a slow machine. Radix also renders a screen-reader copy.
    const [shown] = await screen.findAllByText('Profile saved', {}, { timeout: 10_000 });
    expect(shown).toBeVisible();
    expect(screen.getByRole('region', { name: /messages/i })).toBeInTheDocument();
  });
});
