/** What a notification says it is about (GetMyNotifications node). */
export interface LinkedNotification {
  type?: string;
  externalId?: string | null;
}

/**
 * Where a notification leads, when it is about one thing with its own page (DESIGN.md §6): a new
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

export function isAppRequestNotification({ type }: LinkedNotification): boolean {
  return type === 'AppRequestCreated' || type === 'AppRequestApproved' || type === 'AppRequestRejected';
}
