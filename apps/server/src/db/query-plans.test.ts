// Every filter and sort the API offers on a large table is served by an index. The hot service calls run
// against a seeded database with a logging Drizzle client; each statement they send is then EXPLAINed with
// sequential scans priced out (`enable_seqscan = off`, so a small table plans like a big one). A plan fails
// when it reads a large table by Seq Scan, or walks a whole index without a condition only to sort the
// rows afterwards (what the planner does when no index fits once sequential scans are off).
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../auth/actor.js';
import { listAppRequests } from '../modules/applications/app-requests.service.js';
import { listApplications, listHomepageApplications } from '../modules/applications/applications.service.js';
import {
  listHomepageBookmarks,
  listMyBookmarks,
  listTeamBookmarks,
  saveBookmark,
} from '../modules/bookmarks/bookmarks.service.js';
import { listEventLogs } from '../modules/event-logs/event-logs.service.js';
import { listNotifications } from '../modules/notifications/notifications.service.js';
import { listAllUsers } from '../modules/admin-users/admin-users.service.js';
import { findTeamForActor, anyTeamRole } from '../modules/teams/team-access.js';
import { listTeamInvites } from '../modules/teams/team-invites.service.js';
import { listTeamMembers } from '../modules/teams/team-members.service.js';
import { listAllTeams, listMyTeams } from '../modules/teams/teams.service.js';
import { findUserById } from '../modules/users/users.service.js';
import { createTestDatabase } from '../test/database.js';
import type { Database, DatabaseHandle } from './client.js';
import type { Page } from './keyset-pagination.js';
import * as schema from './schema/index.js';
import { type UserRow, users } from './schema/users.js';

/** Tables that grow with the organisation; the rest (keys, settings) stay small. */
const largeTables = new Set([
  'users',
  'teams',
  'team_members',
  'team_invites',
  'bookmarks',
  'event_logs',
  'notifications',
  'applications',
  'team_applications',
  'app_requests',
]);

let database: DatabaseHandle;
let recordingDb: Database;
let recorded: { query: string; params: unknown[] }[] = [];
let explain: (query: string, params: unknown[]) => Promise<unknown>;
let release: () => Promise<void>;
let member: Actor;
let admin: Actor;
let bigTeamFriendlyId: string;

/** A deterministic uuid with version and variant bits, as the services' validators expect. */
const id = (kind: string, index: string) =>
  `overlay(overlay(md5('${kind}' || (${index})) placing '4' from 13) placing '8' from 17)::uuid`;

/**
 * Rows per large table. The plans, not the volume, are under test: with sequential scans priced out, a table of a few
 * thousand rows plans as one of millions would, and seeding is most of this file's time.
 */
const rows = {
  users: 4_000,
  teams: 800,
  bigTeamMembers: 1_000,
  invites: 600,
  bookmarks: 12_000,
  eventLogs: 6_000,
  notifications: 8_000,
  applications: 1_000,
  appRequests: 2_000,
};

