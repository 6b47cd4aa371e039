import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SignInRefusals } from './sign-in-refusals';

describe('SignInRefusals', () => {
  it('says when no sign-in was refused', () => {
    render(<SignInRefusals refusals={[]} />);
    expect(screen.getByRole('heading', { name: 'No refused sign-ins' })).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('lists each refusal with the check that failed, newest first as the server sends them', () => {
    render(
      <SignInRefusals
        refusals={[
          {
            refusedAt: '2026-11-26T10:05:00.000Z',
            reason: 'audience',
            detail: 'its aud is other-app, not dxp-portal',
            issuer: 'https://login.example.com/tenant',
            clientId: 'dxp-portal',
          },
          {
            refusedAt: '2026-11-26T10:00:00.000Z',
            reason: 'something_new',
            detail: 'a check this client does not know yet',
            issuer: 'https://login.example.com/tenant',
            clientId: 'dxp-portal',
          },
        ]}
      />,
    );
    const [newest, older] = within(screen.getByRole('list')).getAllByRole('listitem');
    const first = within(newest!);
    expect(first.getByText('Meant for another client')).toBeInTheDocument();
    expect(first.getByText('audience')).toBeInTheDocument();
    expect(first.getByText('its aud is other-app, not dxp-portal')).toBeInTheDocument();
    // When, as people read it ("… ago"); the exact time shows on hover and focus (RelativeTime).
    const refusedAt = newest!.querySelector('time')!;
    expect(refusedAt).toHaveAttribute('datetime', '2026-11-26T10:05:00.000Z');
    expect(refusedAt).toHaveTextContent(/ ago$/);
    expect(refusedAt).toHaveAttribute('tabindex', '0');
    expect(first.getByText('Issuer https://login.example.com/tenant · client dxp-portal')).toBeInTheDocument();
    // An unknown code is shown as it is rather than hidden.
    expect(within(older!).getAllByText('something_new')).toHaveLength(2);
    expect(screen.queryByText('No refused sign-ins')).not.toBeInTheDocument();
  });
});
