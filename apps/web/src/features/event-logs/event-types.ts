/**
 * Event types as words, in one table: the audit log's column and its type picker read it. A type the table does
 * not know yet (a new module's) still reads as words through `eventTypeLabel`'s fallback.
 */
export const eventTypeLabels: Record<string, string> = {
  'account.deleted': 'Account deleted',
  'app-request.approved': 'Application request approved',
  'app-request.comments-updated': 'Application request comments changed',
  'app-request.created': 'Application requested',
  'app-request.rejected': 'Application request rejected',
  'app.launched': 'Application launched',
  'application.created': 'Application added',
  'application.updated': 'Application changed',
  'billing.webhook-received': 'Billing webhook received',
  'bookmark.deleted': 'Bookmark deleted',
  'bookmark.opened': 'Bookmark opened',
  'bookmark.saved': 'Bookmark saved',
  'contact.message_sent': 'Contact message sent',
  'invite.accepted': 'Invite accepted',
  'invite.created': 'Invite sent',
  'invite.declined': 'Invite declined',
  'invite.deleted': 'Invite withdrawn',
  'invite.resent': 'Invite sent again',
  'member.removed': 'Member removed',
  'member.role_changed': 'Member role changed',
  'notification-preference.unsubscribed': 'Unsubscribed from mail',
  'notification-preference.updated': 'Notification setting changed',
  'notification.all-read': 'All notifications read',
  'notification.read': 'Notification read',
  'service_key.created': 'Service key created',
  'service_key.revoked': 'Service key revoked',
  'session.revoked': 'Session ended',
  'session.signed_in': 'Signed in',
  'session.signed_out': 'Signed out',
  'team-application.revoked': 'Application revoked for a team',
  'team-application.updated': 'Application switched for a team',
  'team.created': 'Team created',
  'team.deleted': 'Team deleted',
  'team.ownership_transferred': 'Team ownership transferred',
  'team.updated': 'Team changed',
  'terms.accepted': 'Terms accepted',
  'user.created': 'Person joined',
  'user.passkey-added': 'Passkey added',
  'user.passkey-registration-started': 'Passkey registration started',
  'user.passkey-removed': 'Passkey removed',
  'user.passkey-renamed': 'Passkey renamed',
  'user.password-changed': 'Password changed',
  'user.password-reset-link': 'Password reset link made',
  'user.updated': 'Person changed',
  'webhook.replayed': 'Webhook replayed',
};

/** "invite.accepted" → "Invite accepted"; an unknown "widget.colour_changed" → "Widget colour changed". */
export function eventTypeLabel(eventType: string): string {
  const known = eventTypeLabels[eventType];
  if (known) return known;
  const words = eventType
    .split(/[._-]+/)
    .filter(Boolean)
    .join(' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The kinds of event the type picker offers for a prefix match ("invite" finds every invite.* event). */
export const eventTypeGroups: { prefix: string; label: string }[] = [
  { prefix: 'account.', label: 'Accounts' },
  { prefix: 'app-request.', label: 'Application requests' },
  { prefix: 'application.', label: 'Applications' },
  { prefix: 'bookmark.', label: 'Bookmarks' },
  { prefix: 'invite.', label: 'Invites' },
  { prefix: 'member.', label: 'Team members' },
  { prefix: 'notification', label: 'Notifications' },
  { prefix: 'service_key.', label: 'Service keys' },
  { prefix: 'session.', label: 'Sign-ins and sessions' },
  { prefix: 'team-application.', label: 'Team applications' },
  { prefix: 'team.', label: 'Teams' },
  { prefix: 'user.', label: 'People' },
];

export type EventTarget =
  | { kind: 'team'; label: string; slug: string }
  | { kind: 'application'; label: string; id: string }
  | { kind: 'person'; label: string; id: string };

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value : undefined);

/**
 * What an event was about, from the ids its payload records: the application, else the team, else the person.
 * `null` when the payload names none (a sign-in, a webhook).
 */
export function eventTargetOf(eventType: string, payload: unknown): EventTarget | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const fields = payload as Record<string, unknown>;
  const applicationId = text(fields.applicationId);
  if (applicationId) {
    const label =
      text(fields.applicationName) ?? (eventType.startsWith('application.') ? text(fields.name) : undefined);
    return { kind: 'application', id: applicationId, label: label ?? 'An application' };
  }
  const teamSlug = text(fields.friendlyId);
  if (teamSlug) {
    const label = eventType.startsWith('team.') ? (text(fields.name) ?? teamSlug) : (text(fields.teamName) ?? teamSlug);
    return { kind: 'team', slug: teamSlug, label };
  }
  const userId = text(fields.userId) ?? text(fields.targetUserId);
  if (userId) return { kind: 'person', id: userId, label: text(fields.email) ?? 'A person' };
  return null;
}
