import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, uuidPrimaryKey } from './columns.js';
import { teams } from './teams.js';
import { users } from './users.js';

/** A personal bookmark (owner_user_id) or a team bookmark (team_id), never both. */
export const bookmarks = pgTable(
  'bookmarks',
  {
    id: uuidPrimaryKey(),
    url: text('url').notNull(),
    name: text('name').notNull(),
    logoUrl: text('logo_url'),
    ownerUserId: uuid('owner_user_id').references(() => users.id, { onDelete: 'cascade' }),
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('bookmarks_one_owner', sql`num_nonnulls(${table.ownerUserId}, ${table.teamId}) = 1`),
    check('bookmarks_http_url', sql`${table.url} ~* '^https?://'`),
    index('bookmarks_owner_name').on(table.ownerUserId, table.name, table.id),
    index('bookmarks_owner_created').on(table.ownerUserId, table.createdAt, table.id),
    index('bookmarks_team_name').on(table.teamId, table.name, table.id),
    index('bookmarks_team_created').on(table.teamId, table.createdAt, table.id),
  ],
);

export type BookmarkRow = typeof bookmarks.$inferSelect;
