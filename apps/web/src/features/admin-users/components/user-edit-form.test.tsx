import '@/lib/i18n';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeToast, getToasts, toastRemovalDelayMs } from '@/components/ui/toast-store';
import { renderWithApi } from '@/test/render-with-api';
import type { AdminUser } from '../api/get-user-by-id';
import { UserEditForm } from './user-edit-form';

const lastAdmin: AdminUser = {
  id: '0b6f3f0e-3c1e-4a57-9f59-2f0a4f7a1c11',
  firstName: 'Grace',
  lastName: 'Hopper',
  email: 'grace@example.com',
  primaryPhone: '+1 555 0100',
  ordwayCustomerId: null,
  isSystemAdmin: true,
  isEmailVerified: true,
  suspendedAt: null,
  lastLogin: null,
  teams: [],
};

describe('UserEditForm', () => {
  beforeEach(() => {
    localStorage.clear();
  });
  afterEach(async () => {
    for (const entry of getToasts()) closeToast(entry.id);
    await new Promise((resolve) => setTimeout(resolve, toastRemovalDelayMs));
  });

  it('sends only what changed: the cleared phone, the billing customer and the administrator switch', async () => {
    const { graphqlCalls } = await renderWithApi(<UserEditForm user={{ ...lastAdmin, isSystemAdmin: false }} />, {
      resolveGraphQL: () => ({ body: { data: { updateUser: { ...lastAdmin, ordwayCustomerId: 'C-42' } } } }),
    });
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Phone'));
    await user.type(screen.getByLabelText('Billing customer id'), ' C-42 ');
    await user.click(screen.getByRole('checkbox', { name: 'System administrator' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('User saved')).toBeInTheDocument();
    expect(graphqlCalls()).toEqual([
      expect.objectContaining({
        operationName: 'UpdateUser',
        variables: {
          userInput: { id: lastAdmin.id, primaryPhone: '', ordwayCustomerId: 'C-42', isSystemAdmin: true },
        },
      }),
    ]);
  });

  it('refuses a malformed phone number without sending it', async () => {
    const { graphqlCalls } = await renderWithApi(<UserEditForm user={lastAdmin} />);
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Phone'));
    await user.type(screen.getByLabelText('Phone'), 'call me');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Use digits, spaces and + ( ) . - only.')).toBeInTheDocument();
    expect(graphqlCalls()).toEqual([]);
  });

  it('shows the refusal to demote the last administrator at the switch', async () => {
    const refusal = 'The last system administrator cannot be demoted. Make someone else an administrator first.';
    await renderWithApi(<UserEditForm user={lastAdmin} />, {
      resolveGraphQL: () => ({
        body: {
          data: null,
          errors: [{ message: refusal, extensions: { code: 'INVALID_CONTENT', field: 'userInput.isSystemAdmin' } }],
        },
      }),
    });
    const user = userEvent.setup();
    const adminSwitch = screen.getByRole('checkbox', { name: 'System administrator' });
    await user.click(adminSwitch);
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(refusal)).toBeVisible();
    expect(adminSwitch).toHaveAttribute('aria-invalid', 'true');
    expect(adminSwitch).toHaveAccessibleDescription(expect.stringContaining(refusal));
    expect(screen.queryByText('User saved')).toBeNull();
  });
});
