import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Actor } from '../../auth/actor.js';
import type { DatabaseExecutor } from '../../db/client.js';
import { applications, teamApplications } from '../../db/schema/applications.js';
import { teamMembers, teams } from '../../db/schema/teams.js';
import { AppError } from '../../errors.js';
import { findBookmarkForActor } from '../bookmarks/bookmarks.service.js';
import { recordEvent } from '../event-logs/event-logs.service.js';

/** docs/spec.md §3: "Bookmark kinds: Application, Bookmark". */
export const interactionTypes = ['APPLICATION', 'BOOKMARK'] as const;
export type InteractionType = (typeof interactionTypes)[number];

const launchableNotFound = () => new AppError('NOT_FOUND', 'Application not found.');

/**
 * Records that the caller opened an application or a bookmark (`app.launched`, `bookmark.opened`).
 * An application must be ENABLED for one of the caller's enabled teams, so a disabled one does not
 * launch; a bookmark must be one the caller can see. Anything else is NOT_FOUND.
 */
export async function logInteraction(
  db: DatabaseExecutor,
  options: { actor: Actor; entityId: string; type: InteractionType },
): Promise<void> {
  const { actor, entityId, type } = options;
  if (type === 'BOOKMARK') {
    const bookmark = await findBookmarkForActor(db, { actor, bookmarkId: entityId });
    await recordEvent(db, {
      eventType: 'bookmark.opened',
      actor,
      payload: { bookmarkId: bookmark.id, teamFriendlyId: bookmark.teamFriendlyId, url: bookmark.url },
    });
    return;
  }
  if (!z.uuid().safeParse(entityId).success) throw launchableNotFound();
  const [launch] = await db
    .select({ applicationId: applications.id, name: applications.name, teamId: teams.id, friendlyId: teams.friendlyId })
    .from(teamApplications)
    .innerJoin(applications, eq(applications.id, teamApplications.applicationId))
    .innerJoin(teams, eq(teams.id, teamApplications.teamId))
    .innerJoin(teamMembers, and(eq(teamMembers.teamId, teams.id), eq(teamMembers.userId, actor.user.id)))
    .where(
      and(
        eq(teamApplications.applicationId, entityId),
        eq(teamApplications.status, 'ENABLED'),
        eq(teams.enabled, true),
      ),
    )
    .orderBy(asc(teams.name), asc(teams.id))
    .limit(1);
  if (!launch) throw launchableNotFound();
  await recordEvent(db, {
    eventType: 'app.launched',
    actor,
    payload: {
      applicationId: launch.applicationId,
      applicationName: launch.name,
      teamId: launch.teamId,
      friendlyId: launch.friendlyId,
    },
  });
}
