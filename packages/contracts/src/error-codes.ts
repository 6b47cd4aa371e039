/**
 * The product's error codes (docs/spec.md §5): the HTTP status each one stands for, and the title the web app
 * shows above the server's message. Services throw `AppError(code)`; GraphQL puts the code in
 * `extensions.code` (with HTTP 200), REST routes answer with its status.
 */
export const errorCodes = {
  AUTH_NOT_AUTHENTICATED: { httpStatus: 401, title: 'Signed out' },
  AUTH_NOT_AUTHORIZED: { httpStatus: 403, title: 'Not allowed' },
  NOT_FOUND: { httpStatus: 404, title: 'Not found' },
  DUPLICATE_VALUE: { httpStatus: 409, title: 'Already exists' },
  INVALID_REQUEST: { httpStatus: 400, title: 'Check the highlighted fields' },
  INVALID_CONTENT: { httpStatus: 422, title: 'Check the highlighted fields' },
  TEAM_MUST_HAVE_OWNER: { httpStatus: 409, title: 'A team needs an owner' },
  RATE_LIMITED: { httpStatus: 429, title: 'Too many attempts' },
  /** Signed in, but the current terms of service are not accepted: only reading and accepting them is served. */
  TERMS_NOT_ACCEPTED: { httpStatus: 403, title: 'Accept the terms of service first' },
  SERVICE_UNAVAILABLE: { httpStatus: 503, title: 'Briefly unavailable' },
} as const satisfies Record<string, { httpStatus: number; title: string }>;

export type ErrorCode = keyof typeof errorCodes;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(errorCodes, value);
}
