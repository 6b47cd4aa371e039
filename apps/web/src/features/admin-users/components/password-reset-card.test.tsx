import '@/lib/i18n';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderWithApi } from '@/test/render-with-api';
import { PasswordResetCard } from './password-reset-card';

const userId = '0b6f3f0e-3c1e-4a57-9f59-2f0a4f7a1c11';
const email = 'grace@example.com';

function answering(link: string | null) {
  return () => ({ body: { data: { sendPasswordResetLink: { email, mailed: link === null, link } } } });
}

describe('PasswordResetCard', () => {
  beforeEach(() => {
    localStorage.clear();
  });

  it('asks first, then says the link was mailed', async () => {
    const { graphqlCalls } = await renderWithApi(<PasswordResetCard userId={userId} email={email} />, {
      resolveGraphQL: answering(null),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Send password reset link' }));
    expect(graphqlCalls()).toEqual([]);
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent(email);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send link' }));

    expect(await screen.findByText(`Reset link sent to ${email}`)).toBeInTheDocument();
    expect(graphqlCalls()).toMatchObject([{ operationName: 'SendPasswordResetLink', variables: { userId } }]);
    expect(screen.queryByText('No mail is configured')).toBeNull();
  });

  it('shows the link to copy when no mail is configured', async () => {
    const link = 'http://portal.test/idp/reset-password?token=abc';
    await renderWithApi(<PasswordResetCard userId={userId} email={email} />, { resolveGraphQL: answering(link) });
    await userEvent.click(screen.getByRole('button', { name: 'Send password reset link' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Send link' }));

    expect(await screen.findByText('No mail is configured')).toBeInTheDocument();
    expect(screen.getByLabelText('Password reset link')).toHaveValue(link);
    await userEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(link);
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();
  });
});
