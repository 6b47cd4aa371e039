import '@/lib/i18n';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LazyToaster } from '@/components/ui/lazy-toaster';
import { ActionButton } from './action-button';

describe('ActionButton', { timeout: 20_000 }, () => {
  it('is busy while its action runs, and says why the action failed', async () => {
    const user = userEvent.setup();
    let fail: (error: Error) => void = () => {};
    render(
      <>
        <ActionButton action={() => new Promise((_, reject) => (fail = reject))}>Resend verification</ActionButton>
        <LazyToaster />
      </>,
    );
    const button = screen.getByRole('button', { name: 'Resend verification' });
    await user.click(button);
    expect(button).toHaveAttribute('aria-busy', 'true');

    fail(new Error('The mail server is not answering.'));
    // The toaster's module loads with the first toast.
    expect(await screen.findByText('The mail server is not answering.', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(button).not.toHaveAttribute('aria-busy');
  });
});
