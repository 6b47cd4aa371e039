import { type ErrorCode, errorCodes } from '@dxp/contracts/error-codes';

/**
 * The product's error codes and their HTTP statuses are @dxp/contracts' table, which the web app reads too.
 * Services throw `AppError`; the GraphQL layer turns the code into `extensions.code` and REST routes into
 * its HTTP status. Anything else is masked.
 */
export { type ErrorCode, errorCodes };

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
    return errorCodes[this.code].httpStatus;
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
