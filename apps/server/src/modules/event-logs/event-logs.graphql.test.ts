import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventLogs } from '../../db/schema/events.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { graphqlRequest, type SignedInUser, signInTestUser } from '../../test/graphql.js';
import { webDocument, webDocumentSelecting } from '../../test/web-documents.js';

let testApp: TestApp;
let systemAdmin: SignedInUser;

// The event log page's own list, with the count of matches these tests also read.
const eventLogsQuery = webDocumentSelecting('GetEventLogs', { pageInfo: 'totalCount' });
interface EventLogsData {
  eventLogs: {
    nodes: {
      id: string;
      eventType: string;
      userEmail: string | null;
      date: string;
      payload: Record<string, unknown>;
    }[];
    pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null };
    totalCount: number;
  };
}

beforeAll(async () => {
  testApp = await createTestApp();
  systemAdmin = await signInTestUser(testApp, { isSystemAdmin: true });
  // Twelve events a day apart in November 2026, alternating two types and two people.
  await testApp.database.db.insert(eventLogs).values(
    Array.from({ length: 12 }, (_, index) => ({
      eventType: index % 2 === 0 ? 'team.created' : 'invite.accepted',
      userEmail: index % 3 === 0 ? 'ada@example.test' : 'grace@example.test',
      date: new Date(Date.UTC(2026, 10, index + 1, 12)),
      payload: { sequence: index + 1 },
    })),
  );
});
afterAll(async () => {
  await testApp.close();
});

const listEventLogs = (variables: Record<string, unknown>) =>
  graphqlRequest<EventLogsData>(testApp, { query: eventLogsQuery, variables, credential: systemAdmin.accessToken });
const sequencesOf = (data: EventLogsData) => data.eventLogs.nodes.map((node) => node.payload.sequence);

describe('eventLogs', () => {
  it('filters on type, email and a date range, newest first', async () => {
    const response = await listEventLogs({
      where: {
        eventType: { eq: 'team.created' },
        userEmail: { contains: 'ADA@' },
        date: { gte: '2026-11-01T00:00:00Z', lt: '2026-11-11T00:00:00Z' },
      },
    });
    expect(response.errors).toBeUndefined();
    // team.created on even indexes, ada on multiples of 3: indexes 0 and 6 → sequences 1 and 7.
    expect(sequencesOf(response.data!)).toEqual([7, 1]);
    expect(response.data!.eventLogs.nodes[0]).toMatchObject({
      eventType: 'team.created',
      userEmail: 'ada@example.test',
      date: '2026-11-07T12:00:00.000Z',
    });
  });

  it('finds every event of a kind by the start of its type, in any case, with wildcards taken literally', async () => {
    const invites = await listEventLogs({ where: { eventType: { startsWith: 'INVITE' } } });
    expect(invites.errors).toBeUndefined();
    expect(invites.data!.eventLogs.totalCount).toBe(6);
    expect(new Set(invites.data!.eventLogs.nodes.map((node) => node.eventType))).toEqual(new Set(['invite.accepted']));
    const wildcard = await listEventLogs({ where: { eventType: { startsWith: '%.created' } } });
    expect(wildcard.data!.eventLogs.totalCount).toBe(0);
  });

  it('refuses the prefix filter to anyone but a system administrator', async () => {
    const member = await signInTestUser(testApp);
    const response = await graphqlRequest<EventLogsData>(testApp, {
      query: eventLogsQuery,
      variables: { where: { eventType: { startsWith: 'invite' } } },
      credential: member.accessToken,
    });
    expect(response.errors?.[0]?.extensions?.code).toBe('AUTH_NOT_AUTHORIZED');
    expect(response.data?.eventLogs ?? null).toBeNull();
  });

  it('pages forwards and backwards through a filtered view without gaps or repeats', async () => {
    const where = { date: { gte: '2026-11-01T00:00:00Z' } };
    const pages: number[][] = [];
    let after: string | null = null;
    do {
      const response: Awaited<ReturnType<typeof listEventLogs>> = await listEventLogs({ first: 5, after, where });
      pages.push(sequencesOf(response.data!) as number[]);
      after = response.data!.eventLogs.pageInfo.hasNextPage ? response.data!.eventLogs.pageInfo.endCursor : null;
    } while (after);
    expect(pages).toEqual([
      [12, 11, 10, 9, 8],
      [7, 6, 5, 4, 3],
      [2, 1],
    ]);

    const lastPage = await listEventLogs({ last: 5, where });
    expect(sequencesOf(lastPage.data!)).toEqual([5, 4, 3, 2, 1]);
    const before = await listEventLogs({ last: 5, before: lastPage.data!.eventLogs.pageInfo.startCursor, where });
    expect(sequencesOf(before.data!)).toEqual([10, 9, 8, 7, 6]);
  });
});

describe('eventDetail', () => {
  const detailQuery = webDocument('GetEventDetail');

  it('returns one event with its payload, and NOT_FOUND for an unknown id', async () => {
    const list = await listEventLogs({ first: 1, where: { eventType: { eq: 'invite.accepted' } } });
    const { id } = list.data!.eventLogs.nodes[0]!;
    const found = await graphqlRequest(testApp, {
      query: detailQuery,
      variables: { id },
      credential: systemAdmin.accessToken,
    });
    expect(found.data).toEqual({
      eventDetail: expect.objectContaining({ id, eventType: 'invite.accepted', payload: { sequence: 12 } }) as unknown,
    });
    const missing = await graphqlRequest(testApp, {
      query: detailQuery,
      variables: { id: '00000000-0000-4000-8000-000000000000' },
      credential: systemAdmin.accessToken,
    });
    expect(missing.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });
});
