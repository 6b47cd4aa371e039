import '@/lib/i18n';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeToast, getToasts, toastRemovalDelayMs } from '@/components/ui/toast-store';
import { renderWithApi } from '@/test/render-with-api';
import type { AppInfoTeam } from '../api/app-info';
import { TeamAccessList } from './team-access-list';

const application = { id: 'app-1', name: 'Billing', url: 'https://billing.example.com/' };

function team(overrides: Partial<AppInfoTeam> & Pick<AppInfoTeam, 'friendlyId' | 'name'>): AppInfoTeam {
  return { roleName: 'TeamMember', status: null, hasPendingRequest: false, canManage: false, ...overrides };
}

const rowOf = (teamName: string) => within(screen.getByText(teamName).closest('li')!);

describe('TeamAccessList', () => {
  beforeEach(() => {
    localStorage.clear();
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    for (const entry of getToasts()) closeToast(entry.id);
    await new Promise((resolve) => setTimeout(resolve, toastRemovalDelayMs));
  });

  it('shows each team’s state: launch where enabled, disabled, a pending request, or a link to request it', async () => {
    await renderWithApi(
      <TeamAccessList
        application={application}
        teams={[
          team({ friendlyId: 'acme', name: 'Acme', status: 'ENABLED' }),
          team({ friendlyId: 'umbrella', name: 'Umbrella', status: 'DISABLED' }),
          team({ friendlyId: 'initech', name: 'Initech', hasPendingRequest: true }),
          team({ friendlyId: 'hooli', name: 'Hooli' }),
        ]}
      />,
    );

    const acme = rowOf('Acme');
    expect(acme.getByText('Enabled')).toBeInTheDocument();
    const launch = acme.getByRole('link', { name: /Launch Billing for Acme/ });
    expect(launch).toHaveAttribute('href', application.url);
    expect(launch).toHaveAttribute('target', '_blank');
    expect(launch).toHaveAttribute('rel', 'noopener noreferrer');

    const umbrella = rowOf('Umbrella');
    expect(umbrella.getByText('Disabled')).toBeInTheDocument();
    expect(umbrella.getByText('Switched off by the team’s admins')).toBeInTheDocument();
    expect(umbrella.queryByRole('link', { name: /Launch/ })).toBeNull();

    const initech = rowOf('Initech');
    expect(initech.getByText('Request pending')).toBeInTheDocument();
    expect(initech.queryByRole('link', { name: /Request access/ })).toBeNull();
    expect(initech.queryByRole('link', { name: /Launch/ })).toBeNull();

    const hooli = rowOf('Hooli');
    expect(hooli.getByRole('link', { name: 'Request access for Hooli (hooli)' })).toHaveAttribute(
      'href',
      '/apps/app-1/request?team=hooli',
    );
    expect(screen.queryAllByRole('switch')).toEqual([]);
  });

  it('launches in a new tab without opener or referrer and records the launch', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { graphqlCalls } = await renderWithApi(
      <TeamAccessList
        application={application}
        teams={[team({ friendlyId: 'acme', name: 'Acme', status: 'ENABLED' })]}
      />,
      { resolveGraphQL: () => ({ body: { data: { logInteraction: true } } }) },
    );
    await userEvent.click(screen.getByRole('link', { name: /Launch Billing/ }));

    expect(open).toHaveBeenCalledWith(application.url, '_blank', 'noopener,noreferrer');
    await waitFor(() =>
      expect(graphqlCalls()).toEqual([
        expect.objectContaining({
          operationName: 'LogInteraction',
          variables: { entityId: 'app-1', type: 'APPLICATION' },
        }),
      ]),
    );
  });

  it('gives owners and admins a switch that turns the application off for their team', async () => {
    const { graphqlCalls } = await renderWithApi(
      <TeamAccessList
        application={application}
        teams={[
          team({ friendlyId: 'acme', name: 'Acme', roleName: 'TeamOwner', status: 'ENABLED', canManage: true }),
          team({
            friendlyId: 'umbrella',
            name: 'Umbrella',
            roleName: 'TeamAdmin',
            status: 'DISABLED',
            canManage: true,
          }),
        ]}
      />,
      {
        resolveGraphQL: ({ operationName }) => ({
          body: {
            data: operationName === 'UpdateAppStatus' ? { updateAppStatus: { id: 'app-1', status: 'DISABLED' } } : {},
          },
        }),
      },
    );
    const acmeSwitch = screen.getByRole('switch', { name: 'Enabled for Acme (acme)' });
    expect(acmeSwitch).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Enabled for Umbrella (umbrella)' })).not.toBeChecked();

    await userEvent.click(acmeSwitch);
    expect(await screen.findByText('Billing disabled')).toBeInTheDocument();
    expect(graphqlCalls()).toEqual([
      expect.objectContaining({
        operationName: 'UpdateAppStatus',
        variables: { friendlyTeamId: 'acme', appId: 'app-1', status: 'DISABLED' },
      }),
    ]);
  });

  it('puts the switch back and says why when the server refuses', async () => {
    await renderWithApi(
      <TeamAccessList
        application={application}
        teams={[team({ friendlyId: 'acme', name: 'Acme', roleName: 'TeamAdmin', status: 'ENABLED', canManage: true })]}
      />,
      {
        resolveGraphQL: () => ({
          body: {
            data: null,
            errors: [{ message: 'Only owners and admins may.', extensions: { code: 'AUTH_NOT_AUTHORIZED' } }],
          },
        }),
      },
    );
    const acmeSwitch = screen.getByRole('switch', { name: 'Enabled for Acme (acme)' });
    await userEvent.click(acmeSwitch);
    expect(await screen.findByText('Only owners and admins may.')).toBeInTheDocument();
    expect(acmeSwitch).toBeChecked();
  });

  it('invites someone without a team to create one', async () => {
    await renderWithApi(<TeamAccessList application={application} teams={[]} />);
    expect(screen.getByRole('heading', { name: 'You are not in a team yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create a team' })).toHaveAttribute('href', '/teams/add');
  });
});
