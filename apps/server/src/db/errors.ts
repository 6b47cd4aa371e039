/** The driver's error behind a failed query: drizzle wraps it as `cause`; both drivers set `code`/`constraint`. */
function driverErrorOf(error: unknown): { code?: unknown; constraint?: unknown } | undefined {
  const driverError = error instanceof Error && error.cause ? error.cause : error;
  return typeof driverError === 'object' && driverError !== null ? driverError : undefined;
}

/** PostgreSQL's unique_violation on the named constraint. */
export function isUniqueViolation(error: unknown, constraintName: string): boolean {
  const driverError = driverErrorOf(error);
  return driverError?.code === '23505' && driverError.constraint === constraintName;
}

/** PostgreSQL's foreign_key_violation: a row the statement refers to is gone (deleted meanwhile). */
export function isForeignKeyViolation(error: unknown): boolean {
  return driverErrorOf(error)?.code === '23503';
}

/** Socket errors and PostgreSQL's connection_exception (08…), admin_shutdown, crash_shutdown and cannot_connect_now. */
const unavailableCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  '57P01',
  '57P02',
  '57P03',
]);
/** node-postgres reports a lost or never-made connection only in the message. */
const unavailableMessage =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection refused/i;

/**
 * The database could not be reached or dropped the connection: the request may succeed once it is back,
 * so callers answer 503 rather than a masked 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (
    let current: unknown = error, depth = 0;
    current && depth < 4;
    current = (current as { cause?: unknown }).cause, depth++
  ) {
    if (typeof current !== 'object') return false;
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (unavailableCodes.has(code) || code.startsWith('08'))) return true;
    if (typeof message === 'string' && unavailableMessage.test(message)) return true;
    if (current instanceof AggregateError && current.errors.some(isDatabaseUnavailable)) return true;
  }
  return false;
}
