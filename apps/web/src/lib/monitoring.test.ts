import { describe, expect, it } from 'vitest';
import { createLogFilter } from './monitoring';

function filter(options: Partial<Parameters<typeof createLogFilter>[0]> = {}) {
  return createLogFilter({ maxBodyLength: 20, maxLogsPerMinute: 100, ...options });
}

describe('createLogFilter (monitoring beforeSend)', () => {
  it.each([
    ['an empty message', ''],
    ['a blank message', '   '],
    ['a ResizeObserver loop warning', 'ResizeObserver loop completed with undelivered notifications.'],
    ['a Clarity collect call', 'Fetch error POST https://q.clarity.ms/collect'],
    ['a DoubleClick stats call', 'XHR error GET https://stats.g.doubleclick.net/j/collect?t=dc'],
    ['a cross-origin "Script error."', 'Script error.'],
    ['a cross-origin "script error." in any case', 'SCRIPT ERROR.'],
  ])('drops %s', (_case, message) => {
    expect(filter()({ message })).toBe(false);
  });

  it('forwards other errors, network errors included', () => {
    const beforeSend = filter();
    expect(beforeSend({ message: 'TypeError: team is undefined' })).toBe(true);
    expect(beforeSend({ message: 'Fetch error POST https://portal.example/graphql' })).toBe(true);
    expect(beforeSend({ message: 'Script error. in team settings' })).toBe(true);
  });

  it('truncates long response bodies with an ellipsis', () => {
    const log = { message: 'XHR error GET /api/config', error: { stack: 'x'.repeat(50) } };
    expect(filter({ maxBodyLength: 20 })(log)).toBe(true);
    expect(log.error.stack).toBe(`${'x'.repeat(20)}…`);

    const short = { message: 'XHR error GET /api/config', error: { stack: 'Bad Gateway' } };
    filter({ maxBodyLength: 20 })(short);
    expect(short.error.stack).toBe('Bad Gateway');
  });

  it('drops logs beyond the rate limit until the minute is over', () => {
    let now = 0;
    const beforeSend = filter({ maxLogsPerMinute: 2, now: () => now });
    expect([beforeSend({ message: 'a' }), beforeSend({ message: 'b' }), beforeSend({ message: 'c' })]).toEqual([
      true,
      true,
      false,
    ]);
    now = 59_999;
    expect(beforeSend({ message: 'd' })).toBe(false);
    now = 60_000;
    expect(beforeSend({ message: 'e' })).toBe(true);
  });

  it('does not count dropped noise against the rate limit', () => {
    const beforeSend = filter({ maxLogsPerMinute: 1 });
    expect(beforeSend({ message: 'ResizeObserver loop limit exceeded' })).toBe(false);
    expect(beforeSend({ message: 'real error' })).toBe(true);
  });
});
