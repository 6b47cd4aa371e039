import { describe, expect, it } from 'vitest';
import { eventLogExportQueryOf, eventLogFilterOf, eventLogWhereOf } from './event-log-filter';

describe('event-log filter', () => {
  it('reads only well-formed values from the URL', () => {
    expect(
      eventLogFilterOf({ eventType: ' user.updated ', userEmail: '', from: '2026-11-01', to: 'yesterday' }),
    ).toEqual({
      eventType: 'user.updated',
      userEmail: undefined,
      from: '2026-11-01',
      to: undefined,
    });
  });

  it('covers whole days from the first to the last, in the reader’s time zone', () => {
    const where = eventLogWhereOf({ from: '2026-11-01', to: '2026-11-03' });
    expect(where).toEqual({
      date: { gte: new Date(2026, 10, 1).toISOString(), lt: new Date(2026, 10, 4).toISOString() },
    });
  });

  it('matches the event type by its start, so "invite" finds every invite event', () => {
    expect(eventLogWhereOf({ eventType: 'invite' })).toEqual({ eventType: { startsWith: 'invite' } });
  });

  it('gives the CSV export the same filter as the table', () => {
    const filter = { eventType: 'team.created', userEmail: 'ada@', from: '2026-11-01', to: '2026-11-30' };
    const where = eventLogWhereOf(filter);
    expect(Object.fromEntries(eventLogExportQueryOf(filter))).toEqual({
      eventType: where?.eventType?.startsWith,
      userEmail: where?.userEmail?.contains,
      from: where?.date?.gte,
      to: where?.date?.lt,
    });
  });

  it('leaves out what is not filtered', () => {
    expect(eventLogWhereOf({})).toEqual({});
    expect(eventLogExportQueryOf({ userEmail: 'ada@' }).toString()).toBe('userEmail=ada%40');
  });
});
