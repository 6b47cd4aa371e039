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
