import '@/lib/i18n';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApi } from '@/test/render-with-api';
import { NotificationPreferencesSection } from './notification-preferences-section';

const preferences = (emailAvailable: boolean) => ({
  myNotificationPreferences: {
    emailAvailable,
    preferences: [
      { type: 'TeamInvite', delivery: emailAvailable ? 'BOTH' : 'PORTAL', defaultDelivery: 'BOTH', isChosen: false },
      { type: 'TeamRoleChanged', delivery: 'PORTAL', defaultDelivery: 'PORTAL', isChosen: false },
      { type: 'NewSignIn', delivery: 'PORTAL', defaultDelivery: 'BOTH', isChosen: true },
    ],
  },
});

describe('NotificationPreferencesSection', () => {
  it('shows each type with a portal and an email switch, and saves a change at once with a confirmation', async () => {
    const { graphqlCalls } = await renderWithApi(<NotificationPreferencesSection />, {
      resolveGraphQL: ({ operationName, variables }) =>
        operationName === 'SetMyNotificationPreference'
          ? {
              body: {
                data: {
                  setMyNotificationPreference: {
                    type: 'TeamInvite',
                    delivery: (variables as { input: { delivery: string } }).input.delivery,
                    defaultDelivery: 'BOTH',
                    isChosen: true,
                  },
                },
              },
            }
          : { body: { data: preferences(true) } },
    });
    const emailForInvites = await screen.findByRole('switch', { name: 'Team invites by email' });
    expect(emailForInvites).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Team invites in the portal' })).toBeChecked();
    // A type this build has no words for still reads as words.
    expect(screen.getByRole('switch', { name: 'New sign in by email' })).not.toBeChecked();
    // The only channel left on cannot be switched off.
    expect(screen.getByRole('switch', { name: 'Team role changes in the portal' })).toBeDisabled();

    await userEvent.click(emailForInvites);
    expect(await screen.findByText('Team invites: saved')).toBeInTheDocument();
    expect(screen.getByText('In the portal only.')).toBeInTheDocument();
    expect(emailForInvites).not.toBeChecked();
    expect(graphqlCalls().filter((call) => call.operationName === 'SetMyNotificationPreference')).toMatchObject([
      { variables: { input: { type: 'TeamInvite', delivery: 'PORTAL' } } },
    ]);
  });

  it('without mail, explains why and offers the portal only', async () => {
    await renderWithApi(<NotificationPreferencesSection />, {
      resolveGraphQL: () => ({ body: { data: preferences(false) } }),
    });
    expect(await screen.findByText(/This portal does not send email/)).toBeInTheDocument();
    const table = screen.getByRole('table');
    for (const emailSwitch of within(table).getAllByRole('switch', { name: /by email$/ })) {
      expect(emailSwitch).toBeDisabled();
      expect(emailSwitch).not.toBeChecked();
    }
  });
});