const seedStatements = [
  `insert into users (id, identity_issuer, identity_subject, email, first_name, last_name, is_system_admin)
   select ${id('u', 'i')}, 'https://plans.test', 'u' || i, 'person' || i || '@plans.test',
     (array['Ada','Grace','Alan','Linus','Barbara'])[1 + i % 5], 'Last' || (i % 300), i = 2
   from generate_series(1, ${rows.users}) as i`,
  `insert into teams (id, name, friendly_id) select ${id('t', 't')}, 'Team ' || t, 'team-' || t from generate_series(1, ${rows.teams}) as t`,
  `insert into team_members (team_id, user_id, role)
   select ${id('t', 't')}, ${id('u', `1 + (t * 37 + k * 101) % ${rows.users}`)}, case when k = 0 then 'TeamOwner' else 'TeamMember' end
   from generate_series(1, ${rows.teams}) as t, generate_series(0, 9) as k`,
  `insert into team_members (team_id, user_id, role) select ${id('t', '1')}, ${id('u', 'i')}, 'TeamMember' from generate_series(1, ${rows.bigTeamMembers}) as i
   union all select ${id('t', 't')}, ${id('u', '1')}, 'TeamAdmin' from generate_series(2, 30) as t
   on conflict do nothing`,
  `insert into team_invites (team_id, email, team_role, expires_at)
   select ${id('t', `(1 + i % ${rows.teams})`)}, 'invitee' || i || '@plans.test', 'TeamMember', now() + interval '14 days' from generate_series(1, ${rows.invites}) as i`,
  `insert into bookmarks (url, name, owner_user_id, team_id)
   select 'https://example.com/' || b, 'Bookmark ' || (b % 97),
     case when b % 2 = 0 then ${id('u', `(1 + b % ${rows.users})`)} end, case when b % 2 = 1 then ${id('t', `(1 + b % ${rows.teams})`)} end
   from generate_series(1, ${rows.bookmarks}) as b`,
  `insert into event_logs (event_type, user_email, date, payload)
   select (array['bookmark.saved','team.created','invite.created'])[1 + e % 3], 'person' || (e % ${rows.users}) || '@plans.test',
     now() - make_interval(secs => e * 7), '{}'::jsonb
   from generate_series(1, ${rows.eventLogs}) as e`,
  `insert into notifications (user_id, type, message, is_read, actor_id, created_at)
   select ${id('u', `(1 + n % ${rows.users})`)}, 'TeamInvite', 'Message ' || n, n % 3 = 0, ${id('u', `(1 + n * 7 % ${rows.users})`)},
     now() - make_interval(mins => n)
   from generate_series(1, ${rows.notifications}) as n`,
  `insert into applications (id, name, description, url)
   select ${id('a', 'a')}, 'Application ' || a, 'Does thing ' || (a % 40), 'https://app' || a || '.example' from generate_series(1, ${rows.applications}) as a`,
  `insert into team_applications (team_id, application_id, status)
   select ${id('t', 't')}, ${id('a', `1 + (t * 13 + j * 211) % ${rows.applications}`)}, 'ENABLED' from generate_series(1, ${rows.teams}) as t, generate_series(0, 4) as j`,
  `insert into app_requests (application_id, team_id, team_name, requested_by_id, status, contact_email, first_name, last_name)
   select ${id('a', `(1 + r % ${rows.applications})`)}, ${id('t', `(1 + r % ${rows.teams})`)}, 'Team ' || (1 + r % ${rows.teams}), ${id('u', `(1 + r % ${rows.users})`)},
     (array['APPROVED','REJECTED'])[1 + r % 2], 'person' || r || '@plans.test', 'Ada', 'Lovelace'
   from generate_series(1, ${rows.appRequests}) as r`,
];

beforeAll(async () => {
  database = await createTestDatabase();
  for (const statement of seedStatements) await database.db.execute(sql.raw(statement));
  await database.db.execute(sql`analyze`);

  const logger = { logQuery: (query: string, params: unknown[]) => recorded.push({ query, params }) };
  const client = (database.db as unknown as { $client: unknown }).$client;
  if (database.kind === 'pglite') {
    const pglite = client as PGlite;
    recordingDb = drizzlePglite(pglite, { schema, logger });
    await pglite.query('set enable_seqscan = off');
    explain = async (query, params) =>
      (await pglite.query<{ 'QUERY PLAN': unknown }>(`explain (format json) ${query}`, params)).rows[0]!['QUERY PLAN'];
    release = async () => {
      await pglite.query('reset enable_seqscan');
    };
  } else {
    const pool = client as pg.Pool;
    recordingDb = drizzlePostgres(pool, { schema, logger });
    const connection = await pool.connect();
    await connection.query('set enable_seqscan = off');
    explain = async (query, params) =>
      (await connection.query<{ 'QUERY PLAN': unknown }>(`explain (format json) ${query}`, params)).rows[0]![
        'QUERY PLAN'
      ];
    release = async () => {
      await connection.query('reset enable_seqscan');
      connection.release();
    };
  }

  const actorFor = async (id: string): Promise<Actor> => ({
    kind: 'user',
    user: (await findUserById(database.db, id)) as UserRow,
  });
  const [memberRow] = await database.db
    .select({ id: users.id })
    .from(users)
    .where(sql`${users.email} = 'person1@plans.test'`);
  const [adminRow] = await database.db
    .select({ id: users.id })
    .from(users)
    .where(sql`${users.email} = 'person2@plans.test'`);
  member = await actorFor(memberRow!.id);
  admin = await actorFor(adminRow!.id);
  bigTeamFriendlyId = 'team-1';
}, 120_000);

