import { describe, expect, it } from 'vitest';
import { notificationTargetHref, parseInviteId, teamInviteHref } from './notification-links';

describe('notificationTargetHref', () => {
  it('sends administrators to the new request and requesters to their decided request', () => {
    expect(notificationTargetHref({ type: 'AppRequestCreated', externalId: 'r-1' })).toBe('/system/app-requests/r-1');
    expect(notificationTargetHref({ type: 'AppRequestApproved', externalId: 'r-1' })).toBe('/apps/requests/r-1');
    expect(notificationTargetHref({ type: 'AppRequestRejected', externalId: 'r-1' })).toBe('/apps/requests/r-1');
  });

  it('has no page for other kinds, nor without an id, and never builds a path from what the id holds', () => {
    expect(notificationTargetHref({ type: 'TeamInvite', externalId: 'i-1' })).toBeUndefined();
    expect(notificationTargetHref({ type: 'AppRequestApproved', externalId: null })).toBeUndefined();
    expect(notificationTargetHref({ type: 'AppRequestApproved', externalId: '../../account' })).toBe(
      '/apps/requests/..%2F..%2Faccount',
    );
  });
});

describe('teamInviteHref', () => {
  const inviteId = '0b7c5a2e-1f1e-4d6b-8a55-6f0e4a9b2c11';

  it('opens a team invite on the notifications page, where it is answered', () => {
    expect(teamInviteHref({ type: 'TeamInvite', externalId: inviteId })).toBe(
      `/account/notifications?invite=${inviteId}`,
    );
    expect(teamInviteHref({ type: 'TeamInvite', externalId: inviteId.toUpperCase() })).toBe(
      `/account/notifications?invite=${inviteId}`,
    );
  });

  it('is only for invites with an invite id, and never carries other text into the address', () => {
    expect(teamInviteHref({ type: 'TeamRoleChanged', externalId: inviteId })).toBeUndefined();
    expect(teamInviteHref({ type: 'TeamInvite', externalId: null })).toBeUndefined();
    expect(teamInviteHref({ type: 'TeamInvite', externalId: `${inviteId}&show=unread` })).toBeUndefined();
    expect(parseInviteId('../../system')).toBeUndefined();
    expect(parseInviteId(['not', 'a', 'string'])).toBeUndefined();
  });
});
