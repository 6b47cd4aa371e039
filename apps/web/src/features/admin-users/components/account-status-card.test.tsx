import '@/lib/i18n';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderWithApi } from '@/test/render-with-api';
import { AccountStatusCard } from './account-status-card';

const person = {
  id: '0b6f3f0e-3c1e-4a57-9f59-2f0a4f7a1c11',
  email: 'grace@example.com',
  isEmailVerified: false,
  suspendedAt: null,
};

describe('AccountStatusCard', () => {
  beforeEach(() => {
    localStorage.clear();
  });

  it('suspends only after a confirmation', async () => {
    const { graphqlCalls } = await renderWithApi(<AccountStatusCard user={person} isSelf={false} isBuiltIn />, {
      resolveGraphQL: () => ({
        body: { data: { suspendUser: { id: person.id, suspendedAt: '2026-01-01T00:00:00.000Z' } } },
      }),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Suspend' }));
    expect(graphqlCalls()).toEqual([]);
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('grace@example.com is signed out everywhere');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(await screen.findByText('grace@example.com is suspended')).toBeInTheDocument();
    expect(graphqlCalls()).toMatchObject([{ operationName: 'SuspendUser', variables: { userId: person.id } }]);
  });

  it('offers Reactivate for a suspended account, and no Suspend for oneself', async () => {
    await renderWithApi(
      <AccountStatusCard user={{ ...person, suspendedAt: '2026-01-01T00:00:00.000Z' }} isSelf={false} isBuiltIn />,
    );
    expect(screen.getByRole('button', { name: 'Reactivate' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Suspend' })).toBeNull();
  });

  it('disables Suspend on one’s own account', async () => {
    await renderWithApi(<AccountStatusCard user={person} isSelf isBuiltIn />);
    expect(screen.getByRole('button', { name: 'Suspend' })).toBeDisabled();
  });

  it('resends the verification mail of an unconfirmed address', async () => {
    const { graphqlCalls } = await renderWithApi(<AccountStatusCard user={person} isSelf={false} isBuiltIn />, {
      resolveGraphQL: () => ({
        body: { data: { resendVerificationMail: { email: person.email, mailed: true, link: null } } },
      }),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Resend verification' }));
    expect(await screen.findByText('Verification mail sent to grace@example.com')).toBeInTheDocument();
    expect(graphqlCalls()).toMatchObject([{ operationName: 'ResendVerificationMail' }]);
  });
});
