/** PostgreSQL's unique_violation, as both drivers report it (drizzle wraps the driver error as `cause`). */
export function isUniqueViolation(error: unknown, constraintName: string): boolean {
  const driverError = error instanceof Error && error.cause ? error.cause : error;
  if (typeof driverError !== 'object' || driverError === null) return false;
  const { code, constraint } = driverError as { code?: unknown; constraint?: unknown };
  return code === '23505' && constraint === constraintName;
}
