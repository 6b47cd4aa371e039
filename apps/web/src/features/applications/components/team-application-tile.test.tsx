import '@/lib/i18n';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApi } from '@/test/render-with-api';
import type { TeamApplication } from '../api/get-team-applications';
import { TeamApplicationTile } from './team-applications';

const team = { id: 'team-1', friendlyId: 'acme', name: 'Acme' };
const application: TeamApplication = {
  id: 'app-1',
  name: 'Billing',
  description: null,
  url: 'https://billing.example.com/',
  logoUrl: null,
  icon: null,
  isDxp: false,
  status: 'DISABLED',
  disabledBySystemAdmin: true,
  grantedAt: '2026-11-20T10:00:00.000Z',
};

describe('TeamApplicationTile', () => {
  it("a system administrator's Disabled gives the team's owners no switch, and says who disabled it", async () => {
    await renderWithApi(
      <TeamApplicationTile team={team} application={application} canManage canOverrideSystemAdmin={false} />,
    );
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.getByText('Disabled by a system administrator')).toBeInTheDocument();
  });

  it('a system administrator still gets the switch', async () => {
    await renderWithApi(<TeamApplicationTile team={team} application={application} canManage canOverrideSystemAdmin />);
    expect(screen.getByRole('switch', { name: 'Billing enabled' })).not.toBeChecked();
  });

  it("the team's own Disabled keeps the owners' switch", async () => {
    await renderWithApi(
      <TeamApplicationTile
        team={team}
        application={{ ...application, disabledBySystemAdmin: false }}
        canManage
        canOverrideSystemAdmin={false}
      />,
    );
    expect(screen.getByRole('switch', { name: 'Billing enabled' })).toBeInTheDocument();
  });
});