afterAll(async () => {
  await release?.();
  await database?.close();
});

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  Plans?: PlanNode[];
}

/** What is wrong with a plan: sequential scans of large tables, or whole-index walks feeding a sort. */
function planProblems(node: PlanNode, underSort = false): string[] {
  const problems: string[] = [];
  const table = node['Relation Name'];
  if (table && largeTables.has(table)) {
    if (node['Node Type'] === 'Seq Scan') problems.push(`Seq Scan on ${table}`);
    const isIndexScan = node['Node Type'] === 'Index Scan' || node['Node Type'] === 'Index Only Scan';
    if (isIndexScan && !node['Index Cond'] && underSort) {
      problems.push(`${table} read whole through ${node['Index Name']} and then sorted`);
    }
  }
  const sorts = underSort || node['Node Type'] === 'Sort' || node['Node Type'] === 'Incremental Sort';
  for (const child of node.Plans ?? []) problems.push(...planProblems(child, sorts));
  return problems;
}

/** Runs `call` with the recording client and EXPLAINs each statement it sent. */
async function expectIndexedPlans(call: (db: Database) => Promise<unknown>): Promise<void> {
  recorded = [];
  await call(recordingDb);
  expect(recorded.length).toBeGreaterThan(0);
  const failures: string[] = [];
  for (const { query, params } of recorded) {
    if (/^(begin|commit|rollback|savepoint|release)/i.test(query.trim())) continue;
    const [plan] = (await explain(query, params)) as [{ Plan: PlanNode }];
    const problems = planProblems(plan.Plan);
    if (problems.length > 0) failures.push(`${problems.join('; ')}\n    in: ${query}`);
  }
  expect(failures).toEqual([]);
}

/**
 * The first page and the page after its end, so the keyset condition is planned too; `totalCount` where
 * the SPA asks for it.
 */
async function bothPages<Node>(
  list: (after: string | null) => Promise<Page<Node>>,
  options = { count: false },
): Promise<void> {
  const first = await list(null);
  if (options.count) await first.totalCount();
  await list(first.pageInfo.endCursor);
}
const withCount = { count: true };

