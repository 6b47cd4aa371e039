import { type AnyPgColumn, jsonb, timestamp, uuid } from 'drizzle-orm/pg-core';

/** The columns most tables share, so each is declared once: the same types, defaults and time zone everywhere. */

/** A random UUID as the primary key. */
export const uuidPrimaryKey = () => uuid('id').primaryKey().defaultRandom();

/** When the row was inserted. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** When the row last changed; each update sets it itself. */
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** A row's required reference to the row it belongs to: deleting that row deletes this one. */
export const cascadingReference = (name: string, target: () => AnyPgColumn) =>
  uuid(name).notNull().references(target, { onDelete: 'cascade' });

/** A JSON object, empty unless given. */
export const jsonObject = (name: string) => jsonb(name).$type<Record<string, unknown>>().notNull().default({});
