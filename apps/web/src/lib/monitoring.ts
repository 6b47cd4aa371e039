import type { LogsEvent } from '@datadog/browser-logs';
import type { RuntimeConfig } from './config';

type LogFilterOptions = {
  /** Longest error stack or response body kept; longer ones end with an ellipsis. */
  maxBodyLength: number;
  /** Logs accepted per minute; the rest are dropped until the minute is over. */
  maxLogsPerMinute: number;
  now?: () => number;
};

export const monitoringLimits = { maxBodyLength: 4096, maxLogsPerMinute: 300 } as const;

const droppedPatterns = [/resizeobserver/i, /clarity\.ms\/collect/i, /stats\.g\.doubleclick\.net/i];

/** Query parameters whose values are credentials, e.g. the refresh call's `expiredToken`. */
const credentialParameter = /token|secret|password|^code$/i;

/** A web address with the values of its credential-like query parameters replaced. */
export function withoutCredentials(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) {
    return url;
  }
  const fragmentStart = url.indexOf('#', queryStart);
  const query = url.slice(queryStart + 1, fragmentStart === -1 ? undefined : fragmentStart);
  const redacted = query
    .split('&')
    .map((pair) => {
      const [name = '', value] = pair.split('=', 2);
      return value !== undefined && credentialParameter.test(name) ? `${name}=redacted` : pair;
    })
    .join('&');
  return `${url.slice(0, queryStart)}?${redacted}${fragmentStart === -1 ? '' : url.slice(fragmentStart)}`;
}

/** docs/spec.md §8: a failed request is logged as "XHR error" or "Fetch error" plus method and url. */
export function networkErrorMessage(kind: 'XHR' | 'Fetch', method: string, url: string): string {
  return `${kind} error ${method.toUpperCase()} ${url}`;
}

type FilteredLog = Pick<LogsEvent, 'message' | 'error'> & Partial<Pick<LogsEvent, 'origin' | 'http'>>;

/**
 * The `beforeSend` of docs/spec.md §8: drops noise the product cannot act on, words network errors as
 * "XHR error"/"Fetch error" + method + url (without credentials), truncates bodies and limits the log rate.
 */
export function createLogFilter({ maxBodyLength, maxLogsPerMinute, now = Date.now }: LogFilterOptions) {
  let windowStartedAt = Number.NEGATIVE_INFINITY;
  let logsInWindow = 0;

  return function beforeSend(log: FilteredLog): boolean {
    if (log.origin === 'network' && log.http) {
      log.http.url = withoutCredentials(log.http.url);
      log.message = networkErrorMessage(/^xhr\b/i.test(log.message) ? 'XHR' : 'Fetch', log.http.method, log.http.url);
    }
    const message = log.message?.trim() ?? '';
    if (message === '' || message.toLowerCase() === 'script error.') {
      return false;
    }
    if (droppedPatterns.some((pattern) => pattern.test(message))) {
      return false;
    }
    const currentTime = now();
    if (currentTime - windowStartedAt >= 60_000) {
      windowStartedAt = currentTime;
      logsInWindow = 0;
    }
    logsInWindow += 1;
    if (logsInWindow > maxLogsPerMinute) {
      return false;
    }
    if (log.error?.stack && log.error.stack.length > maxBodyLength) {
      log.error.stack = `${log.error.stack.slice(0, maxBodyLength)}…`;
    }
    return true;
  };
}

type MonitoringLogger = { error(message: string, context?: object): void };

let logger: MonitoringLogger | undefined;

/**
 * Starts browser logging when the server configured it; otherwise monitoring stays off. The SDK
 * fixes its own batching (50 messages, 16 KiB, 30 s flush) and sessions (4 h, 15 min inactivity);
 * of docs/spec.md §9's monitoring values only the session sample rate is an option.
 */
export async function startMonitoring(config: RuntimeConfig): Promise<void> {
  if (!config.monitoring) {
    return;
  }
  const { datadogLogs } = await import('@datadog/browser-logs');
  datadogLogs.init({
    clientToken: config.monitoring.clientToken,
    site: config.monitoring.site,
    service: config.monitoring.service,
    env: config.environment,
    forwardErrorsToLogs: true,
    sessionSampleRate: 100,
    beforeSend: createLogFilter(monitoringLimits),
  });
  logger = datadogLogs.logger;
}

/** Records an application error with its context; a no-op while monitoring is off. */
export function reportError(message: string, context: object): void {
  logger?.error(message, context);
}
