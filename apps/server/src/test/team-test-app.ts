import { afterAll, beforeAll } from 'vitest';
import type { TeamRow } from '../db/schema/teams.js';
import { insertTeamWithPersonas, signInTeamPersonas, type TeamPersonas } from './teams.js';
import { createTestApp, type TestApp } from './app.js';
import type { SignedInUser } from './graphql.js';

/**
 * The application on a fresh database with the team personas signed in, for the test files of team-scoped
 * features. `useTeamTestApp()` registers the hooks that open and close it; like `testApp` in
 * matrix-personas.ts, the bindings below are live and set before the file's first test runs.
 */
export let testApp: TestApp;
export let personas: TeamPersonas;
export let owner: SignedInUser;
export let admin: SignedInUser;
export let member: SignedInUser;
export let outsider: SignedInUser;
export let systemAdmin: SignedInUser;

export function useTeamTestApp(): void {
  beforeAll(async () => {
    testApp = await createTestApp();
    personas = await signInTeamPersonas(testApp);
    ({ owner, admin, member, outsider, systemAdmin } = personas);
  });
  afterAll(async () => {
    await testApp.close();
  });
}

/** The test app's database, read when called (the app opens in `beforeAll`). */
export const db = () => testApp.database.db;

/** A fresh team in which `owner`, `admin` and `member` hold those roles. */
export const teamWithRoles = (): Promise<TeamRow> => insertTeamWithPersonas(db(), personas);
