import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventLogs } from '../../db/schema/events.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { type SignedInUser, signInTestUser } from '../../test/graphql.js';
import { EVENT_LOG_EXPORT_PATH, toCsvCell } from './event-log-export.js';

describe('toCsvCell', () => {
  it('quotes cells with commas, quotes or line breaks, doubling the quotes', () => {
    expect(toCsvCell('plain')).toBe('plain');
    expect(toCsvCell('a,b')).toBe('"a,b"');
    expect(toCsvCell('say "hi"')).toBe('"say ""hi"""');
    expect(toCsvCell('two\nlines')).toBe('"two\nlines"');
    expect(toCsvCell(null)).toBe('');
  });

  it('keeps spreadsheets from reading a cell as a formula', () => {
    expect(toCsvCell('=HYPERLINK("http://evil.test")')).toBe('"\'=HYPERLINK(""http://evil.test"")"');
    expect(toCsvCell('+1')).toBe("'+1");
    expect(toCsvCell('-2')).toBe("'-2");
    expect(toCsvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(toCsvCell('\tcmd')).toBe("'\tcmd");
    expect(toCsvCell('a=b')).toBe('a=b');
  });
});

describe('GET /api/event-logs.csv', () => {
  let testApp: TestApp;
  let systemAdmin: SignedInUser;
  let standardUser: SignedInUser;

  beforeAll(async () => {
    testApp = await createTestApp();
    systemAdmin = await signInTestUser(testApp, { isSystemAdmin: true });
    standardUser = await signInTestUser(testApp);
    const start = Date.UTC(2026, 9, 1);
    await testApp.database.db.insert(eventLogs).values([
      ...Array.from({ length: 230 }, (_, index) => ({
        eventType: 'bulk.event',
        userEmail: 'bulk@example.test',
        date: new Date(start + index * 60_000),
        payload: { index },
      })),
      {
        eventType: 'team.created',
        userEmail: '=cmd@example.test',
        date: new Date(Date.UTC(2026, 10, 1)),
        payload: { name: 'Comma, "quoted" team' },
      },
    ]);
  });
  afterAll(async () => {
    await testApp.close();
  });

  const exportCsv = (query: string, credential?: string) =>
    testApp.app.inject({
      method: 'GET',
      url: `${EVENT_LOG_EXPORT_PATH}${query}`,
      headers: credential ? { authorization: `Bearer ${credential}` } : {},
    });

  it('streams the filtered view, newest first, across several batches', async () => {
    const response = await exportCsv(
      '?eventType=bulk.event&from=2026-10-01T00:00:00Z&to=2026-10-02T00:00:00Z',
      systemAdmin.accessToken,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="event-logs-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = response.body.split('\r\n').filter(Boolean);
    expect(lines[0]).toBe('id,date,eventType,userEmail,payload');
    expect(lines).toHaveLength(231);
    expect(lines[1]).toContain('2026-10-01T03:49:00.000Z,bulk.event,bulk@example.test,"{""index"":229}"');
    expect(lines.at(-1)).toContain('2026-10-01T00:00:00.000Z,bulk.event,bulk@example.test,"{""index"":0}"');
  });

  it('matches the event type by its start, as the list does', async () => {
    const response = await exportCsv('?eventType=TEAM', systemAdmin.accessToken);
    const lines = response.body.split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(',team.created,');
  });

  it('escapes cells and neutralises formulas', async () => {
    const response = await exportCsv('?userEmail=CMD@', systemAdmin.accessToken);
    const lines = response.body.split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(
      /^[0-9a-f-]{36},2026-11-01T00:00:00.000Z,team.created,'=cmd@example.test,"{""name"":""Comma, \\""quoted\\"" team""}"$/,
    );
  });

  it('is for system administrators only', async () => {
    expect((await exportCsv('')).statusCode).toBe(401);
    expect((await exportCsv('', 'forged-token')).statusCode).toBe(401);
    const denied = await exportCsv('', standardUser.accessToken);
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ error: { code: 'AUTH_NOT_AUTHORIZED' } });
  });

  it('refuses a malformed date', async () => {
    const response = await exportCsv('?from=yesterday', systemAdmin.accessToken);
    expect(response.statusCode).toBe(400);
  });
});

describe("API8:2023 – a system administrator's export URL with values the database cannot take", () => {
  let testApp: TestApp;
  let systemAdmin: SignedInUser;
  beforeAll(async () => {
    testApp = await createTestApp();
    systemAdmin = await signInTestUser(testApp, { isSystemAdmin: true });
  });
  afterAll(async () => {
    await testApp.close();
  });

  it.each(['eventType=%00', 'userEmail=a%00b', 'from=0000-01-01T00:00:00Z', 'to=0000-06-01T00:00:00%2B05:00'])(
    '?%s is 400 INVALID_REQUEST, not an answer cut off midway',
    async (query) => {
      const response = await testApp.app.inject({
        method: 'GET',
        url: `${EVENT_LOG_EXPORT_PATH}?${query}`,
        headers: { authorization: `Bearer ${systemAdmin.accessToken}` },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: { code: 'INVALID_REQUEST' } });
    },
  );
});
