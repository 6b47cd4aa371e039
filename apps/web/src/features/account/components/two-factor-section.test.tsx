import '@/lib/i18n';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderWithApi } from '@/test/render-with-api';
import { TwoFactorSection } from './two-factor-section';

const status = (overrides: Record<string, unknown> = {}) => ({
  mySecondFactors: {
    managedHere: true,
    totpEnabledAt: '2026-11-20T10:00:00.000Z',
    recoveryCodesLeft: 7,
    required: false,
    ...overrides,
  },
});

describe('TwoFactorSection', () => {
  beforeEach(() => {
    localStorage.clear();
  });

  it('says the portal relies on an external provider, with nothing to set up', async () => {
    await renderWithApi(<TwoFactorSection />, {
      resolveGraphQL: () => ({ body: { data: status({ managedHere: false, totpEnabledAt: null }) } }),
    });
    expect(await screen.findByText(/DXP Portal relies on it/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Set up authenticator app' })).not.toBeInTheDocument();
  });

  it('shows the codes left, and turns the app off only with the password, showing a refusal under the field', async () => {
    const refusal = 'The password or code is incorrect.';
    const { graphqlCalls } = await renderWithApi(<TwoFactorSection />, {
      resolveGraphQL: (call) =>
        call.operationName === 'RemoveTotp'
          ? {
              body: {
                data: null,
                errors: [
                  { message: refusal, extensions: { code: 'INVALID_REQUEST', fields: { password: [refusal] } } },
                ],
              },
            }
          : { body: { data: status() } },
    });
    expect(await screen.findByText(/7 of 10 recovery codes left/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Turn off' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn off two-factor authentication?' });
    await userEvent.type(screen.getByLabelText(/Password or app code/), 'wrong password');
    await userEvent.click(screen.getAllByRole('button', { name: 'Turn off' }).at(-1)!);
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(screen.getByLabelText(/Password or app code/)).toHaveAccessibleDescription(expect.stringContaining(refusal));
    expect(dialog).toBeInTheDocument();
    expect(graphqlCalls().filter((call) => call.operationName === 'RemoveTotp')).toMatchObject([
      { variables: { input: { password: 'wrong password' } } },
    ]);
  });

  it('cannot be turned off when the portal requires it', async () => {
    await renderWithApi(<TwoFactorSection />, {
      resolveGraphQL: () => ({ body: { data: status({ required: true }) } }),
    });
    expect(await screen.findByText(/requires two-factor authentication for your account/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Turn off' })).not.toBeInTheDocument();
  });
});
