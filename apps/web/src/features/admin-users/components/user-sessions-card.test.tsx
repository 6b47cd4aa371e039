import '@/lib/i18n';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderWithApi } from '@/test/render-with-api';
import { UserSessionsCard } from './user-sessions-card';

const userId = '0b6f3f0e-3c1e-4a57-9f59-2f0a4f7a1c11';
const firefox = {
  id: 's-1',
  createdAt: '2026-11-20T09:00:00.000Z',
  lastSeenAt: '2026-11-26T10:00:00.000Z',
  clientAddress: '203.0.113.7',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
};

describe('UserSessionsCard', () => {
  beforeEach(() => {
    localStorage.clear();
  });

  it('lists the sessions and ends one after confirmation', async () => {
    let sessions = [firefox];
    const { graphqlCalls } = await renderWithApi(<UserSessionsCard userId={userId} />, {
      resolveGraphQL: ({ operationName }: { operationName: string }) => {
        if (operationName === 'GetUserSessions') return { body: { data: { userSessions: sessions } } };
        if (operationName === 'RevokeUserSession') {
          sessions = [];
          return { body: { data: { revokeUserSession: { id: firefox.id } } } };
        }
        throw new Error(`unexpected ${operationName}`);
      },
    });
    const row = await screen.findByRole('listitem', { name: 'Firefox on Linux' });
    expect(row).toHaveTextContent('203.0.113.7');
    expect(row).toHaveTextContent('last seen');

    await userEvent.click(within(row).getByRole('button', { name: 'Sign out Firefox on Linux' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Sign out' }));

    expect(await screen.findByText('Firefox on Linux signed out')).toBeInTheDocument();
    expect(await screen.findByText('Not signed in anywhere.')).toBeInTheDocument();
    expect(graphqlCalls()).toContainEqual(
      expect.objectContaining({ operationName: 'RevokeUserSession', variables: { id: firefox.id } }),
    );
    expect(graphqlCalls()[0]).toMatchObject({ operationName: 'GetUserSessions', variables: { userId } });
  });
});
