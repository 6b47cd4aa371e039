import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VerifyEmailNotice } from './verify-email-notice';

function renderWithProvider(kind: 'built-in' | 'external') {
  const config = {
    environment: 'test',
    oidc: {
      kind,
      authority: 'http://portal.test/idp',
      clientId: 'dxp-portal',
      redirectUri: 'http://portal.test/auth/callback',
      postLogoutRedirectUri: 'http://portal.test/',
      scope: 'openid profile email offline_access',
    },
    monitoring: null,
    tagManagerId: null,
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(Response.json(config))),
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <VerifyEmailNotice email="ada@example.com" />
    </QueryClientProvider>,
  );
  return screen.getByRole('status', { name: 'Verify your email address' });
}

describe('VerifyEmailNotice', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('names the address, what waits for it and how to get a new link', async () => {
    const notice = renderWithProvider('built-in');
    expect(notice).toHaveTextContent('ada@example.com');
    expect(notice).toHaveTextContent(/team invites for this address and administrator rights wait/);
    expect(await screen.findByText(/Signing in again sends a new link\./)).toBeInTheDocument();
  });

  it('sends the person to their provider when an external one signs them in', async () => {
    const notice = renderWithProvider('external');
    expect(await screen.findByText(/Your sign-in provider has not confirmed/)).toBeInTheDocument();
    expect(notice).toHaveTextContent(/administrator rights wait/);
    expect(notice).not.toHaveTextContent('sends a new link');
  });
});
