import '@/lib/i18n';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApi } from '@/test/render-with-api';
import { AppStatusSwitch } from './app-status-switch';

const props = {
  team: { friendlyId: 'acme', name: 'Acme' },
  application: { id: 'app-1', name: 'Billing' },
  accessibleName: 'Billing enabled',
};

describe('AppStatusSwitch', () => {
  it('reads Disabled while it is off, not Enabled', async () => {
    await renderWithApi(<AppStatusSwitch {...props} status="DISABLED" />);
    expect(screen.getByRole('switch', { name: 'Billing enabled' })).not.toBeChecked();
    expect(screen.getByText('Disabled')).toBeInTheDocument();
    expect(screen.queryByText('Enabled')).toBeNull();
  });

  it('reads Enabled while it is on', async () => {
    await renderWithApi(<AppStatusSwitch {...props} status="ENABLED" />);
    expect(screen.getByRole('switch', { name: 'Billing enabled' })).toBeChecked();
    expect(screen.getByText('Enabled')).toBeInTheDocument();
  });
});
