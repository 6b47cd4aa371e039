import { and, eq, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import { type AddOrUpdateBookmarkInput, addOrUpdateBookmarkInputSchema } from '@dxp/contracts/bookmarks';
import { z } from 'zod';
import type { Actor } from '../../auth/actor.js';
import type { DatabaseExecutor } from '../../db/client.js';
import { defineFilteredList, findFilteredPage, type ListRequest } from '../../db/filtered-list.js';
import { mapPageNodes, type Page } from '../../db/keyset-pagination.js';
import { type BookmarkRow, bookmarks } from '../../db/schema/bookmarks.js';
import { teamMembers, teams } from '../../db/schema/teams.js';
import { AppError } from '../../errors.js';
import { recordEvent } from '../event-logs/event-logs.service.js';
import {
  anyTeamRole,
  findTeamForActor,
  lockTeamForActor,
  requireTeamRole,
  teamManagers,
} from '../teams/team-access.js';

/** A bookmark with the friendly id of its team (`null` for a personal one). */
/** What the API shows of a bookmark. */
export type BookmarkNode = Pick<BookmarkRow, 'id' | 'url' | 'name' | 'logoUrl' | 'createdAt'> & {
  teamFriendlyId: string | null;
};

export const bookmarkList = defineFilteredList(bookmarks, {
  filter: { name: 'string', url: 'string' },
  /** Served by the (owner, …) and (team, …) indexes. */
  sort: { name: bookmarks.name, createdAt: bookmarks.createdAt },
  defaultOrder: [{ name: 'ASC' }],
});

type ListOptions = ListRequest<typeof bookmarkList>;

const bookmarkNotFound = () => new AppError('NOT_FOUND', 'Bookmark not found.');

/** A page of the bookmarks in `owner`: a user's personal ones, or a team's. */
function findBookmarkPage(
  db: DatabaseExecutor,
  owner: { column: typeof bookmarks.ownerUserId | typeof bookmarks.teamId; id: string },
  options: ListOptions,
): Promise<Page<BookmarkRow>> {
  return findFilteredPage(db, bookmarkList, options, {
    shape: owner.column.name,
    condition: (bind) => eq(owner.column, bind(owner.id)),
  });
}

/** The caller's personal bookmarks. */
export async function listMyBookmarks(
  db: DatabaseExecutor,
  options: ListOptions & { actor: Actor },
): Promise<Page<BookmarkNode>> {
  const page = await findBookmarkPage(db, { column: bookmarks.ownerUserId, id: options.actor.user.id }, options);
  return mapPageNodes(page, (bookmark) => ({ ...bookmark, teamFriendlyId: null }));
}

/** A team's bookmarks, for anyone who may see the team. */
export async function listTeamBookmarks(
  db: DatabaseExecutor,
  options: ListOptions & { actor: Actor; teamFriendlyId: string },
): Promise<Page<BookmarkNode>> {
  const { team } = await findTeamForActor(db, {
    actor: options.actor,
    friendlyId: options.teamFriendlyId,
    roles: anyTeamRole,
  });
  const page = await findBookmarkPage(db, { column: bookmarks.teamId, id: team.id }, options);
  return mapPageNodes(page, (bookmark) => ({ ...bookmark, teamFriendlyId: team.friendlyId }));
}

/**
 * One bookmark by id: the caller's own personal bookmark, or a bookmark of a team the caller may see (a member
 * of an enabled team, or a system admin). Anything else, another user's personal bookmarks included, is NOT_FOUND.
 */
export async function findBookmarkForActor(
  db: DatabaseExecutor,
  options: { actor: Actor; bookmarkId: string },
): Promise<BookmarkNode> {
  const { actor, bookmarkId } = options;
  if (!z.uuid().safeParse(bookmarkId).success) throw bookmarkNotFound();
  const [row] = await db
    .select({ bookmark: bookmarks, team: teams, role: teamMembers.role })
    .from(bookmarks)
    .leftJoin(teams, eq(teams.id, bookmarks.teamId))
    .leftJoin(teamMembers, and(eq(teamMembers.teamId, bookmarks.teamId), eq(teamMembers.userId, actor.user.id)))
    .where(eq(bookmarks.id, bookmarkId));
  if (!row) throw bookmarkNotFound();
  if (!row.team) {
    if (row.bookmark.ownerUserId !== actor.user.id) throw bookmarkNotFound();
    return { ...row.bookmark, teamFriendlyId: null };
  }
  requireTeamRole(actor, { team: row.team, role: row.role }, anyTeamRole, bookmarkNotFound);
  return { ...row.bookmark, teamFriendlyId: row.team.friendlyId };
}

/**
 * The dashboard's tiles in one statement: personal bookmarks first, then those of the caller's teams
 * (enabled ones, unless the caller is a system admin).
 */
export async function listHomepageBookmarks(db: DatabaseExecutor, options: { actor: Actor }): Promise<BookmarkNode[]> {
  const { actor } = options;
  // Two index lookups joined by UNION ALL: an OR across bookmarks and teams would read every bookmark.
  // Only the columns the API shows are read: the dashboard maps hundreds of rows on every visit.
  const shownColumns = {
    id: bookmarks.id,
    url: bookmarks.url,
    name: bookmarks.name,
    logoUrl: bookmarks.logoUrl,
    createdAt: bookmarks.createdAt,
  };
  const personal = db
    .select({
      ...shownColumns,
      teamFriendlyId: sql<string | null>`null::text`.as('team_friendly_id'),
      teamName: sql<string | null>`null::text`.as('team_name'),
    })
    .from(bookmarks)
    .where(eq(bookmarks.ownerUserId, actor.user.id));
  const ofMyTeams = db
    .select({ ...shownColumns, teamFriendlyId: teams.friendlyId, teamName: teams.name })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .innerJoin(bookmarks, eq(bookmarks.teamId, teams.id))
    .where(and(eq(teamMembers.userId, actor.user.id), actor.user.isSystemAdmin ? undefined : eq(teams.enabled, true)));
  // A set operation orders by its result columns only: personal bookmarks (no team name) first, then by team,
  // name and id. The team name stays on the rows (the API ignores it): copying every row to drop it cost more.
  return unionAll(personal, ofMyTeams).orderBy(sql`team_name nulls first`, sql`name`, sql`id`);
}

/**
 * Creates or updates a personal bookmark, or a team bookmark for team admins, owners and system admins.
 * An update names the bookmark's own place (`teamFriendlyId` or none), so nothing moves between owners.
 */
export async function saveBookmark(
  db: DatabaseExecutor,
  options: { actor: Actor; input: AddOrUpdateBookmarkInput },
): Promise<BookmarkNode> {
  const { actor } = options;
  const { id, teamFriendlyId, ...fields } = addOrUpdateBookmarkInputSchema.parse(options.input);
  const values = { url: fields.url, name: fields.name, logoUrl: fields.logoUrl ?? null };
  return db.transaction(async (transaction) => {
    const team = teamFriendlyId
      ? (await lockTeamForActor(transaction, { actor, where: { friendlyId: teamFriendlyId }, roles: teamManagers }))
          .team
      : null;
    const owner = team ? eq(bookmarks.teamId, team.id) : eq(bookmarks.ownerUserId, actor.user.id);
    const [bookmark] = id
      ? await transaction
          .update(bookmarks)
          .set({ ...values, updatedAt: new Date() })
          .where(and(eq(bookmarks.id, id), owner))
          .returning()
      : await transaction
          .insert(bookmarks)
          .values({ ...values, teamId: team?.id ?? null, ownerUserId: team ? null : actor.user.id })
          .returning();
    if (!bookmark) throw bookmarkNotFound();
    await recordEvent(transaction, {
      eventType: 'bookmark.saved',
      actor,
      payload: { bookmarkId: bookmark.id, teamId: bookmark.teamId, name: bookmark.name, url: bookmark.url },
    });
    return { ...bookmark, teamFriendlyId: team?.friendlyId ?? null };
  });
}

export async function deleteBookmark(
  db: DatabaseExecutor,
  options: { actor: Actor; bookmarkId: string },
): Promise<void> {
  const { actor, bookmarkId } = options;
  if (!z.uuid().safeParse(bookmarkId).success) throw bookmarkNotFound();
  await db.transaction(async (transaction) => {
    const [bookmark] = await transaction.select().from(bookmarks).where(eq(bookmarks.id, bookmarkId));
    if (!bookmark) throw bookmarkNotFound();
    if (bookmark.teamId) {
      await lockTeamForActor(transaction, {
        actor,
        where: { teamId: bookmark.teamId },
        roles: teamManagers,
        notFound: bookmarkNotFound,
      });
    } else if (bookmark.ownerUserId !== actor.user.id) {
      throw bookmarkNotFound();
    }
    await transaction.delete(bookmarks).where(eq(bookmarks.id, bookmark.id));
    await recordEvent(transaction, {
      eventType: 'bookmark.deleted',
      actor,
      payload: { bookmarkId: bookmark.id, teamId: bookmark.teamId, name: bookmark.name },
    });
  });
}
