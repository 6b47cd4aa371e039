import '@/lib/i18n';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { closeToast, getToasts, toastRemovalDelayMs } from '@/components/ui/toast-store';
import type { ApplicationDetail } from '../api/get-application-by-id';
import { renderWithApi } from '@/test/render-with-api';
import { ApplicationTeams } from './application-teams';

const ledger: ApplicationDetail = {
  id: '5a0c8f8e-9d3b-4c1e-8f5e-0d2b6a7c1e01',
  name: 'Ledger',
  description: null,
  url: 'https://ledger.example.com',
  logoUrl: null,
  icon: null,
  meta: {},
  isDxp: false,
  termsDate: null,
  termsLink: null,
  billingProductId: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-02T10:00:00.000Z',
  teams: [{ friendlyId: 'ops-crew', name: 'Ops Crew', status: 'ENABLED' }],
};

const foundTeams = [
  { id: 't1', name: 'Ops Crew', friendlyId: 'ops-crew', enabled: true, createdAt: '2026-11-01T10:00:00.000Z' },
  { id: 't2', name: 'Treasury', friendlyId: 'treasury', enabled: true, createdAt: '2026-11-01T10:00:00.000Z' },
  // Same name, another team: only the address tells them apart.
  { id: 't3', name: 'Treasury', friendlyId: 'treasury-2', enabled: true, createdAt: '2026-11-02T10:00:00.000Z' },
];

function answer({ operationName, variables }: { operationName: string; variables: Record<string, unknown> }) {
  if (operationName === 'GetAllTeams') {
    return {
      body: {
        data: {
          allTeams: {
            nodes: foundTeams,
            pageInfo: { hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null },
          },
        },
      },
    };
  }
  if (operationName === 'RevokeTeamApplication') return { body: { data: { revokeTeamApplication: true } } };
  return { body: { data: { updateAppStatus: { id: ledger.id, status: variables.status } } } };
}

describe('ApplicationTeams', () => {
  afterEach(async () => {
    for (const entry of getToasts()) closeToast(entry.id);
    await new Promise((resolve) => setTimeout(resolve, toastRemovalDelayMs));
  });

  it("switches a team's grant with its status select", async () => {
    const { graphqlCalls } = await renderWithApi(<ApplicationTeams application={ledger} />, { resolveGraphQL: answer });
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Status for Ops Crew (ops-crew)'), 'DISABLED');

    expect(await screen.findByText('Application disabled')).toBeInTheDocument();
    expect(graphqlCalls()).toEqual([
      expect.objectContaining({
        operationName: 'UpdateAppStatus',
        variables: { friendlyTeamId: 'ops-crew', appId: ledger.id, status: 'DISABLED' },
      }),
    ]);
  });

  it("revokes a team's grant after a confirmation", async () => {
    const { graphqlCalls } = await renderWithApi(<ApplicationTeams application={ledger} />, { resolveGraphQL: answer });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Revoke Ledger from Ops Crew (ops-crew)' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Revoke Ledger from Ops Crew (ops-crew)?' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));

    expect(await screen.findByText('Application revoked')).toBeInTheDocument();
    expect(graphqlCalls()).toEqual([
      expect.objectContaining({
        operationName: 'RevokeTeamApplication',
        variables: { friendlyTeamId: 'ops-crew', appId: ledger.id },
      }),
    ]);
  });

  it('grants the application to a team found by search; a team that has it cannot be picked', async () => {
    const { graphqlCalls } = await renderWithApi(<ApplicationTeams application={ledger} />, { resolveGraphQL: answer });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Grant to a team' }));
    const dialog = screen.getByRole('dialog', { name: 'Grant Ledger' });
    await user.type(within(dialog).getByLabelText('Find a team'), 'treas');
    await waitFor(() =>
      expect(graphqlCalls()).toContainEqual(
        expect.objectContaining({ operationName: 'GetAllTeams', variables: { search: 'treas', first: 6 } }),
      ),
    );
    const found = within(dialog).getByRole('list', { name: 'Teams found' });
    expect(within(found).getByText('Has it')).toBeInTheDocument();
    expect(within(found).queryByRole('button', { name: /^Grant to Ops Crew/ })).toBeNull();
    // Two teams named Treasury: each button names its team's address.
    expect(within(found).getByRole('button', { name: 'Grant to Treasury (treasury-2)' })).toBeInTheDocument();
    expect(within(found).getByText('treasury-2')).toBeInTheDocument();
    await user.click(within(found).getByRole('button', { name: 'Grant to Treasury (treasury)' }));

    expect(await screen.findByText('Application granted')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(graphqlCalls()).toContainEqual(
      expect.objectContaining({
        operationName: 'UpdateAppStatus',
        variables: { friendlyTeamId: 'treasury', appId: ledger.id, status: 'ENABLED' },
      }),
    );
  });
});
