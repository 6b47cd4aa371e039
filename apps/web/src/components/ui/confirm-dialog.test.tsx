import '@/lib/i18n';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button';
import { ConfirmDialog } from './confirm-dialog';

function renderConfirm(props: { confirmationText?: string } = {}) {
  const onConfirm = vi.fn();
  const user = userEvent.setup();
  render(
    <ConfirmDialog
      trigger={<Button>Delete team</Button>}
      title="Delete the team Acme?"
      description="This cannot be undone."
      confirmLabel="Delete"
      onConfirm={onConfirm}
      {...props}
    />,
  );
  return { user, onConfirm };
}

describe('ConfirmDialog', () => {
  it('confirms a destructive action after asking', async () => {
    const { user, onConfirm } = renderConfirm();
    await user.click(screen.getByRole('button', { name: 'Delete team' }));
    expect(screen.getByRole('alertdialog', { name: 'Delete the team Acme?' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledOnce();
  });

  it('cancels without confirming', async () => {
    const { user, onConfirm } = renderConfirm();
    await user.click(screen.getByRole('button', { name: 'Delete team' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('enables the action only once the confirmation text is typed exactly', async () => {
    const { user, onConfirm } = renderConfirm({ confirmationText: 'Acme' });
    await user.click(screen.getByRole('button', { name: 'Delete team' }));
    const input = screen.getByLabelText('Type Acme to confirm');
    expect(input).toHaveFocus();
    const confirm = screen.getByRole('button', { name: 'Delete' });

    await user.type(input, 'acme');
    expect(confirm).toBeDisabled();
    await user.clear(input);
    await user.type(input, 'Acme{Enter}');
    expect(confirm).toBeEnabled();
    expect(onConfirm).toHaveBeenCalledOnce();
  });
});
