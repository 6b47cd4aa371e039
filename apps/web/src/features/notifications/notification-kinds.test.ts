import { BellIcon, MailIcon, ShieldAlertIcon } from 'lucide-react';
import { describe, expect, it } from 'vitest';
import { notificationActionOf, notificationKindOf, securitySettingsHref } from './notification-kinds';

const inviteId = '0b7c5a2e-1f1e-4d6b-8a55-6f0e4a9b2c11';

describe('notificationKindOf', () => {
  it('gives each known type its own icon and name', () => {
    expect(notificationKindOf('TeamInvite')).toEqual({ icon: MailIcon, label: 'Invite', deed: 'invited you' });
    expect(notificationKindOf('AccountSecurity')).toEqual({
      icon: ShieldAlertIcon,
      label: 'Account security',
      deed: 'changed your account’s security',
    });
    expect(notificationKindOf('TeamInviteDeclined').label).toBe('Invite declined');
    const icons = [
      'TeamInvite',
      'AppRequestCreated',
      'AppRequestApproved',
      'AppRequestRejected',
      'TeamRoleChanged',
    ].map((type) => notificationKindOf(type).icon);
    expect(new Set(icons).size).toBe(icons.length);
  });

  it('shows a type it does not know, or none, with the bell, and reads nothing from the object prototype', () => {
    for (const type of ['SomethingNew', undefined, 'toString', '__proto__']) {
      expect(notificationKindOf(type)).toEqual({ icon: BellIcon, label: 'Notification' });
    }
  });
});

describe('notificationActionOf', () => {
  it('opens the invite, the decided request, the new request for review, and the security settings', () => {
    expect(notificationActionOf({ type: 'TeamInvite', externalId: inviteId })).toEqual({
      href: `/account/notifications?invite=${inviteId}`,
      label: 'Open invite',
      marksRead: false,
    });
    expect(notificationActionOf({ type: 'AppRequestRejected', externalId: 'r-1' })).toEqual({
      href: '/apps/requests/r-1',
      label: 'View request',
      marksRead: true,
    });
    expect(notificationActionOf({ type: 'AppRequestCreated', externalId: 'r-1' })).toEqual({
      href: '/system/app-requests/r-1',
      label: 'Review request',
      marksRead: true,
    });
    expect(notificationActionOf({ type: 'AccountSecurity', externalId: null })).toEqual({
      href: securitySettingsHref,
      label: 'Review security',
      marksRead: true,
    });
  });

  it('offers nothing for types without a page of their own, unknown types, or a malformed invite id', () => {
    expect(notificationActionOf({ type: 'TeamRoleChanged', externalId: 'team-1' })).toBeUndefined();
    expect(notificationActionOf({ type: 'SomethingNew', externalId: 'x-1' })).toBeUndefined();
    expect(notificationActionOf({ type: 'TeamInvite', externalId: 'not-an-invite' })).toBeUndefined();
    expect(notificationActionOf({ type: 'AppRequestApproved', externalId: null })).toBeUndefined();
  });
});
