// The full schema, for the Drizzle client (relational queries) and drizzle-kit.
export * from './users.js';
export * from './auth.js';
export * from './sessions.js';
export * from './events.js';
export * from './billing.js';
export * from './teams.js';
export * from './bookmarks.js';
export * from './applications.js';
export * from './sign-in-refusals.js';
export * from './notification-preferences.js';
export * from './passkeys.js';
export * from './second-factors.js';
