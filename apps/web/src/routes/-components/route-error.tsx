import { errorCodes, isErrorCode } from '@dxp/contracts/error-codes';
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
  // A GraphQL error travels with HTTP 200; its product code names the status (docs/api.md).
  if (error instanceof GraphQLRequestError && isErrorCode(error.code)) {
    return errorCodes[error.code].httpStatus;
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
