import '@/lib/i18n';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithApi } from '@/test/render-with-api';
import { cataloguePageSize } from '../api/get-all-applications';
import { ApplicationCatalogue } from './application-catalogue';

const catalogue = Array.from({ length: 30 }, (_, index) => ({
  id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
  name: `Application ${String(index).padStart(2, '0')}`,
  description: 'Does things.',
  logoUrl: null,
  isDxp: false,
  updatedAt: '2026-11-01T00:00:00.000Z',
  teams: [],
}));

/** The API's answer: `totalCount` only when the document includes it, as `@include(if: $withTotalCount)` does. */
function cataloguePage(variables: Record<string, unknown>) {
  const start = variables.after ? Number(variables.after) : 0;
  const end = start + Number(variables.first);
  return {
    body: {
      data: {
        allApplications: {
          nodes: catalogue.slice(start, end),
          pageInfo: {
            hasNextPage: end < catalogue.length,
            hasPreviousPage: start > 0,
            startCursor: String(start),
            endCursor: String(end),
          },
          ...(variables.withTotalCount ? { totalCount: catalogue.length } : {}),
        },
      },
    },
  };
}

describe('ApplicationCatalogue', () => {
  it('asks for the count with the first page only; "Load more" adds the next page and the count stays', async () => {
    const { graphqlCalls } = await renderWithApi(
      <Suspense fallback="Loading">
        <ApplicationCatalogue search={undefined} onSearch={() => {}} />
      </Suspense>,
      { resolveGraphQL: (body) => cataloguePage(body.variables) },
    );
    expect(await screen.findByText('30 applications')).toBeInTheDocument();
    expect(screen.getAllByRole('link')).toHaveLength(cataloguePageSize);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: /Application 29/ })).toBeInTheDocument();
    expect(screen.getAllByRole('link')).toHaveLength(30);
    expect(screen.getByText('30 applications')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();

    expect(graphqlCalls().map((call) => call.variables)).toEqual([
      { first: cataloguePageSize, withTotalCount: true },
      { first: cataloguePageSize, after: String(cataloguePageSize), withTotalCount: false },
    ]);
  });
});

describe('ApplicationCatalogue when the catalogue is empty', () => {
  const emptyCatalogue = () => ({
    body: {
      data: {
        allApplications: {
          nodes: [],
          pageInfo: { hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null },
          totalCount: 0,
        },
      },
    },
  });

  it('leads an administrator to add the first application', async () => {
    await renderWithApi(
      <Suspense fallback="Loading">
        <ApplicationCatalogue search={undefined} onSearch={() => {}} isAdministrator />
      </Suspense>,
      { resolveGraphQL: emptyCatalogue },
    );
    expect(await screen.findByText('No applications in the catalogue yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add the first application' })).toHaveAttribute('href', '/system/apps/add');
  });

  it('tells a member the administrators add them, with nothing to click', async () => {
    await renderWithApi(
      <Suspense fallback="Loading">
        <ApplicationCatalogue search={undefined} onSearch={() => {}} />
      </Suspense>,
      { resolveGraphQL: emptyCatalogue },
    );
    expect(await screen.findByText(/once an administrator adds them/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add the first application' })).toBeNull();
  });
});
