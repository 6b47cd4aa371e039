import '@/lib/i18n';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { signedInUser } from '@/test/api-double';
import { renderWithApi } from '@/test/render-with-api';
import { ProfileForm } from './profile-form';

const profile = {
  id: signedInUser.id,
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  primaryPhone: null,
};

describe('ProfileForm', () => {
  beforeEach(() => {
    localStorage.clear();
  });

  it('shows the email read-only, as the identity provider owns it', async () => {
    await renderWithApi(<ProfileForm profile={profile} />);
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(/comes from your sign-in account/);
  });

  it('refuses a phone number with too few digits without sending it', async () => {
    const { graphqlCalls } = await renderWithApi(<ProfileForm profile={profile} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Primary phone'), '12');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));

    expect(await screen.findByText('Enter 7 to 15 digits.')).toBeInTheDocument();
    expect(graphqlCalls()).toEqual([]);
  });

  it('saves the trimmed names and phone, then reloads the signed-in user for the header', async () => {
    const { graphqlCalls, api } = await renderWithApi(<ProfileForm profile={profile} />, {
      resolveGraphQL: () => ({ body: { data: { updateMyProfile: { ...profile, firstName: 'Grace' } } } }),
    });
    const userInfoRequests = () => api.requests.filter((request) => request.endsWith('/api/auth/userinfo')).length;
    const userInfoBefore = userInfoRequests();
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText(/^First name/));
    await user.type(screen.getByLabelText(/^First name/), ' Grace ');
    await user.type(screen.getByLabelText('Primary phone'), '+44 20 7946 0958');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));

    expect(await screen.findByText('Profile saved')).toBeInTheDocument();
    expect(graphqlCalls()).toEqual([
      expect.objectContaining({
        operationName: 'UpdateMyProfile',
        variables: { userInput: { firstName: 'Grace', lastName: 'Lovelace', primaryPhone: '+44 20 7946 0958' } },
      }),
    ]);
    await waitFor(() => expect(userInfoRequests()).toBe(userInfoBefore + 1));
  });
});
