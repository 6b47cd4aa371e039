import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Authenticator } from '../../auth/authenticator.js';
import type { DatabaseExecutor } from '../../db/client.js';
import { MAX_PAGE_SIZE } from '../../db/keyset-pagination.js';
import { AppError } from '../../errors.js';
import { type EventLogFilter, type EventLogRow, listEventLogs } from './event-logs.service.js';

export const EVENT_LOG_EXPORT_PATH = '/api/event-logs.csv';

/** Spreadsheets run a cell starting with one of these as a formula (CSV injection). */
const formulaStart = /^[=+\-@\t\r]/;

/** One CSV cell (RFC 4180): quoted when needed, and never read as a formula by a spreadsheet. */
export function toCsvCell(value: string | null): string {
  if (value === null || value === '') return '';
  const text = formulaStart.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function toCsvRow(values: (string | null)[]): string {
  return `${values.map(toCsvCell).join(',')}\r\n`;
}

const header = ['id', 'date', 'eventType', 'userEmail', 'payload'];

function eventLogCells(eventLog: EventLogRow): (string | null)[] {
  return [
    eventLog.id,
    eventLog.date.toISOString(),
    eventLog.eventType,
    eventLog.userEmail,
    JSON.stringify(eventLog.payload),
  ];
}

/** The CSV text of the filtered audit trail, newest first, read in keyset batches so memory stays flat. */
export async function* eventLogCsvChunks(db: DatabaseExecutor, where: EventLogFilter): AsyncGenerator<string> {
  yield toCsvRow(header);
  let after: string | null = null;
  do {
    const page = await listEventLogs(db, { where, page: { first: MAX_PAGE_SIZE, after } });
    yield page.edges.map((edge) => toCsvRow(eventLogCells(edge.node))).join('');
    after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;
  } while (after);
}

// What PostgreSQL can take: text without U+0000 or lone surrogates (as graphql/armor.ts), timestamps in years 1–9999.
// eslint-disable-next-line no-control-regex -- U+0000 is exactly what is refused
const storableText = /^[^\u0000\p{Cs}]*$/u;
const filterText = z.string().trim().min(1).max(320).regex(storableText).optional();
const filterDate = z.iso
  .datetime({ offset: true })
  .refine((value) => {
    const year = new Date(value).getUTCFullYear();
    return year >= 1 && year <= 9999;
  })
  .optional();

const exportQuerySchema = z.object({ eventType: filterText, userEmail: filterText, from: filterDate, to: filterDate });

/** `eventType` a case-insensitive prefix (as the web's list), `userEmail` a case-insensitive part, `from` inclusive, `to` exclusive. */
function exportFilterOf(query: z.infer<typeof exportQuerySchema>): EventLogFilter {
  return {
    ...(query.eventType ? { eventType: { startsWith: query.eventType } } : {}),
    ...(query.userEmail ? { userEmail: { contains: query.userEmail } } : {}),
    ...(query.from || query.to
      ? { date: { gte: query.from ? new Date(query.from) : undefined, lt: query.to ? new Date(query.to) : undefined } }
      : {}),
  };
}

async function* continueWith(first: string[], rest: AsyncGenerator<string>): AsyncGenerator<string> {
  yield* first;
  yield* rest;
}

/** `GET /api/event-logs.csv?eventType=&userEmail=&from=&to=` for system administrators (bearer access token). */
export function registerEventLogExport(
  app: FastifyInstance,
  { db, authenticator }: { db: DatabaseExecutor; authenticator: Authenticator },
): void {
  app.get(EVENT_LOG_EXPORT_PATH, async (request, reply) => {
    const actor = await authenticator.authenticate(request.headers.authorization);
    if (!actor) throw new AppError('AUTH_NOT_AUTHENTICATED', 'Sign in first');
    if (!actor.user.isSystemAdmin)
      throw new AppError('AUTH_NOT_AUTHORIZED', 'Only system administrators export event logs');
    const query = exportQuerySchema.safeParse(request.query);
    if (!query.success) {
      throw new AppError('INVALID_REQUEST', 'Filter with eventType, userEmail, and ISO 8601 from and to');
    }
    // The header row and the first batch are read before answering: a database error is then an error answer,
    // not a 200 cut off midway.
    const chunks = eventLogCsvChunks(db, exportFilterOf(query.data));
    const firstChunks: string[] = [];
    for (let index = 0; index < 2; index++) {
      const chunk = await chunks.next();
      if (!chunk.done) firstChunks.push(chunk.value);
    }
    const filename = `event-logs-${new Date().toISOString().slice(0, 10)}.csv`;
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'no-store')
      .send(Readable.from(continueWith(firstChunks, chunks)));
  });
}
