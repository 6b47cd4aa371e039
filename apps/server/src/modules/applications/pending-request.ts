import { and, type Column, eq } from 'drizzle-orm';
import { appRequests } from '../../db/schema/applications.js';

/**
 * The team's request for the application that still waits for a decision (at most one: the
 * `app_requests_one_pending` index); a column in place of an id correlates it with an outer query.
 */
export function isPendingRequestOf(options: { teamId: string | Column; applicationId: string | Column }) {
  return and(
    eq(appRequests.teamId, options.teamId),
    eq(appRequests.applicationId, options.applicationId),
    eq(appRequests.status, 'PENDING'),
  );
}
