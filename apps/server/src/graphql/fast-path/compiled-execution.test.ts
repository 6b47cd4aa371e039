import type { FastifyRequest } from 'fastify';
import { type ExecutionResult, getVariableValues, parse } from 'graphql';
import { createYoga, type GraphQLParams, type YogaServerInstance } from 'graphql-yoga';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthenticator } from '../../auth/authenticator.js';
import { createOperationRateLimiter } from '../../auth/rate-limit.js';
import { createNotification } from '../../modules/notifications/notifications.service.js';
import { insertTestTeam } from '../../test/teams.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { graphqlRequest, type SignedInUser, signInTestUser } from '../../test/graphql.js';
import { webDocument } from '../../test/web-documents.js';
import { createGraphqlContext, type GraphqlContext } from '../context.js';
import { schema } from '../schema.js';
import { compileOperation, runCompiled } from './compiled-execution.js';

/**
 * The compiled operation must answer exactly what Yoga's own executor answers: the same data, the same errors with
 * the same paths and locations; variables that do not coerce are left to Yoga. Each document runs compiled and
 * through a Yoga instance on the real schema and database, and the answers are compared whole.
 */

let testApp: TestApp;
let signedIn: SignedInUser;
let teamFriendlyId: string;
let interpreted: YogaServerInstance<object, GraphqlContext>;
let createContext: () => GraphqlContext;

beforeAll(async () => {
  testApp = await createTestApp();
  const db = testApp.database.db;
  signedIn = await signInTestUser(testApp, { email: 'ada@compiled.example' });
  teamFriendlyId = (await insertTestTeam(db, { ownerId: signedIn.user.id, name: 'Ledger guild' })).friendlyId;
  for (const [type, message] of [
    ['TeamInvite', 'Join the ledger guild'],
    ['TeamRoleChanged', 'You are an admin of the ledger guild now'],
    ['AppRequestApproved', 'Your request for Grafana was approved'],
    ['TeamMemberRemoved', 'You left the archive team'],
  ] as const) {
    await createNotification(db, { userId: signedIn.user.id, type, message });
  }
  const authenticator = await createAuthenticator({ config: testApp.config, database: testApp.database });
  const rateLimiter = createOperationRateLimiter(testApp.app);
  const logger = pino({ level: 'silent' });
  const request = {
    id: 'compiled-test',
    log: logger,
    headers: { authorization: `Bearer ${signedIn.accessToken}` },
  } as unknown as FastifyRequest;
  createContext = () => ({
    ...createGraphqlContext(request, { config: testApp.config, db, authenticator, rateLimiter }),
    // The per-person mutation limit needs a Fastify request of a route (auth/rate-limit.test.ts tests it).
    enforceMutationRateLimit: async () => {},
  });
  interpreted = createYoga<object, GraphqlContext>({
    schema,
    logging: false,
    maskedErrors: false,
    context: () => createContext(),
  });
});

afterAll(async () => {
  await testApp?.close();
});

type Answer = { data?: Record<string, unknown> | null; errors?: Record<string, unknown>[] };

/** Yoga's answer as a client reads it (errors as JSON). */
async function interpretedAnswerOf(params: GraphQLParams): Promise<Answer> {
  const result = await interpreted.getResultForParams(
    { params, request: new Request('http://localhost/graphql', { method: 'POST' }) },
    {},
  );
  return JSON.parse(JSON.stringify(result)) as Answer;
}

/** The compiled operation's answer as a client reads it; null when it leaves the request to Yoga. */
async function compiledAnswerOf(params: GraphQLParams): Promise<Answer | null> {
  const compiled = compileOperation(schema, parse(params.query!), params.operationName);
  expect(compiled).not.toBeNull();
  const result = await runCompiled(compiled!, {
    schema,
    contextValue: createContext(),
    variableValues: params.variables,
  });
  return result && (JSON.parse(JSON.stringify(result)) as Answer);
}

async function expectSameAnswers(params: GraphQLParams): Promise<Answer> {
  const compiled = await compiledAnswerOf(params);
  expect(compiled).toEqual(await interpretedAnswerOf(params));
  return compiled!;
}

// The notification list as the bell sends it.
const notificationsPage = webDocument('GetMyNotifications');

