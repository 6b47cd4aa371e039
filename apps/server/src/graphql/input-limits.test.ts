import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teams } from '../db/schema/teams.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { errorCodeOf, graphqlRequest, type SignedInUser, signInTestUser } from '../test/graphql.js';
import { insertTestTeam } from '../test/teams.js';
import { printedSchema } from './print-schema.js';

let testApp: TestApp;
let owner: SignedInUser;
let systemAdmin: SignedInUser;

beforeAll(async () => {
  testApp = await createTestApp();
  owner = await signInTestUser(testApp);
  systemAdmin = await signInTestUser(testApp, { isSystemAdmin: true });
});
afterAll(async () => {
  await testApp.close();
});

/** A JSON object whose serialised form is `bytes` long. */
const metaOfSize = (bytes: number) => ({ notes: 'x'.repeat(bytes - '{"notes":""}'.length) });

const updateTeamMeta = `mutation UpdateTeamMeta($input: UpdateTeamMetaInput!) { updateTeamMeta(input: $input) { id } }`;

describe('API4:2023 unrestricted resource consumption – free-form fields have a size limit', () => {
  it('team meta: 16 KiB of JSON is stored, one byte more is INVALID_REQUEST naming the field, nothing stored', async () => {
    const team = await insertTestTeam(testApp.database.db, { ownerId: owner.user.id });
    const update = (meta: unknown) =>
      graphqlRequest(testApp, {
        query: updateTeamMeta,
        variables: { input: { teamFriendlyId: team.friendlyId, meta } },
        credential: owner.accessToken,
      });

    expect((await update(metaOfSize(16_384))).errors).toBeUndefined();
    for (const tooLarge of [metaOfSize(16_385), metaOfSize(1_000_000)]) {
      const refused = await update(tooLarge);
      expect(errorCodeOf(refused)).toBe('INVALID_REQUEST');
      expect(refused.errors?.[0]?.extensions?.fields).toEqual({ meta: ['Use at most 16 KiB (16384 bytes) of JSON.'] });
    }
    const [stored] = await testApp.database.db.select().from(teams).where(eq(teams.id, team.id));
    expect(JSON.stringify(stored!.meta)).toHaveLength(16_384);
  });

  it('application meta: the same limit', async () => {
    const create = (meta: unknown) =>
      graphqlRequest(testApp, {
        query:
          'mutation CreateApplication($input: CreateApplicationInput!) { createApplication(input: $input) { id } }',
        variables: { input: { name: `Sized ${Math.random()}`, url: 'https://sized.example/', meta } },
        credential: systemAdmin.accessToken,
      });
    expect((await create(metaOfSize(16_384))).errors).toBeUndefined();
    const refused = await create(metaOfSize(16_385));
    expect(errorCodeOf(refused)).toBe('INVALID_REQUEST');
    expect(refused.errors?.[0]?.extensions?.fields).toEqual({ meta: ['Use at most 16 KiB (16384 bytes) of JSON.'] });
  });

  it('the schema states the limit where the field is described', () => {
    expect(printedSchema()).toMatch(/"""A JSON object of at most 16 KiB; replaces the current meta\."""\s+meta: JSON!/);
    expect(printedSchema()).toMatch(/"""A JSON object of at most 16 KiB\."""\s+meta: JSON/);
  });
});
