/** What a notification says it is about (GetMyNotifications node). */
export interface LinkedNotification {
  type?: string;
  externalId?: string | null;
}

/**
 * Where a notification leads, when it is about one thing with its own page (docs/design.md §6): a new
 * access request to the administrators' review, a decision to the requester's view of the request.
 */
export function notificationTargetHref({ type, externalId }: LinkedNotification): string | undefined {
  if (!externalId) return undefined;
  switch (type) {
    case 'AppRequestCreated':
      return `/system/app-requests/${encodeURIComponent(externalId)}`;
    case 'AppRequestApproved':
    case 'AppRequestRejected':
      return `/apps/requests/${encodeURIComponent(externalId)}`;
    default:
      return undefined;
  }
}

const invitesPath = '/account/notifications';
const inviteIdPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An invite id from the notifications page's `?invite=`, lower-cased; undefined for anything else. */
export function parseInviteId(value: unknown): string | undefined {
  return typeof value === 'string' && inviteIdPattern.test(value) ? value.toLowerCase() : undefined;
}

/**
 * Where a team invite is answered: the notifications page with that invite shown first. The server's
 * invite email links to the same address (apps/server/src/modules/teams/invite-mail.ts).
 */
export function teamInviteHref({ type, externalId }: LinkedNotification): string | undefined {
  const inviteId = type === 'TeamInvite' ? parseInviteId(externalId) : undefined;
  return inviteId ? `${invitesPath}?invite=${inviteId}` : undefined;
}