describe('compiled execution answers as the interpreter does', () => {
  it('takes a recursive filter (and/or nested three deep) through variables', async () => {
    const where = {
      or: [
        {
          and: [
            { isRead: { eq: false } },
            { or: [{ type: { eq: 'TeamInvite' } }, { type: { eq: 'TeamRoleChanged' } }] },
          ],
        },
        { message: { contains: 'Grafana' } },
      ],
    };
    const answer = await expectSameAnswers({ query: notificationsPage, variables: { where, first: 2 } });
    const page = answer.data?.myNotifications as { edges: { node: { type: string } }[]; totalCount: number };
    expect(page.totalCount).toBe(3);
    expect(page.edges).toHaveLength(2);
    const after = (answer.data?.myNotifications as { pageInfo: { endCursor: string } }).pageInfo.endCursor;
    const next = await expectSameAnswers({ query: notificationsPage, variables: { where, first: 2, after } });
    expect((next.data?.myNotifications as { edges: unknown[] }).edges).toHaveLength(1);
  });

  it('takes the same filter written into the document, with aliases, fragments and __typename', async () => {
    const answer = await expectSameAnswers({
      query: /* GraphQL */ `
        query {
          unread: myNotifications(
            where: { or: [{ isRead: { eq: false } }, { and: [{ type: { neq: "TeamInvite" } }] }] }
            order: [{ createdAt: ASC }]
          ) {
            __typename
            nodes {
              ...Notice
            }
            count: totalCount
          }
          me {
            __typename
            email
          }
        }
        fragment Notice on Notification {
          kind: type
          message
          ... on Notification {
            isRead
          }
        }
      `,
    });
    expect((answer.data?.unread as { count: number }).count).toBe(4);
  });

  it('applies @include and @skip from variables, with and without their defaults', async () => {
    const query = /* GraphQL */ `
      query Counted($withCount: Boolean! = false) {
        myNotifications(first: 1) {
          totalCount @include(if: $withCount)
          nodes {
            id
            message @skip(if: $withCount)
          }
        }
      }
    `;
    const withoutCount = await expectSameAnswers({ query });
    expect(withoutCount.data?.myNotifications).not.toHaveProperty('totalCount');
    const withCount = await expectSameAnswers({ query, variables: { withCount: true } });
    expect(withCount.data?.myNotifications).toHaveProperty('totalCount', 4);
  });

  it('answers a failing field with the same error, path and locations, and the same null in its place', async () => {
    const answer = await expectSameAnswers({
      query: /* GraphQL */ `
        query Team($friendlyId: String!) {
          me {
            email
          }
          teamByFriendlyId(friendlyId: $friendlyId) {
            name
          }
        }
      `,
      variables: { friendlyId: 'team-that-never-was' },
    });
    expect(answer.data).toBeNull();
    expect(answer.errors).toEqual([
      expect.objectContaining({ path: ['teamByFriendlyId'], locations: [{ line: 6, column: 11 }] }),
    ]);
  });

  it('reads the same nested lists', async () => {
    const answer = await expectSameAnswers({
      query: /* GraphQL */ `
        query Team($friendlyId: String!) {
          teamByFriendlyId(friendlyId: $friendlyId) {
            name
          }
          myHomepage {
            teams {
              friendlyId
              name
              roleName
            }
            bookmarks {
              id
            }
            applications {
              id
            }
          }
        }
      `,
      variables: { friendlyId: teamFriendlyId },
    });
    expect(answer.data?.myHomepage).toEqual({
      teams: [{ friendlyId: teamFriendlyId, name: 'Ledger guild', roleName: 'TeamOwner' }],
      bookmarks: [],
      applications: [],
    });
  });

  it.each([
    ['a string for an Int', { first: 'three' }],
    ['a DateTime that is not ISO 8601', { where: { createdAt: { gt: 'yesterday' } } }],
    ['a field the filter does not have', { where: { email: { eq: 'x' } } }],
    ['a null inside a list of non-null sort entries', { order: [null] }],
  ])('leaves %s to Yoga, which refuses it', async (_case, variables) => {
    expect(await compiledAnswerOf({ query: notificationsPage, variables })).toBeNull();
    const answer = await interpretedAnswerOf({ query: notificationsPage, variables });
    expect(answer.data).toBeUndefined();
    expect(answer.errors?.length).toBeGreaterThan(0);
  });

  it('runs the root fields of a mutation one after the other', async () => {
    const markTwice = {
      query: /* GraphQL */ `
        mutation {
          first: markAllNotificationsRead
          second: markAllNotificationsRead
        }
      `,
    };
    // The first run marks all four, the second field finds none; so does the next run with one new notification.
    expect(await compiledAnswerOf(markTwice)).toEqual({ data: { first: 4, second: 0 } });
    await createNotification(testApp.database.db, {
      userId: signedIn.user.id,
      type: 'TeamRoleChanged',
      message: 'You are an owner now',
    });
    expect(await compiledAnswerOf(markTwice)).toEqual({ data: { first: 1, second: 0 } });
  });
});

