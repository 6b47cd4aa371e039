// The query keys more than one feature reads or invalidates, so that a change in one feature refreshes
// another's data without importing it. A key only its own feature uses stays in that feature's api/ file.

/** The dashboard's one query: team, membership, bookmark and application changes invalidate it. */
export const myHomepageQueryKey = ['homepage'] as const;

/** Every query about one team starts with this key, so a team change invalidates them together. */
export const teamQueryKey = (friendlyId: string) => ['teams', friendlyId] as const;

/** A team's applications, kept under the team's key: whatever refreshes a team refreshes its applications. */
export const teamApplicationsQueryKey = (teamFriendlyId: string) =>
  [...teamQueryKey(teamFriendlyId), 'applications'] as const;

/**
 * The invite page's invite, under the notifications' key: answering an invite refreshes every notification
 * query, and with them this one.
 */
export const myInviteQueryKey = (inviteId: string) => ['notifications', 'mine', 'invite', inviteId] as const;
