import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { InstallationStatus as Status } from '../api/get-installation-status';
import { InstallationStatus } from './installation-status';

const healthy: Status = {
  version: '0.1.0',
  environment: 'production',
  database: { kind: 'POSTGRESQL', isReachable: true, areMigrationsApplied: true, serverVersion: '16.4' },
  identityProvider: {
    kind: 'EXTERNAL',
    issuer: 'https://login.example.com/tenant',
    signupMode: null,
    signupAllowedDomains: [],
  },
  mail: { isConfigured: true, fromAddress: 'Portal <portal@example.com>' },
  isBillingWebhookSecretConfigured: true,
  rateLimitStore: 'REDIS',
  isMonitoringConfigured: true,
  isTagManagerConfigured: false,
  recentSignInRefusals: [],
};

/** The state badge and the details of the row named `name`. */
function row(name: string) {
  const term = screen.getByText(name, { selector: 'dt > span' }).closest('div')!;
  return within(term);
}

describe('InstallationStatus', () => {
  it('reports each part of a healthy installation', () => {
    render(<InstallationStatus status={healthy} />);
    expect(row('Version').getByText('0.1.0')).toBeInTheDocument();
    expect(row('Version').getByText('Environment: production')).toBeInTheDocument();
    expect(row('Database').getByText('Connected')).toBeInTheDocument();
    expect(row('Database').getByText('PostgreSQL, version 16.4; all migrations applied.')).toBeInTheDocument();
    expect(row('Identity provider').getByText('External')).toBeInTheDocument();
    expect(row('Identity provider').getByText('https://login.example.com/tenant')).toBeInTheDocument();
    expect(row('Mail').getByText('SMTP configured')).toBeInTheDocument();
    expect(row('Mail').getByText('Sent as Portal <portal@example.com>.')).toBeInTheDocument();
    expect(row('Billing webhooks').getByText('Secret configured')).toBeInTheDocument();
    expect(row('Rate-limit store').getByText('Redis')).toBeInTheDocument();
    expect(row('Browser monitoring').getByText('Configured')).toBeInTheDocument();
    expect(row('Tag manager').getByText('Off')).toBeInTheDocument();
  });

  it('says what is missing on a fresh installation and when the database does not answer', () => {
    render(
      <InstallationStatus
        status={{
          ...healthy,
          database: { kind: 'PGLITE', isReachable: false, areMigrationsApplied: false, serverVersion: null },
          identityProvider: {
            kind: 'BUILT_IN',
            issuer: 'http://localhost:3000/idp',
            signupMode: 'DOMAINS',
            signupAllowedDomains: ['corp.test', 'lab.corp.test'],
          },
          mail: { isConfigured: false, fromAddress: null },
          isBillingWebhookSecretConfigured: false,
          rateLimitStore: 'MEMORY',
        }}
      />,
    );
    expect(row('Database').getByText('Unreachable')).toBeInTheDocument();
    expect(row('Database').getByText('PGlite (embedded)')).toBeInTheDocument();
    expect(row('Identity provider').getByText('Built-in')).toBeInTheDocument();
    expect(row('Sign-up').getByText('Listed domains only')).toBeInTheDocument();
    expect(
      row('Sign-up').getByText('Addresses at corp.test, lab.corp.test (SIGNUP_MODE=domains).'),
    ).toBeInTheDocument();
    expect(row('Mail').getByText('Off')).toBeInTheDocument();
    expect(row('Billing webhooks').getByText('Not configured')).toBeInTheDocument();
    expect(row('Rate-limit store').getByText('In memory')).toBeInTheDocument();
  });

  it('warns when migrations are pending', () => {
    render(
      <InstallationStatus status={{ ...healthy, database: { ...healthy.database, areMigrationsApplied: false } }} />,
    );
    expect(row('Database').getByText('Migrations pending')).toBeInTheDocument();
  });
});
