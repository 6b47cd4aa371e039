import { describe, expect, it } from 'vitest';
import { appRequestFilterOf, appRequestVariablesOf, isFiltered } from './app-request-filter';

describe('appRequestFilterOf', () => {
  it('reads the default (pending, newest first) from an empty URL', () => {
    const filter = appRequestFilterOf({});
    expect(filter).toEqual({ status: undefined, team: undefined, app: undefined, order: undefined });
    expect(isFiltered(filter)).toBe(false);
  });

  it('keeps known values and drops anything else', () => {
    expect(appRequestFilterOf({ status: 'approved', team: '  Ops-Crew ', app: 'a1', order: 'oldest' })).toEqual({
      status: 'approved',
      team: 'ops-crew',
      app: 'a1',
      order: 'oldest',
    });
    expect(appRequestFilterOf({ status: 'PENDING', team: '', order: 'newest' })).toEqual({
      status: undefined,
      team: undefined,
      app: undefined,
      order: undefined,
    });
  });
});

describe('appRequestVariablesOf', () => {
  it('asks for pending requests, newest first, by default', () => {
    expect(appRequestVariablesOf({})).toEqual({
      where: { status: { eq: 'PENDING' } },
      order: [{ createdAt: 'DESC' }],
    });
  });

  it('drops the status condition for "all" and combines the others', () => {
    expect(appRequestVariablesOf({ status: 'all', team: 'ops', app: 'a1', order: 'oldest' })).toEqual({
      where: { teamFriendlyId: { contains: 'ops' }, applicationId: { eq: 'a1' } },
      order: [{ createdAt: 'ASC' }],
    });
    expect(appRequestVariablesOf({ status: 'rejected' }).where).toEqual({ status: { eq: 'REJECTED' } });
    expect(appRequestVariablesOf({ status: 'withdrawn' }).where).toEqual({ status: { eq: 'WITHDRAWN' } });
    expect(appRequestFilterOf({ status: 'withdrawn' }).status).toBe('withdrawn');
    expect(appRequestFilterOf({ status: 'pending' }).status).toBeUndefined();
    expect(appRequestFilterOf({ status: 'closed' }).status).toBeUndefined();
  });
});
