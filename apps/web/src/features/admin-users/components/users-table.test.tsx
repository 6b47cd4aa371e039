import '@/lib/i18n';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '@/lib/format-date';
import { renderWithApi } from '@/test/render-with-api';
import { UsersTable, type UserListEntry } from './users-table';

const person = (
  id: string,
  email: string,
  isEmailVerified: boolean,
  more: Partial<UserListEntry> = {},
): UserListEntry => ({
  id,
  firstName: 'Ada',
  lastName: id,
  email,
  isSystemAdmin: false,
  isEmailVerified,
  suspendedAt: null,
  lastLogin: null,
  createdAt: '2026-01-05T08:00:00.000Z',
  ...more,
});

describe('UsersTable', () => {
  it('marks the people whose address is not yet verified', async () => {
    await renderWithApi(
      <UsersTable users={[person('One', 'one@example.com', true), person('Two', 'two@example.com', false)]} />,
    );
    const [, verified, unverified] = screen.getAllByRole('row');
    expect(within(verified!).queryByText('Unverified')).toBeNull();
    expect(within(unverified!).getByText('Unverified')).toBeInTheDocument();
  });

  it('marks suspended people, and shows the last sign-in as a relative time with the exact time on hover', async () => {
    const lastLogin = new Date(Date.now() - 3 * 60 * 60_000).toISOString();
    await renderWithApi(
      <UsersTable
        users={[
          person('Three', 'three@example.com', true, { lastLogin }),
          person('Four', 'four@example.com', true, { suspendedAt: lastLogin }),
        ]}
      />,
    );
    const [, active, suspended] = screen.getAllByRole('row');
    expect(within(active!).queryByText('Suspended')).toBeNull();
    expect(within(active!).getByText('3 hours ago')).toHaveAttribute('dateTime', lastLogin);
    expect(within(suspended!).getByText('Suspended')).toBeInTheDocument();
    expect(within(suspended!).getByText('Never')).toBeInTheDocument();
  });

  it('shows when each account was created as a relative time, the exact time on focus', async () => {
    const createdAt = new Date(Date.now() - 2 * 24 * 60 * 60_000).toISOString();
    await renderWithApi(<UsersTable users={[person('Five', 'five@example.com', true, { createdAt })]} />);
    expect(screen.getByRole('columnheader', { name: 'Created' })).toBeInTheDocument();
    const [, row] = screen.getAllByRole('row');
    const created = within(row!).getByText('2 days ago');
    expect(created).toHaveAttribute('dateTime', createdAt);
    created.focus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent(formatDateTime(createdAt));
  });
});
