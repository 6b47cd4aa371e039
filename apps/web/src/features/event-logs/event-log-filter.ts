import { searchDay, searchText } from '@/lib/cursor-paging';
import type { GetEventLogsVariables } from './api/get-event-logs';

/** The filter of the event-log screen, as it sits in the URL: days are `YYYY-MM-DD` in the reader's time zone. */
export type EventLogFilter = {
  eventType?: string;
  userEmail?: string;
  /** First day shown. */
  from?: string;
  /** Last day shown. */
  to?: string;
};

export function eventLogFilterOf(search: Record<string, unknown>): EventLogFilter {
  return {
    eventType: searchText(search.eventType),
    userEmail: searchText(search.userEmail),
    from: searchDay(search.from),
    to: searchDay(search.to),
  };
}

/** Local midnight at the start of `day`, and of the day after `day` (so `to` includes the whole day). */
function startOfDay(day: string): Date {
  return new Date(`${day}T00:00:00`);
}

function startOfNextDay(day: string): Date {
  const next = startOfDay(day);
  next.setDate(next.getDate() + 1);
  return next;
}

/**
 * The instants the filter covers, with the same meaning the CSV export gives its parameters:
 * event type a case-insensitive prefix, email a case-insensitive part, `from` inclusive and `to` exclusive.
 */
function rangeOf({ from, to }: EventLogFilter) {
  return {
    from: from ? startOfDay(from).toISOString() : undefined,
    to: to ? startOfNextDay(to).toISOString() : undefined,
  };
}

export function eventLogWhereOf(filter: EventLogFilter): GetEventLogsVariables['where'] {
  const { from, to } = rangeOf(filter);
  return {
    // A prefix, so "invite" finds every invite.* event (and a whole type still finds just itself).
    ...(filter.eventType ? { eventType: { startsWith: filter.eventType } } : {}),
    ...(filter.userEmail ? { userEmail: { contains: filter.userEmail } } : {}),
    ...(from || to ? { date: { ...(from ? { gte: from } : {}), ...(to ? { lt: to } : {}) } } : {}),
  };
}

/** The query string of `GET /api/event-logs.csv` for the same filter. */
export function eventLogExportQueryOf(filter: EventLogFilter): URLSearchParams {
  const { from, to } = rangeOf(filter);
  const entries = Object.entries({ eventType: filter.eventType, userEmail: filter.userEmail, from, to });
  return new URLSearchParams(entries.flatMap(([key, value]) => (value ? [[key, value]] : [])));
}
