import { describe, expect, it } from 'vitest';
import { notificationTargetHref } from './notification-links';

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
