import type { ErrorComponentProps } from '@tanstack/react-router';
import { ErrorPage } from '@/features/shell/error-page';
import { GraphQLRequestError } from '@/lib/graphql-client';

const statusMessages: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

/** docs/api.md: the HTTP status of each product code, for GraphQL errors (which travel with HTTP 200). */
const productCodeStatuses: Record<string, number> = {
  AUTH_NOT_AUTHENTICATED: 401,
  AUTH_NOT_AUTHORIZED: 403,
  NOT_FOUND: 404,
  DUPLICATE_VALUE: 409,
  INVALID_REQUEST: 400,
  INVALID_CONTENT: 422,
  TEAM_MUST_HAVE_OWNER: 409,
  RATE_LIMITED: 429,
  SERVICE_UNAVAILABLE: 503,
};

/** The global error page (docs/spec.md §2): status code, status message, the message when it differs. */
export function RouteError({ error }: ErrorComponentProps) {
  const statusCode = httpStatusOf(error) ?? 500;
  return (
    <ErrorPage
      statusCode={statusCode}
      statusMessage={statusMessages[statusCode] ?? 'Error'}
      message={error instanceof Error ? error.message : undefined}
    />
  );
}

function httpStatusOf(error: unknown): number | undefined {
  if (error instanceof GraphQLRequestError && error.code && productCodeStatuses[error.code]) {
    return productCodeStatuses[error.code];
  }
  if (
    error &&
    typeof error === 'object' &&
    'status' in error &&
    typeof error.status === 'number' &&
    error.status >= 400
  ) {
    return error.status;
  }
  return undefined;
}
