// @vitest-environment jsdom
import type { datadogLogs as DatadogLogs } from '@datadog/browser-logs';
import { urlOf } from '@/test/api-double';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RuntimeConfig } from './config';
import { createLogFilter, networkErrorMessage, reportError, startMonitoring, withoutCredentials } from './monitoring';

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

describe('network error messages (docs/spec.md §8)', () => {
  it('read "XHR error" or "Fetch error", the method in capitals, then the url', () => {
    expect(networkErrorMessage('XHR', 'get', 'https://portal.example/api/config')).toBe(
      'XHR error GET https://portal.example/api/config',
    );
    expect(networkErrorMessage('Fetch', 'POST', 'https://portal.example/graphql')).toBe(
      'Fetch error POST https://portal.example/graphql',
    );
  });

  it('are worded by beforeSend, keeping the kind the SDK saw and leaving out credentials in the url', () => {
    const beforeSend = filter({ maxBodyLength: 100 });
    const refresh = {
      origin: 'network' as const,
      message: 'Fetch error post https://portal.example/api/auth/refresh?expiredToken=eyJ.secret.part',
      http: {
        method: 'POST' as const,
        status_code: 502,
        url: 'https://portal.example/api/auth/refresh?expiredToken=eyJ.secret.part',
      },
    };
    expect(beforeSend(refresh)).toBe(true);
    expect(refresh.message).toBe('Fetch error POST https://portal.example/api/auth/refresh?expiredToken=redacted');
    expect(refresh.http.url).toBe('https://portal.example/api/auth/refresh?expiredToken=redacted');

    const config = {
      origin: 'network' as const,
      message: 'XHR error GET /api/config',
      http: { method: 'GET' as const, status_code: 0, url: '/api/config' },
    };
    expect(beforeSend(config)).toBe(true);
    expect(config.message).toBe('XHR error GET /api/config');
  });

  it('still drops network noise from the third parties of the drop rules', () => {
    const clarity = {
      origin: 'network' as const,
      message: 'Fetch error POST https://q.clarity.ms/collect',
      http: { method: 'POST' as const, status_code: 0, url: 'https://q.clarity.ms/collect' },
    };
    expect(filter()(clarity)).toBe(false);
  });

  it.each([
    ['/api/auth/refresh?expiredToken=eyJ.a.b', '/api/auth/refresh?expiredToken=redacted'],
    ['/idp/token?code=abc&state=xyz', '/idp/token?code=redacted&state=xyz'],
    [
      '/x?access_token=1&client_secret=2&password=3&page=4#top',
      '/x?access_token=redacted&client_secret=redacted&password=redacted&page=4#top',
    ],
    ['/graphql', '/graphql'],
    ['/search?q=token', '/search?q=token'],
  ])('withoutCredentials(%j) → %j', (url, expected) => {
    expect(withoutCredentials(url)).toBe(expected);
  });
});

/**
 * The real Datadog SDK, started by `startMonitoring`. The intake is a third party, so its requests are
 * answered here; every other request fails with 502, as a broken backend would. Node keeps one copy of
 * the SDK per test file, so it is started once and the tests below run in order.
 */
describe('startMonitoring', () => {
  const monitoredConfig: RuntimeConfig = {
    environment: 'staging',
    oidc: {
      kind: 'built-in',
      authority: 'http://localhost:3000/idp',
      clientId: 'dxp-portal',
      redirectUri: 'http://localhost:3000/auth/callback',
      postLogoutRedirectUri: 'http://localhost:3000/',
      scope: 'openid profile email offline_access',
    },
    monitoring: { clientToken: 'pub0123456789abcdef', site: 'datadoghq.eu', service: 'dxp-portal-web' },
    tagManagerId: null,
  };

  let intakeBatches: string[][] = [];
  let datadogLogs: typeof DatadogLogs;
  const messagesSent = () => intakeBatches.flat().map((line) => (JSON.parse(line) as { message: string }).message);

  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
        if (urlOf(input).startsWith('https://browser-intake-datadoghq.eu/')) {
          intakeBatches.push((init?.body as string).split('\n'));
          return Promise.resolve(new Response('{}', { status: 202 }));
        }
        return Promise.resolve(new Response('Bad Gateway', { status: 502 }));
      }),
    );
    // Imported after fetch is in place: the SDK keeps the fetch it finds when loaded.
    ({ datadogLogs } = await import('@datadog/browser-logs'));
  });
  afterAll(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
  beforeEach(() => {
    intakeBatches = [];
  });

  it('stays off when the server configured no monitoring', async () => {
    await startMonitoring({ ...monitoredConfig, monitoring: null });
    expect(datadogLogs.getInitConfiguration()).toBeUndefined();
    reportError('Team could not load', { status: 500 });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(intakeBatches).toEqual([]);
  });

  describe('when configured', () => {
    beforeAll(async () => {
      await startMonitoring(monitoredConfig);
    });

    it('starts the SDK with the configured token, site, service and environment, every session sampled', () => {
      expect(datadogLogs.getInitConfiguration()).toEqual({
        clientToken: 'pub0123456789abcdef',
        site: 'datadoghq.eu',
        service: 'dxp-portal-web',
        env: 'staging',
        forwardErrorsToLogs: true,
        sessionSampleRate: 100,
        beforeSend: expect.any(Function) as unknown,
      });
    });

    it('sends failed requests in the words of docs/spec.md §8 and drops noise, in a batch flushed after 30 s', async () => {
      await fetch('/api/auth/refresh?expiredToken=eyJ.secret.part', { method: 'POST' });
      reportError('ResizeObserver loop completed with undelivered notifications.', {});
      reportError('Team could not load', { status: 500 });

      await vi.advanceTimersByTimeAsync(29_000);
      expect(intakeBatches).toEqual([]);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(intakeBatches).toHaveLength(1);
      // The network error is logged once its response has been read, after the synchronous report.
      expect(messagesSent()).toEqual([
        'Team could not load',
        'Fetch error POST http://localhost:3000/api/auth/refresh?expiredToken=redacted',
      ]);
      expect(intakeBatches.flat().join('\n')).not.toContain('eyJ.secret.part');
    });

    // The 50-message cap cannot bind here: with its context every log is longer than 16 KiB / 50 (330 bytes).
    it('sends at most 16 KiB per batch', async () => {
      for (let index = 0; index < 60; index += 1) reportError(`Failure ${index} ${'x'.repeat(300)}`, {});
      await vi.advanceTimersByTimeAsync(30_000);
      expect(messagesSent()).toHaveLength(60);
      expect(intakeBatches.length).toBeGreaterThan(1);
      for (const batch of intakeBatches) {
        expect(new TextEncoder().encode(batch.join('\n')).length).toBeLessThanOrEqual(16 * 1024);
      }
    });
  });
});
