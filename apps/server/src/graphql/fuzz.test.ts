import { randomInt, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventLogs } from '../db/schema/events.js';
import { teamInvites } from '../db/schema/teams.js';
import { createNotification } from '../modules/notifications/notifications.service.js';
import { insertTestTeam } from '../test/teams.js';
import { storeWebhookDelivery } from '../modules/webhooks/webhooks.service.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { createTestServiceKey, graphqlHeaders, signInTestUser } from '../test/graphql.js';
import { createGraphqlFuzzer, createRandom } from '../test/graphql-fuzz.js';
import { insertTestUser } from '../test/users.js';
import { schema } from './schema.js';

const REQUEST_COUNT = 2_500;
/** Fresh callers and rows every round, so a fuzzed deleteAccount or deleteTeam does not starve the rest. */
const ROUNDS = 10;
/** Requests generated at a time, steered by what the ones before executed and returned. */
const BATCH_SIZE = 125;
const CONCURRENCY = 4;
const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : randomInt(2 ** 31);

/** Codes a client may see; INTERNAL_SERVER_ERROR is a bug here even when masked. */
const clientErrorCodes = new Set([
  'AUTH_NOT_AUTHENTICATED',
  'AUTH_NOT_AUTHORIZED',
  'NOT_FOUND',
  'DUPLICATE_VALUE',
  'INVALID_REQUEST',
  'INVALID_CONTENT',
  'TEAM_MUST_HAVE_OWNER',
  'RATE_LIMITED',
]);

/** What must never reach a client: stack frames, SQL and driver text, source paths, schema hints. */
const leaks: [string, RegExp][] = [
  ['stack trace', /\n\s+at |^\s+at \S+ \(/m],
  ['SQL', /\b(select|insert into)\s|\bupdate \S+ set\s/i],
  [
    'database error',
    /violates|syntax error at or near|relation "|column "|invalid input syntax|out of range for type|duplicate key/i,
  ],
  ['file path', /(\/[\w.-]+)+\.(ts|js|mjs|cjs)\b|node_modules/],
  // The lexer's own hint about quotes names nothing of the schema.
  ['field suggestion', /did you mean (?!to use a double quote)/i],
];

type Persona = 'anonymous' | 'user' | 'systemAdmin' | 'serviceKey';

interface Round {
  credentials: Record<Persona, string | undefined>;
  knownValues: string[];
}

interface Failure {
  index: number;
  persona: Persona;
  problem: string;
  status: number;
  response: string;
  body: string;
}

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});

afterAll(async () => {
  await testApp.close();
});

/** Callers with real tokens and a key, a team they own, admin and belong to, and rows to point ids at. */
async function startRound(): Promise<Round> {
  const { db } = testApp.database;
  const user = await signInTestUser(testApp);
  const systemAdmin = await signInTestUser(testApp, { isSystemAdmin: true });
  const keyHolder = await insertTestUser(db);
  const stranger = await insertTestUser(db);
  const ownTeam = await insertTestTeam(db, {
    ownerId: user.user.id,
    memberIds: [keyHolder.id, stranger.id],
  });
  const otherTeam = await insertTestTeam(db, {
    ownerId: stranger.id,
    adminIds: [user.user.id],
  });
  const [invite] = await db
    .insert(teamInvites)
    .values({
      teamId: otherTeam.id,
      email: user.user.email,
      teamRole: 'TeamMember',
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .returning();
  const notification = await createNotification(db, {
    userId: user.user.id,
    type: 'TeamInvite',
    message: 'Fuzz',
  });
  const [eventLog] = await db.insert(eventLogs).values({ eventType: 'fuzz.event' }).returning();
  const { log: webhookLog } = await storeWebhookDelivery(db, {
    webhookId: `msg_${randomUUID()}`,
    envelope: {
      type: 'customer.upserted',
      timestamp: new Date().toISOString(),
      data: { not: 'a customer' },
    },
  });
  return {
    credentials: {
      anonymous: undefined,
      user: user.accessToken,
      systemAdmin: systemAdmin.accessToken,
      serviceKey: await createTestServiceKey(testApp, keyHolder),
    },
    knownValues: [
      user.user.id,
      systemAdmin.user.id,
      keyHolder.id,
      stranger.id,
      stranger.email,
      ownTeam.id,
      ownTeam.friendlyId,
      otherTeam.id,
      otherTeam.friendlyId,
      invite!.id,
      notification.id,
      eventLog!.id,
      webhookLog.id,
    ],
  };
}

/** Ids and cursors the server handed out, so later requests can point at real rows. */
function harvest(value: unknown, into: Set<string>): void {
  if (Array.isArray(value)) {
    for (const item of value) harvest(item, into);
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (typeof item === 'string' && /^(id|friendlyId|teamFriendlyId|cursor|startCursor|endCursor)$/.test(key))
        into.add(item);
      else harvest(item, into);
    }
  }
}

/** The problem with one answer, or undefined when it is what a client may be shown. */
function problemWith(status: number, text: string): string | undefined {
  if (status >= 500) return `HTTP ${status}`;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return 'the body is not JSON';
  }
  if (!body || typeof body !== 'object' || !('data' in body || 'errors' in body)) return 'neither data nor errors';
  const errors = (body as { errors?: unknown }).errors ?? [];
  if (!Array.isArray(errors)) return 'errors is not a list';
  for (const error of errors as {
    message?: unknown;
    extensions?: { code?: unknown };
  }[]) {
    const code = error.extensions?.code;
    if (code === 'INTERNAL_SERVER_ERROR') {
      return error.message === 'Unexpected error' ? 'a masked unexpected error' : 'an unmasked internal error';
    }
    if (typeof code !== 'string' || !clientErrorCodes.has(code)) return `error code ${String(code)}`;
    if (typeof error.message !== 'string') return 'an error without a message';
    const serialized = JSON.stringify(error);
    for (const [leak, pattern] of leaks) {
      if (pattern.test(serialized)) return `a ${leak} in an error`;
    }
  }
  return undefined;
}

