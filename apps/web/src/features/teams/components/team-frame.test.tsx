import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApi } from '@/test/render-with-api';
import type { Team } from '../api/get-team-by-friendly-id';
import { teamPermissionsOf } from '../team-roles';
import { TeamFrame } from './team-frame';

const team = {
  id: 't1',
  name: 'Platform',
  friendlyId: 'platform',
  enabled: true,
  meta: {},
  logoUrl: null,
  roleName: null,
} satisfies Team;

describe('TeamFrame', () => {
  it('tells a system administrator who is not a member that they are viewing the team as an administrator', async () => {
    await renderWithApi(
      <TeamFrame team={team} teamPath="/system/teams/platform" permissions={teamPermissionsOf(null, true)}>
        <p>Team content</p>
      </TeamFrame>,
    );
    expect(screen.getByText('You are viewing this team as a system administrator')).toBeVisible();
    expect(screen.getByText(/You are not a member of Platform/)).toBeVisible();
  });

  it('says nothing of the kind to a member', async () => {
    await renderWithApi(
      <TeamFrame
        team={{ ...team, roleName: 'TeamOwner' }}
        teamPath="/teams/platform"
        permissions={teamPermissionsOf('TeamOwner', false)}
      >
        <p>Team content</p>
      </TeamFrame>,
    );
    expect(screen.getByText('Team content')).toBeVisible();
    expect(screen.queryByText(/viewing this team as a system administrator/)).toBeNull();
  });
});
