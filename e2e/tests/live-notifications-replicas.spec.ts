import { expect, test } from '@playwright/test';
import { signUp } from './support/accounts.js';
import {
  postgresAnswers,
  postgresServerUrl,
  type ReplicaCluster,
  redisAnswers,
  redisUrl,
  replicaHeader,
  startReplicaCluster,
} from './support/replicas.js';
import { addTeamAs, inviteAs, uniqueTeamName } from './support/teams.js';

/**
 * docs/decisions/0128 and docs/scaling.md: a change made on one replica reaches a page whose live stream is open
 * on another, through PostgreSQL's LISTEN/NOTIFY when only DATABASE_URL is set and through Redis when REDIS_URL is
 * too. Each run starts its own two replicas behind a balancer (support/replicas.ts); every request of person A
 * goes to replica 1, every request of person B to replica 2.
 */
const buses = [
  { name: 'PostgreSQL LISTEN/NOTIFY', withRedis: false },
  { name: 'Redis pub/sub', withRedis: true },
];

for (const bus of buses) {
  test.describe(`two replicas on one PostgreSQL, live events through ${bus.name}`, () => {
    let cluster: ReplicaCluster | undefined;

    test.beforeAll(async () => {
      // Two portals start and the first migrates a new database; this bounds a hang, it measures nothing.
      test.setTimeout(180_000);
      const required = process.env.DXP_REQUIRE_POSTGRES === '1';
      if (!(await postgresAnswers(postgresServerUrl))) {
        if (required) throw new Error(`PostgreSQL is required but not reachable at ${postgresServerUrl}`);
        test.skip(true, `no PostgreSQL at ${postgresServerUrl} (set TEST_POSTGRES_URL)`);
      }
      if (bus.withRedis && !(await redisAnswers(redisUrl))) {
        test.skip(true, `no Redis at ${redisUrl} (set TEST_REDIS_URL)`);
      }
      cluster = await startReplicaCluster({ redisUrl: bus.withRedis ? redisUrl : undefined });
    });

    test.afterAll(async () => {
      await cluster?.stop();
    });

    test('an invite made on one replica shows in the bell and the open flyout of a dashboard on the other, without a reload', async ({
      browser,
    }) => {
      const onReplica = (number: 1 | 2) =>
        browser.newContext({ baseURL: cluster!.url, extraHTTPHeaders: { [replicaHeader]: String(number) } });
      const inviterContext = await onReplica(1);
      const inviteeContext = await onReplica(2);
      const inviter = await inviterContext.newPage();
      const dashboard = await inviteeContext.newPage();
      const team = uniqueTeamName();
      await signUp(inviter);
      await addTeamAs(inviter, team);
      // Signing up ends on the dashboard, whose one live stream is open on replica 2 before the invite is sent on
      // replica 1. The wait is sign-up's own bound (30 s on a loaded machine) and then some; it measures nothing.
      const liveStreamOpened = dashboard.waitForResponse((response) => response.url().endsWith('/api/live'), {
        timeout: 90_000,
      });
      const invitee = await signUp(dashboard);
      const liveStream = await liveStreamOpened;
      expect(liveStream.status()).toBe(200);
      expect(liveStream.headers()[replicaHeader], 'the stream is served by replica 2').toBe('2');
      let loads = 0;
      dashboard.on('load', () => loads++);
      const bell = dashboard.getByRole('button', { name: 'Notifications' });
      await expect(bell).toBeVisible();
      await expect(bell.locator('[data-slot="unread-indicator"]')).toHaveCount(0);
      // The flyout is open, and shows no invite, before the invite exists: what it shows next comes from the event.
      await bell.click();
      const flyout = dashboard.getByRole('dialog', { name: 'Notifications' });
      await expect(flyout).toBeVisible();
      await expect(flyout.getByRole('link', { name: new RegExp(team.name) })).toHaveCount(0);

      await inviteAs(inviter, team.slug, [invitee.email]);
      // Live across replicas, with no reload, well before the list's 60 s poll (the default 10 s wait); how fast an
      // event crosses the bus is measured by `npm run bench:live`, not by a timed check here.
      await expect(bell.locator('[data-slot="unread-indicator"]')).toBeVisible();
      await expect(flyout.getByRole('link', { name: new RegExp(team.name) })).toBeVisible();
      expect(loads, 'the dashboard was not reloaded').toBe(0);

      await inviterContext.close();
      await inviteeContext.close();
    });
  });
}
