import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { databaseDigest } from '../test/database.js';
import { graphqlRequest, type SignedInUser, signInTestUser } from '../test/graphql.js';

/**
 * docs/design.md §4 (docs/decisions/0024-every-mutations-event-tested-not-only.md): audit rows are written in the same transaction as the change they record. The database itself
 * refuses one event type (a check constraint added here), so the audit insert of a real mutation fails after
 * the change was written: the change must be rolled back with it, and the caller told it failed.
 */

let testApp: TestApp;
let user: SignedInUser;
beforeAll(async () => {
  testApp = await createTestApp();
  user = await signInTestUser(testApp, { firstName: 'Ada', lastName: 'Lovelace' });
});
afterAll(async () => {
  await testApp.close();
});

async function refuseEvents(eventType: string) {
  await testApp.database.db.execute(
    sql`alter table event_logs add constraint refuse_audit_for_test check (event_type <> ${sql.raw(`'${eventType}'`)})`,
  );
}
async function allowEvents() {
  await testApp.database.db.execute(sql`alter table event_logs drop constraint refuse_audit_for_test`);
}

const mutations = [
  {
    eventType: 'profile.updated',
    name: 'updateMyProfile (one row and its event)',
    document:
      'mutation UpdateMyProfile($input: UpdateMyProfileInput!) { updateMyProfile(userInput: $input) { firstName } }',
    variables: { input: { firstName: 'Augusta', lastName: 'King' } },
  },
  {
    eventType: 'team.created',
    name: 'addTeam (a team, its owner membership and its event)',
    document: 'mutation AddTeam($input: AddTeamInput!) { addTeam(input: $input) { friendlyId } }',
    variables: { input: { name: 'Analytical engines', friendlyId: 'analytical-engines' } },
  },
];

describe('ASVS V2.3.3, V16.5.3 – a failing audit insert rolls back the change it records', () => {
  for (const { eventType, name, document, variables } of mutations) {
    it(`${name}: refused with a masked error and nothing written; once the event can be written, the same call succeeds`, async () => {
      await refuseEvents(eventType);
      try {
        const before = await databaseDigest(testApp.database.db);
        const refused = await graphqlRequest(testApp, { query: document, variables, credential: user.accessToken });
        expect(refused.data).toBeNull();
        expect(refused.errors?.[0]).toMatchObject({
          message: 'Unexpected error',
          extensions: { code: 'INTERNAL_SERVER_ERROR' },
        });
        expect(await databaseDigest(testApp.database.db)).toEqual(before);
      } finally {
        await allowEvents();
      }

      const accepted = await graphqlRequest(testApp, { query: document, variables, credential: user.accessToken });
      expect(accepted.errors).toBeUndefined();
      const events = (await testApp.database.db.execute(
        sql`select count(*)::int as count from event_logs where event_type = ${eventType} and user_id = ${user.user.id}`,
      )) as { rows: { count: number }[] };
      expect(events.rows[0]!.count).toBe(1);
    });
  }
});
