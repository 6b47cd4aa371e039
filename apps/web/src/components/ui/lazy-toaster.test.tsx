import '@/lib/i18n';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LazyToaster } from './lazy-toaster';
import { closeToast, getToasts, toast, toastRemovalDelayMs } from './toast-store';

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
    expect(await screen.findByText('Profile saved')).toBeVisible();
    expect(screen.getByRole('region', { name: /notifications/i })).toBeInTheDocument();
  });
});
