import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.js';
import { eventLogs } from '../../db/schema/events.js';
import { createTestDatabase } from '../../test/database.js';
import { insertTestUser } from '../../test/users.js';
import { pruneEventLogs, recordEvent, withoutSecrets } from './event-logs.service.js';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('recordEvent', () => {
  it('writes the event with the actor and a payload stripped of secrets', async () => {
    const user = await insertTestUser(database.db);
    await recordEvent(database.db, {
      eventType: 'service-key.created',
      actor: { kind: 'user', user },
      payload: {
        name: 'ci',
        key: 'dxp_sk_secret',
        nested: { password: 'hunter2', accessToken: 'jwt', serviceKeyId: 'k1' },
      },
    });
    const [row] = await database.db.select().from(eventLogs).where(eq(eventLogs.userId, user.id));
    expect(row).toMatchObject({
      eventType: 'service-key.created',
      userEmail: user.email,
      payload: { name: 'ci', nested: { serviceKeyId: 'k1' } },
    });
    expect(JSON.stringify(row?.payload)).not.toMatch(/secret|hunter2|jwt/);
  });

  it('rolls back with the transaction it was written in', async () => {
    const user = await insertTestUser(database.db);
    await expect(
      database.db.transaction(async (transaction) => {
        await recordEvent(transaction, { eventType: 'team.created', actor: { kind: 'user', user } });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await database.db.select().from(eventLogs).where(eq(eventLogs.userId, user.id))).toEqual([]);
  });

  it('records events without a signed-in caller', async () => {
    await recordEvent(database.db, {
      eventType: 'billing.webhook-received',
      actor: null,
      payload: { webhookId: 'w1' },
    });
    const rows = await database.db.select().from(eventLogs).where(eq(eventLogs.eventType, 'billing.webhook-received'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: null, userEmail: null, payload: { webhookId: 'w1' } });
  });
});

describe('withoutSecrets', () => {
  it('drops credential keys inside arrays and keeps ordinary values', () => {
    expect(
      withoutSecrets({
        items: [{ clientSecret: 'x', label: 'a' }],
        Authorization: 'Bearer x',
        count: 2,
        at: new Date(0),
      }),
    ).toEqual({ items: [{ label: 'a' }], count: 2, at: '1970-01-01T00:00:00.000Z' });
  });

  it('ASVS V16.2.5 (no credentials in logs): strips user:password@ and credential-like parameters from web addresses at any depth', () => {
    const stored = withoutSecrets({
      url: 'https://ada:hunter2@intranet.example.com/report?page=2&token=t0k3n&API_KEY=k3y&X-Amz-Signature=s1g',
      launches: [
        { url: 'https://app.example.com/callback?code=c0d3&state=ok#access_token=acc3ss&token_type=bearer' },
        { url: 'https://cdn.example.com/file.pdf?sig=abc123&design=blue&auth=au7h&client_secret=cl13nt&pwd=pw' },
      ],
    });
    expect(stored).toEqual({
      url: 'https://intranet.example.com/report?page=2&token=redacted&API_KEY=redacted&X-Amz-Signature=redacted',
      launches: [
        { url: 'https://app.example.com/callback?code=redacted&state=ok#access_token=redacted&token_type=redacted' },
        {
          url: 'https://cdn.example.com/file.pdf?sig=redacted&design=blue&auth=redacted&client_secret=redacted&pwd=redacted',
        },
      ],
    });
    expect(JSON.stringify(stored)).not.toMatch(/hunter2|t0k3n|k3y|s1g|c0d3|acc3ss|abc123|au7h|cl13nt|=pw/);
  });

  it('keeps addresses without credentials, and text that is not an address, exactly as written', () => {
    const untouched = {
      url: 'https://Example.com/a%20b?q=tea+cake&page=2#section',
      note: 'token=abc is not an address',
      relative: '/teams/acme?token=x',
      mail: 'mailto:ada@example.com',
    };
    expect(withoutSecrets(untouched)).toEqual(untouched);
  });
});

describe('pruneEventLogs', () => {
  it('deletes every event older than the cut-off, batch by batch, and keeps the rest', async () => {
    const cutOff = new Date('2026-01-01T00:00:00Z');
    const old = Array.from({ length: 7 }, (_, index) => ({
      eventType: 'prune.old',
      date: new Date(cutOff.getTime() - (index + 1) * 86_400_000),
    }));
    await database.db.insert(eventLogs).values([...old, { eventType: 'prune.kept', date: cutOff }]);

    expect(await pruneEventLogs(database.db, { olderThan: cutOff, batchSize: 3 })).toBe(7);
    expect(await database.db.select().from(eventLogs).where(eq(eventLogs.eventType, 'prune.old'))).toEqual([]);
    expect(await database.db.select().from(eventLogs).where(eq(eventLogs.eventType, 'prune.kept'))).toHaveLength(1);
    expect(await pruneEventLogs(database.db, { olderThan: cutOff })).toBe(0);
  });
});
