import '@/lib/i18n';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApi } from '@/test/render-with-api';
import { UsersTable, type UserListEntry } from './users-table';

const person = (id: string, email: string, isEmailVerified: boolean): UserListEntry => ({
  id,
  firstName: 'Ada',
  lastName: id,
  email,
  isSystemAdmin: false,
  isEmailVerified,
  lastLogin: null,
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
});
