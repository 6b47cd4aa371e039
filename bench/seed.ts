// `npm run bench:seed -- --scale small|large [--reset]`: fills the database the server would use
// (DATABASE_URL, else PGlite in DATA_DIR) with a deterministic organisation for the benchmarks.
// Every row is generated inside the database (INSERT … SELECT generate_series), so nothing but SQL
// text crosses the connection; ids are md5-derived uuids, so two seeds of one scale are identical.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import pg from 'pg';
import { migrateDatabase, openDatabase } from '../apps/server/src/db/client.js';
import { termsOfService } from '../apps/server/src/modules/users/terms-of-service.js';
import { benchUsers, type SeedSizes, seedSizes } from './lib/seed-shape.js';

const { values: options } = parseArgs({
  options: { scale: { type: 'string', default: 'small' }, reset: { type: 'boolean', default: false } },
});
const scale = options.scale;
if (scale !== 'small' && scale !== 'large') {
  console.error('--scale must be small or large');
  process.exit(64);
}
const sizes = seedSizes[scale];

const firstNames = [
  'Ada',
  'Alan',
  'Amara',
  'Ana',
  'Andrei',
  'Anna',
  'Arjun',
  'Aylin',
  'Beatriz',
  'Ben',
  'Bjorn',
  'Carla',
  'Carlos',
  'Chen',
  'Chloe',
  'Chidi',
  'Clara',
  'Daniel',
  'David',
  'Deepa',
  'Diego',
  'Elena',
  'Elif',
  'Emma',
  'Erik',
  'Fatima',
  'Felix',
  'Freya',
  'Gabriel',
  'Grace',
  'Hana',
  'Hannah',
  'Hiro',
  'Ibrahim',
  'Ines',
  'Isaac',
  'Ivan',
  'Jack',
  'Jamal',
  'Jana',
  'Javier',
  'Jin',
  'Joao',
  'Julia',
  'Kai',
  'Karin',
  'Kenji',
  'Khalid',
  'Lara',
  'Leila',
  'Leo',
  'Liam',
  'Lina',
  'Lucas',
  'Lucia',
  'Maya',
  'Mateo',
  'Mei',
  'Mia',
  'Mohammed',
  'Nadia',
  'Nathan',
  'Nia',
  'Nikolai',
  'Noah',
  'Nora',
  'Olga',
  'Oliver',
  'Omar',
  'Paula',
  'Pedro',
  'Priya',
  'Rafael',
  'Rahul',
  'Rania',
  'Rosa',
  'Ruth',
  'Sakura',
  'Samuel',
  'Sara',
  'Sean',
  'Sofia',
  'Sven',
  'Tariq',
  'Tomas',
  'Uma',
  'Valentina',
  'Victor',
  'Wei',
  'Yara',
  'Yusuf',
  'Zara',
  'Zoe',
  'Marta',
  'Henrik',
  'Aisha',
  'Kwame',
  'Lars',
  'Ingrid',
  'Dmitri',
];
const lastNames = [
  'Abbott',
  'Adeyemi',
  'Aguilar',
  'Andersen',
  'Bauer',
  'Becker',
  'Bianchi',
  'Brown',
  'Campbell',
  'Castillo',
  'Chen',
  'Costa',
  'Dang',
  'Das',
  'Dubois',
  'Eriksson',
  'Fernandes',
  'Fischer',
  'Garcia',
  'Gonzalez',
  'Gupta',
  'Haddad',
  'Hansen',
  'Hernandez',
  'Hoffmann',
  'Hopper',
  'Huang',
  'Ibrahim',
  'Ito',
  'Jansen',
  'Johnson',
  'Kaur',
  'Khan',
  'Kim',
  'Kowalski',
  'Kumar',
  'Larsen',
  'Laurent',
  'Lee',
  'Lopez',
  'Lovelace',
  'Martin',
  'Martinez',
  'Meyer',
  'Moreau',
  'Morris',
  'Muller',
  'Nakamura',
  'Nguyen',
  'Novak',
  'Nowak',
  'Okafor',
  'Olsen',
  'Ortiz',
  'Park',
  'Patel',
  'Pereira',
  'Petrov',
  'Popescu',
  'Quinn',
  'Ramirez',
  'Reyes',
  'Ricci',
  'Rodriguez',
  'Romano',
  'Rossi',
  'Sato',
  'Schmidt',
  'Schneider',
  'Silva',
  'Singh',
  'Smith',
  'Sousa',
  'Suzuki',
  'Tanaka',
  'Taylor',
  'Thomas',
  'Torres',
  'Tran',
  'Turing',
  'Vargas',
  'Vogel',
  'Wagner',
  'Walker',
  'Wang',
  'Weber',
  'Williams',
  'Wilson',
  'Wong',
  'Wu',
  'Yamamoto',
  'Yilmaz',
  'Young',
  'Zhang',
  'Ziegler',
  'Mensah',
  'Lindqvist',
  'Volkov',
  'Hakimi',
  'Okoye',
];
const domains = ['northwind.example', 'contoso.example', 'fabrikam.example', 'tailspin.example', 'woodgrove.example'];
const departments = [
  'Payments',
  'Platform',
  'Data',
  'Security',
  'Identity',
  'Mobile',
  'Web',
  'Growth',
  'Billing',
  'Search',
  'Analytics',
  'Infrastructure',
  'Support',
  'Marketing',
  'Sales',
  'Finance',
  'Legal',
  'People',
  'Design',
  'Research',
  'Logistics',
  'Procurement',
  'Quality',
  'Compliance',
  'Operations',
  'Partnerships',
  'Onboarding',
  'Checkout',
  'Pricing',
  'Messaging',
];
const teamKinds = ['Squad', 'Guild', 'Core', 'Team', 'Crew', 'Lab', 'Studio', 'Office', 'Desk', 'Unit'];
const cities = [
  'Berlin',
  'Lisbon',
  'Austin',
  'Toronto',
  'Nairobi',
  'Osaka',
  'Dublin',
  'Warsaw',
  'Lagos',
  'Madrid',
  'Oslo',
  'Seoul',
  'Denver',
  'Prague',
  'Sydney',
  'Mumbai',
  'Zurich',
  'Boston',
  'Lyon',
  'Accra',
];
const tools = [
  'Jira',
  'Confluence',
  'GitHub',
  'GitLab',
  'Grafana',
  'Kibana',
  'Sentry',
  'Figma',
  'Notion',
  'Slack',
  'Zendesk',
  'Salesforce',
  'HubSpot',
  'Workday',
  'Datadog',
  'PagerDuty',
  'Miro',
  'Tableau',
  'Looker',
  'Airtable',
];
const topics = [
  'dashboard',
  'runbook',
  'roadmap',
  'backlog',
  'wiki',
  'on-call',
  'metrics',
  'release notes',
  'board',
  'reports',
];
const vendors = [
  'Acme',
  'Globex',
  'Initech',
  'Umbrella',
  'Stark',
  'Wayne',
  'Wonka',
  'Hooli',
  'Vandelay',
  'Cyberdyne',
  'Soylent',
  'Tyrell',
  'Aperture',
  'Massive',
  'Oscorp',
  'Gringotts',
  'Monarch',
  'Nakatomi',
  'Pied Piper',
  'Sirius',
  'Blue Sun',
  'Dunder',
  'Gekko',
  'Virtucon',
  'Zorg',
  'Ollivander',
  'Bluth',
  'Prestige',
  'Strickland',
  'Krusty',
  'Duff',
  'Sterling',
  'Rekall',
  'Weyland',
  'Yoyodyne',
  'Abstergo',
  'Black Mesa',
  'Cogswell',
  'Spacely',
  'Kramerica',
  'Lacuna',
  'Bishop',
  'Ajax',
  'Zenith',
  'Apex',
  'Summit',
  'Harbor',
  'Beacon',
  'Cobalt',
  'Ember',
  'Falcon',
  'Granite',
  'Helix',
  'Indigo',
  'Juniper',
  'Kestrel',
  'Lumen',
  'Meridian',
  'Nimbus',
  'Onyx',
  'Polaris',
  'Quartz',
  'Raven',
  'Sable',
  'Tundra',
  'Umber',
  'Vertex',
  'Willow',
  'Xenon',
  'Yarrow',
  'Zephyr',
  'Atlas',
  'Boreal',
  'Cascade',
  'Delta',
  'Echo',
  'Fjord',
  'Glacier',
  'Horizon',
  'Iris',
  'Jasper',
  'Kite',
  'Lotus',
  'Mosaic',
  'Nova',
  'Orbit',
  'Prism',
  'Quill',
  'Ridge',
  'Solace',
  'Tide',
  'Unity',
  'Vista',
  'Wave',
  'Xylo',
  'Yield',
  'Zen',
  'Aurora',
  'Bramble',
  'Cinder',
];
const products = [
  'Analytics',
  'Billing',
  'CRM',
  'Docs',
  'Expenses',
  'Forms',
  'Gateway',
  'Helpdesk',
  'Insights',
  'Journeys',
  'Kanban',
  'Ledger',
  'Mail',
  'Notes',
  'Office',
  'Payroll',
  'Quotes',
  'Recruiting',
  'Scheduler',
  'Tickets',
  'Uptime',
  'Vault',
  'Wiki',
  'Exchange',
  'Yardstick',
  'Zones',
  'Assets',
  'Backup',
  'Calendar',
  'Drive',
  'Events',
  'Feedback',
  'Gantt',
  'Hosting',
  'Inventory',
  'Jobs',
  'Knowledge',
  'Learning',
  'Monitor',
  'Network',
  'Orders',
  'Procure',
  'Quality',
  'Reports',
  'Signals',
  'Travel',
  'Updates',
  'Video',
  'Workflows',
  'Pipelines',
  'Builds',
  'Chat',
  'Deploy',
  'Experiments',
  'Flags',
  'Graphs',
  'Hiring',
  'Identity',
  'Journal',
  'Keys',
  'Logs',
  'Maps',
  'Notebooks',
  'Onboarding',
  'Portal',
  'Queues',
  'Roadmaps',
  'Search',
  'Tasks',
  'Usage',
  'Vendors',
  'Whiteboard',
  'Exports',
  'Surveys',
  'Contracts',
  'Budget',
  'Cases',
  'Dashboards',
  'Email',
  'Files',
  'Goals',
  'Help',
  'Ideas',
  'Jobs Board',
  'Kiosk',
  'Leads',
  'Meetings',
  'News',
  'OKRs',
  'Projects',
  'Q&A',
  'Records',
  'Sales',
  'Timesheets',
  'Uploads',
  'Visitors',
  'Webinars',
  'Audit',
  'Benefits',
  'Compliance',
];
const eventTypes = [
  'bookmark.saved',
  'bookmark.deleted',
  'team.created',
  'team.updated',
  'invite.created',
  'invite.accepted',
  'invite.declined',
  'member.role_changed',
  'member.removed',
  'notification.read',
  'notification.all-read',
  'profile.updated',
  'terms.accepted',
  'service_key.created',
  'app.launched',
  'bookmark.opened',
  'user.updated',
];