/** Long runs of one character shortened, so a 100 KB value still fits in a failure message. */
function abbreviate(text: string): string {
  return text.replace(/(.)\1{39,}/gsu, (run, character: string) => `${character}<×${[...run].length}>`);
}

describe('GraphQL under hostile input', () => {
  it(`API8:2023 security misconfiguration, API4:2023 unrestricted resource consumption (ASVS V2.2.1, V16.5.1) – ${REQUEST_COUNT.toLocaleString('en')} hostile GraphQL requests get no 5xx and no unexpected or unmasked error (FUZZ_SEED=${seed})`, async () => {
    console.info(`GraphQL fuzz seed ${seed}; reproduce with FUZZ_SEED=${seed}`);
    const random = createRandom(seed);
    const harvested = new Set<string>();
    let round: Round = await startRound();
    let knownValues: string[] = round.knownValues;
    const executedRootFields = new Set<string>();
    // A batch's requests are generated before it starts, so what the batches before executed steers its documents.
    const nextRequest = createGraphqlFuzzer(schema, random, () => knownValues, {
      isExecuted: (field) => executedRootFields.has(field),
    });
    const personas: Persona[] = ['anonymous', 'user', 'systemAdmin', 'serviceKey'];
    const failures: Failure[] = [];
    const outcomes = new Map<string, number>();
    let answered = 0;
    let answeredWhenAllExecuted: number | undefined;
    const rootFields = [schema.getQueryType(), schema.getMutationType()].flatMap((root) =>
      root ? Object.keys(root.getFields()).map((field) => `${root.name}.${field}`) : [],
    );
    let answeredWithData = 0;
    const startedAt = performance.now();
    const cpuAtStart = process.cpuUsage();

    for (let roundIndex = 0; roundIndex < ROUNDS; roundIndex++) {
      if (roundIndex > 0) round = await startRound();
      for (let batchStart = 0; batchStart < REQUEST_COUNT / ROUNDS; batchStart += BATCH_SIZE) {
        knownValues = [...round.knownValues, ...[...harvested].slice(-200)];
        const requests = Array.from({ length: BATCH_SIZE }, (_, offset) => ({
          index: roundIndex * (REQUEST_COUNT / ROUNDS) + batchStart + offset,
          persona: random.pick(personas),
          ...nextRequest(),
        }));
        let next = 0;
        const worker = async () => {
          while (next < requests.length) {
            const { index, persona, body, rootFields: requestedFields } = requests[next++]!;
            const credential = round.credentials[persona];
            const response = await testApp.app.inject({
              method: 'POST',
              url: '/graphql',
              headers: graphqlHeaders(credential),
              payload: body,
            });
            const problem = problemWith(response.statusCode, response.body);
            if (problem) {
              failures.push({
                index,
                persona,
                problem,
                status: response.statusCode,
                response: response.body,
                body,
              });
              continue;
            }
            const answer = JSON.parse(response.body) as {
              data?: Record<string, unknown> | null;
              errors?: { extensions?: { code?: string } }[];
            };
            const outcome = [
              'data' in answer ? (answer.data ? 'data' : 'null data') : 'no data',
              ...new Set(answer.errors?.map((error) => error.extensions?.code)),
            ].join(' ');
            outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
            answered++;
            // A `data` key, even null, means the request passed parsing, validation and variable coercion.
            if ('data' in answer) for (const field of requestedFields) executedRootFields.add(field);
            if (answeredWhenAllExecuted === undefined && executedRootFields.size === rootFields.length)
              answeredWhenAllExecuted = answered;
            if (answer.data) {
              answeredWithData++;
              harvest(answer.data, harvested);
            }
          }
        };
        await Promise.all(Array.from({ length: CONCURRENCY }, worker));
      }
    }

    const seconds = (performance.now() - startedAt) / 1000;
    const cpu = process.cpuUsage(cpuAtStart);
    const cpuSeconds = (cpu.user + cpu.system) / 1e6;
    console.info(
      `GraphQL fuzz: ${REQUEST_COUNT} requests in ${seconds.toFixed(1)} s (${cpuSeconds.toFixed(1)} s CPU), ${answeredWithData} answered with data, ` +
        `${failures.length} failures, every root field executed after ${answeredWhenAllExecuted ?? 'never'}; outcomes: ` +
        [...outcomes]
          .sort(([, a], [, b]) => b - a)
          .map(([outcome, count]) => `${count} × ${outcome}`)
          .join('; '),
    );
    const kinds = new Map<string, number>();
    for (const { problem } of failures) kinds.set(problem, (kinds.get(problem) ?? 0) + 1);
    const summary = [...kinds].map(([kind, count]) => `${count} × ${kind}`).join('; ');
    const report = failures
      .slice(0, 5)
      .map(
        (failure) =>
          `#${failure.index} as ${failure.persona}: ${failure.problem} (HTTP ${failure.status})\n` +
          `  request: ${abbreviate(failure.body).slice(0, 3000)}\n  response: ${abbreviate(failure.response).slice(0, 1000)}`,
      )
      .join('\n');
    expect(
      failures.length,
      `${failures.length} bad answers (FUZZ_SEED=${seed}): ${summary}; the first 5:\n${report}`,
    ).toBe(0);
    // Every operation was executed at least once, so the hostile values reached its resolver, not only the parser.
    expect(rootFields.filter((field) => !executedRootFields.has(field))).toEqual([]);
  }, 300_000);
});
