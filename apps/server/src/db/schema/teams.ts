import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { cascadingReference, createdAt, jsonObject, updatedAt, uuidPrimaryKey } from './columns.js';
import { users } from './users.js';

export const teamRoles = ['TeamOwner', 'TeamAdmin', 'TeamMember'] as const;
export type TeamRole = (typeof teamRoles)[number];

export const teams = pgTable(
  'teams',
  {
    id: uuidPrimaryKey(),
    name: text('name').notNull(),
    /** The slug in `/teams/{friendlyId}`. */
    friendlyId: text('friendly_id').notNull(),
    /** A disabled team is visible to system admins only. */
    enabled: boolean('enabled').notNull().default(true),
    meta: jsonObject('meta'),
    logoUrl: text('logo_url'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('teams_friendly_id_unique').on(table.friendlyId),
    index('teams_name_order').on(table.name, table.id),
    check('teams_friendly_id_format', sql`${table.friendlyId} ~ '^[a-z0-9][a-z0-9-]{1,46}[a-z0-9]$'`),
  ],
);

export const teamMembers = pgTable(
  'team_members',
  {
    teamId: cascadingReference('team_id', () => teams.id),
    userId: cascadingReference('user_id', () => users.id),
    role: text('role').$type<TeamRole>().notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.teamId, table.userId] }),
    index('team_members_user').on(table.userId),
    // Never two owners, whatever the code path; "never zero" is checked in each membership transaction.
    uniqueIndex('team_members_one_owner')
      .on(table.teamId)
      .where(sql`${table.role} = 'TeamOwner'`),
    check('team_members_role', sql`${table.role} in ('TeamOwner', 'TeamAdmin', 'TeamMember')`),
  ],
);

export const teamInvites = pgTable(
  'team_invites',
  {
    id: uuidPrimaryKey(),
    teamId: cascadingReference('team_id', () => teams.id),
    email: text('email').notNull(),
    /** Ownership is only ever transferred, never granted by an invite. */
    teamRole: text('team_role').$type<Exclude<TeamRole, 'TeamOwner'>>().notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    declinedAt: timestamp('declined_at', { withTimezone: true }),
  },
  (table) => [
    // One open invite per team and address; accepted and declined ones stay as history.
    uniqueIndex('team_invites_open_unique')
      .on(table.teamId, sql`lower(${table.email})`)
      .where(sql`${table.acceptedAt} is null and ${table.declinedAt} is null`),
    index('team_invites_open_email')
      .on(sql`lower(${table.email})`)
      .where(sql`${table.acceptedAt} is null and ${table.declinedAt} is null`),
    index('team_invites_team_created').on(table.teamId, table.createdAt, table.id),
    check('team_invites_role', sql`${table.teamRole} in ('TeamAdmin', 'TeamMember')`),
  ],
);

export type TeamRow = typeof teams.$inferSelect;
export type TeamMemberRow = typeof teamMembers.$inferSelect;
export type TeamInviteRow = typeof teamInvites.$inferSelect;
