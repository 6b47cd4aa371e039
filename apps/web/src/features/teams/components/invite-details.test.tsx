import { render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MyInvite } from '../api/get-my-invite';
import { InviteDetailsCard } from './invite-details';

const invite: MyInvite = {
  id: '5b0e1c1e-8a3f-4a51-9d5e-0c3f5e6a7b8c',
  teamName: 'Platform',
  teamFriendlyId: 'platform-2',
  teamLogoUrl: null,
  teamRole: 'TeamAdmin',
  invitedByName: 'Ada Lovelace',
  invitedByEmail: 'ada@example.com',
  createdAt: '2026-11-26T12:00:00Z',
  expiresAt: '2026-12-10T12:00:00Z',
  status: 'Open',
};

const details = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling as HTMLElement;

describe('InviteDetailsCard', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2026-11-26T12:00:00Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('names the team with its address, the sender, the role and when it expires', () => {
    render(<InviteDetailsCard invite={invite} />);
    expect(screen.getByText('Platform')).toBeInTheDocument();
    expect(screen.getByText('platform-2')).toBeInTheDocument();
    expect(within(details('Invited by')).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(details('Invited by')).getByText('ada@example.com')).toBeInTheDocument();
    expect(details('Role')).toHaveTextContent('Admin');
    const expiry = within(details('Expiry')).getByText('Expires in 14 days');
    expect(expiry).toHaveAttribute('datetime', invite.expiresAt);
  });

  it('says an expired invite expired, an answered one how it was answered, and a deleted sender as such', () => {
    const { rerender } = render(
      <InviteDetailsCard invite={{ ...invite, status: 'Expired', expiresAt: '2026-11-24T12:00:00Z' }} />,
    );
    expect(within(details('Expiry')).getByText('Expired 2 days ago')).toBeInTheDocument();
    rerender(
      <InviteDetailsCard invite={{ ...invite, status: 'Declined', invitedByName: null, invitedByEmail: null }} />,
    );
    expect(details('Answer')).toHaveTextContent('Declined');
    expect(details('Invited by')).toHaveTextContent('A former member');
  });
});