describe('query plans of the hot operations (enable_seqscan = off)', () => {
  it('authentication: the user of a token', async () => {
    await expectIndexedPlans((db) => findUserById(db, member.user.id));
  });

  it('GetMyHomepage: teams and applications', async () => {
    await expectIndexedPlans(async (db) => {
      await listMyTeams(db, { actor: member });
      await listHomepageApplications(db, { actor: member });
    });
  });

  it('GetMyHomepage: personal and team bookmarks', async () => {
    await expectIndexedPlans((db) => listHomepageBookmarks(db, { actor: member }));
  });

  it('GetTeamByFriendlyId and GetTeamMembers, by email, filtered and paged', async () => {
    await expectIndexedPlans(async (db) => {
      await findTeamForActor(db, { actor: member, friendlyId: bigTeamFriendlyId, roles: anyTeamRole });
      await bothPages(
        (after) =>
          listTeamMembers(db, { actor: member, teamFriendlyId: bigTeamFriendlyId, page: { first: 50, after } }),
        withCount,
      );
      await listTeamMembers(db, {
        actor: member,
        teamFriendlyId: bigTeamFriendlyId,
        where: { email: { contains: 'person1' } },
        page: { first: 50 },
      });
    });
  });

  it('GetTeamInvites and GetTeamBookmarks', async () => {
    await expectIndexedPlans(async (db) => {
      await bothPages((after) =>
        listTeamInvites(db, { actor: admin, teamFriendlyId: bigTeamFriendlyId, page: { first: 20, after } }),
      );
      await bothPages(
        (after) =>
          listTeamBookmarks(db, { actor: admin, teamFriendlyId: bigTeamFriendlyId, page: { first: 20, after } }),
        withCount,
      );
      await bothPages((after) =>
        listTeamBookmarks(db, {
          actor: admin,
          teamFriendlyId: bigTeamFriendlyId,
          order: [{ createdAt: 'DESC' }],
          page: { first: 20, after },
        }),
      );
    });
  });

  it('GetMyBookmarks by name and by creation', async () => {
    await expectIndexedPlans(async (db) => {
      await bothPages((after) => listMyBookmarks(db, { actor: member, page: { first: 20, after } }), withCount);
      await bothPages(
        (after) => listMyBookmarks(db, { actor: member, order: [{ createdAt: 'DESC' }], page: { first: 20, after } }),
        withCount,
      );
    });
  });

  it('GetMyNotifications: newest first, all and unread', async () => {
    await expectIndexedPlans(async (db) => {
      await bothPages(
        (after) =>
          listNotifications(db, {
            userId: member.user.id,
            where: { isRead: { eq: false } },
            page: { first: 3, after },
          }),
        withCount,
      );
      await bothPages(
        (after) => listNotifications(db, { userId: member.user.id, page: { first: 20, after } }),
        withCount,
      );
    });
  });

  it('GetEventLogs: newest and oldest first, deep pages, by type, email and date range', async () => {
    await expectIndexedPlans(async (db) => {
      await bothPages((after) => listEventLogs(db, { page: { first: 25, after } }));
      await bothPages((after) => listEventLogs(db, { order: [{ date: 'ASC' }], page: { first: 25, after } }));
      await bothPages((after) =>
        listEventLogs(db, { where: { eventType: { eq: 'team.created' } }, page: { first: 25, after } }),
      );
      await bothPages((after) =>
        listEventLogs(db, { where: { userEmail: { eq: 'person7@plans.test' } }, page: { first: 25, after } }),
      );
      const day = 24 * 60 * 60 * 1000;
      await bothPages((after) =>
        listEventLogs(db, {
          where: { date: { gte: new Date(Date.now() - 2 * day), lt: new Date(Date.now() - day) } },
          page: { first: 25, after },
        }),
      );
    });
  });

  it('GetAllUsers: by name, searched and paged', async () => {
    await expectIndexedPlans(async (db) => {
      await bothPages((after) => listAllUsers(db, { page: { first: 20, after } }));
      await bothPages((after) => listAllUsers(db, { search: 'last1', page: { first: 20, after } }));
    });
  });

  it('GetAllTeams: by name, searched and paged', async () => {
    await expectIndexedPlans(async (db) => {
      await bothPages((after) => listAllTeams(db, { page: { first: 20, after } }));
      await bothPages((after) => listAllTeams(db, { search: 'team 1', page: { first: 20, after } }));
    });
  });

  it('GetAllApplications: by name, searched and paged', async () => {
    await expectIndexedPlans(async (db) => {
      await bothPages((after) => listApplications(db, { page: { first: 24, after } }), withCount);
      await bothPages((after) => listApplications(db, { search: 'thing 1', page: { first: 24, after } }));
      // As the catalogue asks: the count inside the first page's statement, each application's teams in every page's.
      for (const viewer of [member, admin]) {
        const teamsViewer = { userId: viewer.user.id, isSystemAdmin: viewer.user.isSystemAdmin };
        await bothPages((after) =>
          listApplications(db, { page: { first: 24, after, withTotalCount: after === null }, teamsViewer }),
        );
      }
    });
  });

  // Known: a page of a substring search walks the name index and stops after one page, but counting every
  // match of `ilike '%…%'` reads the whole table; only a trigram index (pg_trgm) would serve it.
  it.fails('GetAllApplications: totalCount of a search', async () => {
    await expectIndexedPlans((db) =>
      listApplications(db, { search: 'thing 1', page: { first: 24 } }).then((page) => page.totalCount()),
    );
  });

  it('GetAppRequests: newest first and by status', async () => {
    await expectIndexedPlans(async (db) => {
      await bothPages((after) => listAppRequests(db, { page: { first: 20, after } }));
      await bothPages((after) =>
        listAppRequests(db, { where: { status: { eq: 'APPROVED' } }, page: { first: 20, after } }),
      );
    });
  });

  it('AddOrUpdateBookmark', async () => {
    await expectIndexedPlans((db) =>
      saveBookmark(db, {
        actor: member,
        input: { url: 'https://example.com/new', name: 'New bookmark', teamFriendlyId: 'team-2' },
      }),
    );
  });
});
