import fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '../../db/client.js';
import { eventLogs } from '../../db/schema/events.js';
import { createTestDatabase } from '../../test/database.js';
import { registerEventLogRetention } from './event-log-retention.js';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  vi.useRealTimers();
  await database.close();
});

describe('registerEventLogRetention', () => {
  it('prunes events past the retention shortly after start and then daily, and stops with the app', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    const day = 86_400_000;
    const app = fastify();
    registerEventLogRetention(app, { db: database.db, config: { eventLogRetentionDays: 30 } });
    await app.ready();
    await database.db.insert(eventLogs).values([
      { eventType: 'retention.expired', date: new Date(Date.now() - 31 * day) },
      { eventType: 'retention.kept', date: new Date(Date.now() - 29 * day) },
    ]);
    const remainingTypes = async () =>
      (await database.db.select().from(eventLogs)).map((event) => event.eventType).sort();

    expect(await remainingTypes()).toEqual(['retention.expired', 'retention.kept']);
    await vi.advanceTimersByTimeAsync(60_000);
    await vi.waitFor(async () => expect(await remainingTypes()).toEqual(['retention.kept']));

    // A day later the kept event is past the retention too.
    await vi.advanceTimersByTimeAsync(day);
    await vi.waitFor(async () => expect(await remainingTypes()).toEqual([]));

    await app.close();
    await database.db
      .insert(eventLogs)
      .values({ eventType: 'retention.after-close', date: new Date(Date.now() - 31 * day) });
    await vi.advanceTimersByTimeAsync(2 * day);
    expect(await remainingTypes()).toEqual(['retention.after-close']);
  });
});
