import '@/lib/i18n';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderWithApi } from '@/test/render-with-api';
import { SecondFactorsCard } from './second-factors-card';

const userId = '0b6f3f0e-3c1e-4a57-9f59-2f0a4f7a1c11';
const email = 'grace@example.com';
const none = { managedHere: true, totpEnabled: false, recoveryCodesLeft: 0, passkeyCount: 0 };

describe('SecondFactorsCard', () => {
  beforeEach(() => {
    localStorage.clear();
  });

  it('shows what the person has, asks first, then resets and shows that nothing is left', async () => {
    let factors = { managedHere: true, totpEnabled: true, recoveryCodesLeft: 7, passkeyCount: 2 };
    const { graphqlCalls } = await renderWithApi(<SecondFactorsCard userId={userId} email={email} isSelf={false} />, {
      resolveGraphQL: ({ operationName }: { operationName: string }) => {
        if (operationName === 'GetUserSecondFactors') return { body: { data: { userSecondFactors: factors } } };
        if (operationName === 'ResetSecondFactors') {
          factors = none;
          return { body: { data: { resetSecondFactors: none } } };
        }
        throw new Error(`unexpected ${operationName}`);
      },
    });
    expect(await screen.findByText('Authenticator app (7 recovery codes left), 2 passkeys')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Reset two-factor authentication' }));
    expect(graphqlCalls().map((call) => call.operationName)).toEqual(['GetUserSecondFactors']);
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent(email);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reset' }));

    expect(await screen.findByText(`Two-factor authentication of ${email} was reset`)).toBeInTheDocument();
    expect(await screen.findByText('None set up: they sign in with their password alone.')).toBeInTheDocument();
    expect(graphqlCalls()).toContainEqual(
      expect.objectContaining({ operationName: 'ResetSecondFactors', variables: { userId } }),
    );
    expect(screen.getByRole('button', { name: 'Reset two-factor authentication' })).toBeDisabled();
  });

  it('offers no reset of one’s own factors, nor of a person who has none', async () => {
    await renderWithApi(<SecondFactorsCard userId={userId} email={email} isSelf />, {
      resolveGraphQL: () => ({
        body: { data: { userSecondFactors: { ...none, totpEnabled: true, recoveryCodesLeft: 1 } } },
      }),
    });
    expect(await screen.findByText('Authenticator app (1 recovery code left)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reset two-factor authentication' })).toBeDisabled();
  });
});