/** A SQL array literal of text. */
const textArray = (values: readonly string[]) =>
  `array[${values.map((value) => `'${value.replaceAll("'", "''")}'`).join(',')}]::text[]`;
/** Element `index` (0-based SQL expression) of `values`, cycling. */
const pick = (values: readonly string[], index: string) =>
  `(${textArray(values)})[1 + ((${index}) % ${values.length})]`;
/** The deterministic uuid of row `index` of `kind`: an md5 with version 4 and variant bits, as validators expect. */
const seedId = (kind: string, index: string) =>
  `overlay(overlay(md5('${kind}-' || (${index})) placing '4' from 13) placing '8' from 17)::uuid`;

function statements(sizes: SeedSizes): [string, string][] {
  const { users, teams, bookmarks, applications, eventLogs, notificationsPerUser, membersPerTeam } = sizes;
  const { bigTeamMembers, memberTeamCount, personalBookmarks, bookmarksPerMemberTeam } = benchUsers;
  const combos = firstNames.length * lastNames.length;
  // User i (1-based) gets first name i % F and last name (i / F) % L; the suffix keeps emails unique.
  const firstName = pick(firstNames, 'i');
  const lastName = pick(lastNames, `i / ${firstNames.length}`);
  const specialBookmarks = personalBookmarks + memberTeamCount * bookmarksPerMemberTeam;
  const personalShare = Math.round((bookmarks - specialBookmarks) * 0.6);
  return [
    [
      'users',
      `insert into users (id, identity_issuer, identity_subject, email, first_name, last_name, primary_phone, is_system_admin, last_login, created_at, updated_at, accepted_terms_version, terms_accepted_at)
       select ${seedId('user', 'i')}, 'https://seed.dxp.example', 'seed-' || i,
         case i when 1 then '${benchUsers.member.email}' when 2 then '${benchUsers.admin.email}'
           else lower(${firstName} || '.' || ${lastName}) || coalesce(nullif((i / ${combos})::text, '0'), '') || '@' || ${pick(domains, 'i * 7')} end,
         case i when 1 then '${benchUsers.member.firstName}' when 2 then '${benchUsers.admin.firstName}' else ${firstName} end,
         case i when 1 then '${benchUsers.member.lastName}' when 2 then '${benchUsers.admin.lastName}' else ${lastName} end,
         case when i % 3 = 0 then '+1 555 ' || lpad((i % 10000)::text, 4, '0') end,
         i = 2,
         case when i % 4 <> 0 then now() - ((i % 90) || ' days')::interval end,
         now() - ((i % 700) || ' days')::interval, now() - ((i % 30) || ' days')::interval,
         -- The API serves only people who accepted the current terms.
         '${termsOfService.version}', now() - ((i % 30) || ' days')::interval
       from generate_series(1, ${users}) as i`,
    ],
    [
      'teams',
      `insert into teams (id, name, friendly_id, enabled, meta, logo_url, created_at, updated_at)
       select ${seedId('team', 't')}, name, regexp_replace(lower(name), '[^a-z0-9]+', '-', 'g') || '-' || t,
         t % 97 <> 0, jsonb_build_object('costCenter', 'CC-' || (t % 500)), case when t % 5 = 0 then 'https://logos.example/teams/' || t || '.png' end,
         now() - ((t % 900) || ' days')::interval, now() - ((t % 60) || ' days')::interval
       from (select t, ${pick(cities, 't * 3')} || ' ' || ${pick(departments, 't')} || ' ' || ${pick(teamKinds, 't / 7')} as name
             from generate_series(1, ${teams}) as t) as named`,
    ],
    [
      'team members',
      // Team t's k-th member is user ((t·7919 + k·4729) mod U) + 1: distinct for k < 21, the first one owns the team.
      `insert into team_members (team_id, user_id, role, created_at)
       select ${seedId('team', 't')}, ${seedId('user', `((t * 7919 + k * 4729) % ${users}) + 1`)},
         case when k = 0 then 'TeamOwner' when k <= 2 then 'TeamAdmin' else 'TeamMember' end,
         now() - (((t + k) % 800) || ' days')::interval
       from generate_series(1, ${teams}) as t, generate_series(0, ${membersPerTeam - 1}) as k`,
    ],
    [
      'big team and the member user',
      // Team 1 has ${bigTeamMembers} members (users 1…); the member user (user 1) is also in teams 1…${memberTeamCount}.
      `insert into team_members (team_id, user_id, role)
       select ${seedId('team', '1')}, ${seedId('user', 'i')}, 'TeamMember' from generate_series(1, ${bigTeamMembers}) as i
       union all
       select ${seedId('team', 't')}, ${seedId('user', '1')}, case when t % 5 = 0 then 'TeamAdmin' else 'TeamMember' end
       from generate_series(2, ${memberTeamCount}) as t
       on conflict do nothing`,
    ],
    [
      'bookmarks',
      // Bookmarks 1…${personalBookmarks} are the member user's, the next ${memberTeamCount * bookmarksPerMemberTeam} belong to their teams,
      // then personal ones for everyone else and team bookmarks for the other teams.
      `insert into bookmarks (id, url, name, logo_url, owner_user_id, team_id, created_at, updated_at)
       select ${seedId('bookmark', 'b')},
         'https://' || lower(${pick(tools, 'b')}) || '.example.com/' || replace(${pick(topics, 'b / 20')}, ' ', '-') || '/' || b,
         ${pick(tools, 'b')} || ' ' || ${pick(topics, 'b / 20')},
         case when b % 3 = 0 then 'https://logos.example/tools/' || lower(${pick(tools, 'b')}) || '.svg' end,
         case
           when b <= ${personalBookmarks} then ${seedId('user', '1')}
           when b <= ${specialBookmarks} then null
           when b <= ${specialBookmarks + personalShare} then ${seedId('user', `2 + (b % ${users - 1})`)}
         end,
         case
           when b <= ${personalBookmarks} then null
           when b <= ${specialBookmarks} then ${seedId('team', `1 + (b - ${personalBookmarks + 1}) / ${bookmarksPerMemberTeam}`)}
           when b > ${specialBookmarks + personalShare} then ${seedId('team', `${memberTeamCount + 1} + (b % ${teams - memberTeamCount})`)}
         end,
         now() - ((b % 1000) || ' hours')::interval, now() - ((b % 100) || ' hours')::interval
       from generate_series(1, ${bookmarks}) as b`,
    ],
    [
      'applications',
      `insert into applications (id, name, description, url, logo_url, icon, meta, is_dxp, terms_date, terms_link, created_at, updated_at)
       select ${seedId('application', 'a')}, name,
         'The ' || name || ' workspace for ' || lower(${pick(departments, 'a')}) || ' teams.',
         'https://' || regexp_replace(lower(name), '[^a-z0-9]+', '-', 'g') || '.apps.example',
         case when a % 2 = 0 then 'https://logos.example/apps/' || a || '.svg' end,
         case when a % 2 = 1 then ${pick(['grid', 'chart', 'mail', 'calendar', 'folder', 'shield'], 'a')} end,
         jsonb_build_object('category', ${pick(departments, 'a * 11')}), a % 50 = 0,
         case when a % 4 = 0 then now() - ((a % 365) || ' days')::interval end,
         case when a % 4 = 0 then 'https://legal.example/apps/' || a || '/terms' end,
         now() - ((a % 500) || ' days')::interval, now() - ((a % 50) || ' days')::interval
       from (select a, ${pick(vendors, 'a')} || ' ' || ${pick(products, `a / ${vendors.length}`)} as name
             from generate_series(1, ${applications}) as a) as named`,
    ],
    [
      'team applications',
      // Every team holds three applications; the member user's teams hold six, one of them disabled.
      `insert into team_applications (team_id, application_id, status, granted_at)
       select ${seedId('team', 't')}, ${seedId('application', `1 + ((t * 37 + j * 1009) % ${applications})`)},
         case when j = 5 then 'DISABLED' else 'ENABLED' end, now() - (((t + j) % 400) || ' days')::interval
       from generate_series(1, ${teams}) as t, generate_series(0, 5) as j
       where j < 3 or t <= ${memberTeamCount}`,
    ],
    [
      'notifications',
      // Each names who did it (docs/decisions/0135), so the page reads the actor's name as it does in use.
      `insert into notifications (id, user_id, type, message, is_read, external_id, actor_id, created_at)
       select ${seedId('notification', 'n')}, ${seedId('user', `1 + (n % ${users})`)},
         ${pick(['TeamInvite', 'TeamRoleChanged', 'TeamMemberRemoved', 'AppRequestApproved', 'TeamOwnershipTransferred'], `n / ${users}`)},
         'You are invited to join the team ' || ${pick(cities, 'n')} || ' ' || ${pick(departments, 'n / 3')} || '.',
         (n / ${users}) % 3 = 0, ${seedId('external', 'n')}::text, ${seedId('user', `1 + ((n + 1) % ${users})`)},
         now() - (n || ' minutes')::interval
       from generate_series(1, ${users * notificationsPerUser}) as n`,
    ],
    [
      'event logs',
      // One event every 13 seconds, newest first: 2,000,000 events span about ten months.
      `insert into event_logs (id, event_type, user_email, user_id, date, payload)
       select ${seedId('event', 'e')}, ${pick(eventTypes, 'e')},
         lower(${pick(firstNames, 'e')} || '.' || ${pick(lastNames, `e / ${firstNames.length}`)}) || '@' || ${pick(domains, 'e')},
         null, now() - make_interval(secs => e * 13),
         jsonb_build_object('bookmarkId', ${seedId('bookmark', 'e')}, 'name', ${pick(tools, 'e')}, 'teamId', ${seedId('team', `1 + e % ${teams}`)})
       from generate_series(1, ${eventLogs}) as e`,
    ],
  ];
}

