import { errorCodes } from '@dxp/contracts/error-codes';
import '@/lib/i18n';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { GraphQLRequestError } from '@/lib/graphql-client';
import { RouteError } from './route-error';

const operation = { type: 'query', name: 'GetMyInvoices' } as const;

function renderError(error: unknown) {
  render(<RouteError error={error as Error} reset={() => {}} info={{ componentStack: '' }} />);
}

describe('RouteError', () => {
  it('shows a GraphQL error with the HTTP status of its product code (it travelled with HTTP 200)', () => {
    renderError(
      new GraphQLRequestError(operation, 200, [
        { message: 'The cursor is not valid for this list and order.', extensions: { code: 'INVALID_REQUEST' } },
      ]),
    );
    expect(screen.getByText('400')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Bad Request' })).toBeInTheDocument();
    expect(screen.getByText('The cursor is not valid for this list and order.')).toBeInTheDocument();
  });

  it('shows the HTTP status of a failed response without a product code', () => {
    renderError(new GraphQLRequestError(operation, 503, []));
    expect(screen.getByText('503')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Service Unavailable' })).toBeInTheDocument();
    expect(screen.getByText('The GetMyInvoices request failed with HTTP status 503')).toBeInTheDocument();
  });

  it('shows any other failure as 500 with its message', () => {
    renderError(new TypeError('team is undefined'));
    expect(screen.getByText('500')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Internal Server Error' })).toBeInTheDocument();
    expect(screen.getByText('team is undefined')).toBeInTheDocument();
  });

  it.each(Object.entries(errorCodes).map(([code, { httpStatus }]) => [code, httpStatus] as const))(
    'shows %s with the HTTP status the server gives it (%i)',
    (code, status) => {
      renderError(new GraphQLRequestError(operation, 200, [{ message: 'Refused.', extensions: { code } }]));
      expect(screen.getByText(String(status))).toBeInTheDocument();
    },
  );
});
