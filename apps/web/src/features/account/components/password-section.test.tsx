import '@/lib/i18n';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderWithApi } from '@/test/render-with-api';
import { PasswordSection } from './password-section';

describe('PasswordSection', () => {
  beforeEach(() => {
    localStorage.clear();
  });

  it('sends the current and the new password and says the other sessions were signed out', async () => {
    const { graphqlCalls } = await renderWithApi(<PasswordSection />, {
      resolveGraphQL: () => ({ body: { data: { changeMyPassword: true } } }),
    });
    await userEvent.type(screen.getByLabelText(/Current password/), 'old horse battery');
    await userEvent.type(screen.getByLabelText(/New password/), 'correct staple violet');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));

    expect(await screen.findByText('Password changed')).toBeInTheDocument();
    expect(screen.getByText(/other browsers and devices were signed out/)).toBeInTheDocument();
    expect(graphqlCalls()).toMatchObject([
      {
        operationName: 'ChangeMyPassword',
        variables: { input: { currentPassword: 'old horse battery', newPassword: 'correct staple violet' } },
      },
    ]);
    await waitFor(() => expect(screen.getByLabelText(/New password/)).toHaveValue(''));
  });

  it('refuses a short new password before asking the server', async () => {
    const { graphqlCalls } = await renderWithApi(<PasswordSection />, {
      resolveGraphQL: () => ({ body: { data: { changeMyPassword: true } } }),
    });
    await userEvent.type(screen.getByLabelText(/Current password/), 'old horse battery');
    await userEvent.type(screen.getByLabelText(/New password/), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));

    expect(await screen.findByText('Use at least 8 characters.')).toBeInTheDocument();
    expect(graphqlCalls()).toEqual([]);
  });

  it('shows the server’s message under the field it names', async () => {
    const refusal = 'This password is common or easy to guess. Try a few unrelated words together.';
    await renderWithApi(<PasswordSection />, {
      resolveGraphQL: () => ({
        body: {
          data: null,
          errors: [{ message: refusal, extensions: { code: 'INVALID_REQUEST', field: 'newPassword' } }],
        },
      }),
    });
    await userEvent.type(screen.getByLabelText(/Current password/), 'old horse battery');
    await userEvent.type(screen.getByLabelText(/New password/), 'password1');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));

    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(screen.getByLabelText(/New password/)).toHaveAccessibleDescription(expect.stringContaining(refusal));
  });
});