const tables = [
  'event_logs',
  'notifications',
  'team_applications',
  'app_request_history',
  'app_requests',
  'applications',
  'bookmarks',
  'team_invites',
  'team_members',
  'teams',
  'users',
];

const startedAt = performance.now();
const logger = pino({ level: 'warn' });
const databaseUrl = process.env.DATABASE_URL;
const database = await openDatabase(
  databaseUrl
    ? { kind: 'postgres', url: databaseUrl, poolSize: 1 }
    : { kind: 'pglite', dataDir: resolve(process.env.INIT_CWD ?? process.cwd(), process.env.DATA_DIR ?? './.data') },
  logger,
);
// The portal's pool gives up on a statement after 15-20 s; a seed step may take minutes, so PostgreSQL gets a plain client.
const seedClient = databaseUrl ? new pg.Client({ connectionString: databaseUrl }) : undefined;

async function run(text: string): Promise<{ rows: Record<string, unknown>[] }> {
  if (seedClient) return seedClient.query(text);
  return (await database.db.execute(sql.raw(text))) as { rows: Record<string, unknown>[] };
}

try {
  await migrateDatabase(database);
  await seedClient?.connect();
  const existing = await run('select count(*)::int as count from users');
  if (Number(existing.rows[0]?.count ?? 0) > 0) {
    if (!options.reset) {
      console.error(
        'The database already has users; pass --reset to delete every user, team, bookmark, application and log first.',
      );
      process.exit(65);
    }
    await run(`truncate ${tables.join(', ')} cascade`);
  }
  console.log(`Seeding ${scale} (${database.kind}): ${JSON.stringify(sizes)}`);
  for (const [name, text] of statements(sizes)) {
    const stepStartedAt = performance.now();
    try {
      await run(text);
    } catch (error) {
      throw new Error(`seeding ${name} failed: ${(error as { cause?: Error }).cause?.message ?? String(error)}`, {
        cause: error,
      });
    }
    console.log(`  ${name.padEnd(30)} ${((performance.now() - stepStartedAt) / 1000).toFixed(1)} s`);
  }
  const analyzeStartedAt = performance.now();
  await run('vacuum analyze');
  console.log(`  ${'vacuum analyze'.padEnd(30)} ${((performance.now() - analyzeStartedAt) / 1000).toFixed(1)} s`);
  console.log(`Seeded in ${((performance.now() - startedAt) / 1000).toFixed(1)} s`);
} finally {
  await seedClient?.end();
  await database.close();
}
