/**
 * The product's error codes. Services throw `AppError`; the GraphQL layer turns the code into
 * `extensions.code` and REST routes into the HTTP status below. Anything else is masked.
 */
export const errorCodes = {
  AUTH_NOT_AUTHENTICATED: 401,
  AUTH_NOT_AUTHORIZED: 403,
  NOT_FOUND: 404,
  DUPLICATE_VALUE: 409,
  INVALID_REQUEST: 400,
  INVALID_CONTENT: 422,
  TEAM_MUST_HAVE_OWNER: 409,
  RATE_LIMITED: 429,
  /** Signed in, but the current terms of service are not accepted: only reading and accepting them is served. */
  TERMS_NOT_ACCEPTED: 403,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof errorCodes;

export class AppError extends Error {
  override name = 'AppError';

  constructor(
    readonly code: ErrorCode,
    message: string,
    /** Safe, user-facing details such as `{ field: 'friendlyId' }`. */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }

  get httpStatus(): number {
    return errorCodes[this.code];
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

/** What a caller sees while the database is unreachable; the request may be retried. */
export function databaseUnavailable(): AppError {
  return new AppError(
    'SERVICE_UNAVAILABLE',
    'The service is briefly unavailable (its database cannot be reached). Try again in a moment.',
  );
}
