import '@/lib/i18n';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderWithApi } from '@/test/render-with-api';
import type { InstallationServiceKey } from '../api/get-all-service-keys';
import { AllServiceKeysTable } from './all-service-keys-table';

const serviceKeys: InstallationServiceKey[] = [
  {
    id: 'key-1',
    name: 'Nightly export',
    prefix: 'dxp_sk_AbCdEf',
    createdAt: '2026-11-20T09:30:00.000Z',
    lastUsedAt: null,
    owner: { id: 'user-1', firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com' },
  },
  {
    id: 'key-2',
    name: 'Deploy bot',
    prefix: 'dxp_sk_XyZ123',
    createdAt: '2026-11-19T08:00:00.000Z',
    lastUsedAt: '2026-11-21T07:15:00.000Z',
    owner: { id: 'user-2', firstName: '', lastName: '', email: 'bot-owner@example.com' },
  },
];

describe('AllServiceKeysTable', () => {
  beforeEach(() => {
    localStorage.clear();
  });

  it('shows each key with its owner, linked to the user, and when it was created and last used', async () => {
    await renderWithApi(<AllServiceKeysTable serviceKeys={serviceKeys} />);
    const [, first, second] = screen.getAllByRole('row');
    expect(within(first!).getByText('Nightly export')).toBeInTheDocument();
    expect(within(first!).getByText('dxp_sk_AbCdEf…')).toBeInTheDocument();
    expect(within(first!).getByRole('link', { name: 'Grace Hopper' })).toHaveAttribute('href', '/system/users/user-1');
    expect(within(first!).getByText('grace@example.com')).toBeInTheDocument();
    expect(within(first!).getByText('Never')).toBeInTheDocument();
    // Without a name, the owner is shown by email.
    expect(within(second!).getByRole('link', { name: 'bot-owner@example.com' })).toHaveAttribute(
      'href',
      '/system/users/user-2',
    );
    expect(within(second!).queryByText('Never')).toBeNull();
  });

  it('revokes a key only after the confirmation, and says whose key it was', async () => {
    const { graphqlCalls } = await renderWithApi(<AllServiceKeysTable serviceKeys={serviceKeys} />, {
      resolveGraphQL: () => ({ body: { data: { revokeAnyServiceKey: { id: 'key-1' } } } }),
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Revoke Nightly export of grace@example.com' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Revoke “Nightly export”?')).toBeInTheDocument();
    expect(within(dialog).getByText(/Grace Hopper \(grace@example.com\)/)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(graphqlCalls()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Revoke Nightly export of grace@example.com' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Revoke key' }));
    expect(await screen.findByText('Key “Nightly export” of grace@example.com revoked')).toBeInTheDocument();
    expect(graphqlCalls()).toEqual([
      expect.objectContaining({ operationName: 'RevokeAnyServiceKey', variables: { id: 'key-1' } }),
    ]);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('closes the confirmation and explains when the key was already gone', async () => {
    await renderWithApi(<AllServiceKeysTable serviceKeys={serviceKeys} />, {
      resolveGraphQL: () => ({
        body: { errors: [{ message: 'Service key not found', extensions: { code: 'NOT_FOUND' } }] },
      }),
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Revoke Deploy bot of bot-owner@example.com' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Revoke key' }));
    expect(await screen.findByText('Service key not found')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });
});
