import {
  BellIcon,
  CircleCheckIcon,
  CircleXIcon,
  CrownIcon,
  InboxIcon,
  type LucideIcon,
  MailIcon,
  MailXIcon,
  MessageSquareIcon,
  ShieldAlertIcon,
  UserCogIcon,
  UserMinusIcon,
} from 'lucide-react';
import { type LinkedNotification, notificationTargetHref, teamInviteHref } from './notification-links';

/** What a notification's type looks like: its icon and a short name for it (read by screen readers). */
export interface NotificationKind {
  icon: LucideIcon;
  label: string;
}

const kinds: Record<string, NotificationKind> = {
  TeamInvite: { icon: MailIcon, label: 'Invite' },
  TeamInviteDeclined: { icon: MailXIcon, label: 'Invite declined' },
  AppRequestCreated: { icon: InboxIcon, label: 'Application request' },
  AppRequestApproved: { icon: CircleCheckIcon, label: 'Request approved' },
  AppRequestRejected: { icon: CircleXIcon, label: 'Request declined' },
  TeamRoleChanged: { icon: UserCogIcon, label: 'Role changed' },
  TeamMemberRemoved: { icon: UserMinusIcon, label: 'Removed from a team' },
  TeamOwnershipTransferred: { icon: CrownIcon, label: 'Team ownership' },
  ContactMessage: { icon: MessageSquareIcon, label: 'Contact message' },
  AccountSecurity: { icon: ShieldAlertIcon, label: 'Account security' },
};

/** A type this web app does not know yet (the server adds types) still shows, with the bell. */
const otherKind: NotificationKind = { icon: BellIcon, label: 'Notification' };

export function notificationKindOf(type: string | undefined): NotificationKind {
  return (type !== undefined && Object.hasOwn(kinds, type) ? kinds[type] : undefined) ?? otherKind;
}

/** Where a notification's action leads, and what the action says. */
export interface NotificationAction {
  href: string;
  label: string;
  /** Following it reads the notification; an invite stays unread until it is answered (decision 0039). */
  marksRead: boolean;
}

/** The profile's two-factor, passkey and session settings (components of the profile page carry the id). */
export const securitySettingsHref = '/account/profile#security';

/**
 * The action a notification offers, when it is about something that has a page: the invite, the request
 * (the requester's view, or the administrators' review of a new one), the profile's security settings.
 * Other types, known or not, have none.
 */
export function notificationActionOf(notification: LinkedNotification): NotificationAction | undefined {
  const inviteHref = teamInviteHref(notification);
  if (inviteHref) return { href: inviteHref, label: 'Open invite', marksRead: false };
  const requestHref = notificationTargetHref(notification);
  if (requestHref) {
    const label = notification.type === 'AppRequestCreated' ? 'Review request' : 'View request';
    return { href: requestHref, label, marksRead: true };
  }
  if (notification.type === 'AccountSecurity')
    return { href: securitySettingsHref, label: 'Review security', marksRead: true };
  return undefined;
}
