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

/**
 * What a notification's type looks like: its icon, a short name for it (read by screen readers), and what its
 * actor did, so the entry reads "<Name> changed your role" above the message (docs/decisions/0135).
 */
export interface NotificationKind {
  icon: LucideIcon;
  label: string;
  deed?: string;
}

const kinds: Record<string, NotificationKind> = {
  TeamInvite: { icon: MailIcon, label: 'Invite', deed: 'invited you' },
  TeamInviteDeclined: { icon: MailXIcon, label: 'Invite declined', deed: 'declined your invite' },
  AppRequestCreated: { icon: InboxIcon, label: 'Application request', deed: 'requested an application' },
  AppRequestApproved: { icon: CircleCheckIcon, label: 'Request approved', deed: 'approved your request' },
  AppRequestRejected: { icon: CircleXIcon, label: 'Request declined', deed: 'declined your request' },
  TeamRoleChanged: { icon: UserCogIcon, label: 'Role changed', deed: 'changed your role' },
  TeamMemberRemoved: { icon: UserMinusIcon, label: 'Removed from a team', deed: 'removed you from a team' },
  TeamOwnershipTransferred: { icon: CrownIcon, label: 'Team ownership', deed: 'made you the owner of a team' },
  ContactMessage: { icon: MessageSquareIcon, label: 'Contact message', deed: 'wrote through the contact form' },
  AccountSecurity: { icon: ShieldAlertIcon, label: 'Account security', deed: 'changed your account’s security' },
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
