import '@/lib/i18n';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderWithApi } from '@/test/render-with-api';
import { DeleteAccountSection } from './delete-account-section';

const email = 'ada@example.com';

function answers(check: { success: boolean; errors: unknown[] }) {
  return ({ operationName }: { operationName: string }) => {
    if (operationName === 'CheckDeleteAccount') return { body: { data: { checkDeleteAccount: check } } };
    if (operationName === 'deleteAccount') return { body: { data: { deleteAccount: true } } };
    throw new Error(`unexpected ${operationName}`);
  };
}

describe('DeleteAccountSection', () => {
  beforeEach(() => {
    localStorage.clear();
  });

  it('lists each team that still needs the user as owner, linking to its members, and asks nothing yet', async () => {
    const { graphqlCalls } = await renderWithApi(<DeleteAccountSection email={email} />, {
      resolveGraphQL: answers({
        success: false,
        errors: [
          { code: 'TEAM_MUST_HAVE_OWNER', message: 'Transfer first', teamFriendlyId: 'acme', teamName: 'Acme' },
          { code: 'TEAM_MUST_HAVE_OWNER', message: 'Transfer first', teamFriendlyId: 'globex', teamName: 'Globex' },
        ],
      }),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Delete account…' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Some teams still need you as their owner');
    expect(screen.getByRole('link', { name: 'Transfer ownership of Acme' })).toHaveAttribute(
      'href',
      '/teams/acme/members',
    );
    expect(screen.getByRole('link', { name: 'Transfer ownership of Globex' })).toHaveAttribute(
      'href',
      '/teams/globex/members',
    );
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(graphqlCalls().map((call) => call.operationName)).toEqual(['CheckDeleteAccount']);
  });

  it('tells the last system administrator why, without a team link', async () => {
    await renderWithApi(<DeleteAccountSection email={email} />, {
      resolveGraphQL: answers({
        success: false,
        errors: [
          {
            code: 'INVALID_CONTENT',
            message: 'You are the last system administrator. Make someone else an administrator first.',
            teamFriendlyId: null,
            teamName: null,
          },
        ],
      }),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Delete account…' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your account cannot be deleted yet');
    expect(alert).toHaveTextContent('You are the last system administrator. Make someone else an administrator first.');
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('deletes only once the email is typed, then ends the session and returns to the start page', async () => {
    const { graphqlCalls, session, router } = await renderWithApi(<DeleteAccountSection email={email} />, {
      resolveGraphQL: answers({ success: true, errors: [] }),
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete account…' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete your account?' });
    const confirm = screen.getByRole('button', { name: 'Delete account' });
    expect(confirm).toBeDisabled();

    await user.type(screen.getByRole('textbox'), email);
    await user.click(confirm);

    await waitFor(() => expect(session.getState().status).toBe('unauthenticated'));
    expect(localStorage.getItem('dxp:access_token')).toBeNull();
    expect(graphqlCalls().map((call) => call.operationName)).toEqual(['CheckDeleteAccount', 'deleteAccount']);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByText('Your account has been deleted')).toBeInTheDocument();
    expect(dialog).not.toBeInTheDocument();
  });
});
