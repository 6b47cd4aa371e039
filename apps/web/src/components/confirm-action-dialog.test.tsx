import '@/lib/i18n';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Button } from '@/components/ui/button';
import { LazyToaster } from '@/components/ui/lazy-toaster';
import { ConfirmActionDialog } from './confirm-action-dialog';

function renderDialog(action: () => Promise<unknown>) {
  const user = userEvent.setup();
  render(
    <>
      <ConfirmActionDialog
        trigger={<Button>Remove</Button>}
        title="Remove Ada?"
        description="Ada loses access."
        confirmLabel="Remove member"
        action={action}
      />
      <LazyToaster />
    </>,
  );
  return user;
}

describe('ConfirmActionDialog', { timeout: 20_000 }, () => {
  it('runs the action once confirmed and closes when it succeeds', async () => {
    const calls: string[] = [];
    const user = renderDialog(() => {
      calls.push('removed');
      return Promise.resolve();
    });
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(calls).toEqual([]);
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove member' }));

    expect(calls).toEqual(['removed']);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('says why the action failed and stays open to try again', async () => {
    const user = renderDialog(() => Promise.reject(new Error('Only the owner can remove members.')));
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove member' }));

    // The toaster's module loads with the first toast.
    expect(await screen.findByText('Something went wrong', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText('Only the owner can remove members.')).toBeInTheDocument();
    expect(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove member' })).toBeEnabled();
  });
});