describe("a repeat request's variables", () => {
  /** The operation of the bell's document, its variables as each run hands them to the compiled query. */
  function recordingOperation() {
    const compiled = compileOperation(schema, parse(notificationsPage), 'GetMyNotifications')!;
    const received: Record<string, Record<string, unknown>>[] = [];
    const recording = {
      ...compiled,
      query: (_root: unknown, _context: unknown, variables: unknown) => {
        received.push(variables as Record<string, Record<string, unknown>>);
        return { data: {} };
      },
    };
    // The recording query answers at once, so the run does too.
    const run = (variableValues: Record<string, unknown>) =>
      runCompiled(recording, { schema, contextValue: {}, variableValues }) as ExecutionResult | null;
    return { run, received, kept: recording.coercedVariables };
  }

  it('are coerced as graphql-js coerces them, in objects of their own each time', () => {
    const { run, received, kept } = recordingOperation();
    const variables = { first: 3, where: { isRead: { eq: false } }, order: [{ createdAt: 'DESC' }] };
    const coerced = getVariableValues(
      schema,
      compileOperation(schema, parse(notificationsPage), 'GetMyNotifications')!.operation.variableDefinitions!,
      variables,
    ).coerced!;
    run(variables);
    run(JSON.parse(JSON.stringify(variables)) as Record<string, unknown>);
    expect(received[0]).toEqual(coerced);
    expect(received[1]).toEqual(coerced);
    expect(kept.size).toBe(1);
    expect(Object.getPrototypeOf(received[1]!.where)).toBe(Object.getPrototypeOf(coerced.where));
    expect(Object.getPrototypeOf(received[1])).toBe(Object.getPrototypeOf(coerced));
    expect(received[1]).not.toBe(received[0]);
    expect(received[1]!.where).not.toBe(received[0]!.where);
    expect(received[1]!.order).not.toBe(received[0]!.order);
    // What one request does to its values reaches no other.
    (received[0]!.where!.isRead as { eq: boolean }).eq = true;
    (received[1]!.order as unknown as unknown[]).push({ createdAt: 'ASC' });
    run(variables);
    expect(received[2]).toEqual(coerced);
  });

  it('give each request its own Date', () => {
    const { run, received } = recordingOperation();
    const variables = { where: { createdAt: { gt: '2026-01-01T00:00:00.000Z' } } };
    run(variables);
    run(variables);
    const [first, second] = received.map((values) => (values.where!.createdAt as { gt: Date }).gt);
    expect(second).toEqual(new Date('2026-01-01T00:00:00.000Z'));
    expect(second).not.toBe(first);
  });

  it('are refused again when they do not coerce', () => {
    const { run, received } = recordingOperation();
    expect(run({ first: 'three' })).toBeNull();
    expect(run({ first: 'three' })).toBeNull();
    expect(received).toEqual([]);
  });
});

describe('the server', () => {
  it('answers a failing field with its location in the document, as graphql-js does', async () => {
    const response = await graphqlRequest(testApp, {
      query: '{\n  teamByFriendlyId(friendlyId: "team-that-never-was") { name }\n}',
      credential: signedIn.accessToken,
    });
    expect(response.errors).toEqual([
      expect.objectContaining({
        path: ['teamByFriendlyId'],
        locations: [{ line: 2, column: 3 }],
        extensions: { code: 'NOT_FOUND' },
      }),
    ]);
  });
});
