import '@/lib/i18n';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { signedInUser } from '@/test/api-double';
import { renderWithApi } from '@/test/render-with-api';
import { TermsOfServicePage } from './terms-of-service-page';

const terms = {
  version: '2026-11-01',
  markdown: '# Terms of service\n\n## Your account\n\n- Keep your password to yourself.',
};

describe('TermsOfServicePage', () => {
  beforeEach(() => {
    localStorage.clear();
  });

  it('renders the Markdown text with its effective date', async () => {
    await renderWithApi(<TermsOfServicePage terms={terms} onAccepted={vi.fn()} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Terms of service' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Your account' })).toBeInTheDocument();
    expect(screen.getByRole('listitem')).toHaveTextContent('Keep your password to yourself.');
    expect(screen.getByText('In effect since Nov 1, 2026.')).toBeInTheDocument();
  });

  it('never renders HTML written into the text', async () => {
    await renderWithApi(
      <TermsOfServicePage
        terms={{ ...terms, markdown: 'Hello <img src=x onerror="alert(1)"> there' }}
        onAccepted={vi.fn()}
      />,
    );
    expect(document.querySelector('img')).toBeNull();
  });

  it('offers no button to a user who accepted already', async () => {
    await renderWithApi(<TermsOfServicePage terms={terms} onAccepted={vi.fn()} />);
    expect(screen.getByText('You have accepted these terms.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'I accept' })).toBeNull();
  });

  it('accepts the version shown, reloads the user and moves on', async () => {
    const onAccepted = vi.fn();
    const { graphqlCalls, api } = await renderWithApi(<TermsOfServicePage terms={terms} onAccepted={onAccepted} />, {
      user: { ...signedInUser, hasAcceptedCurrentTerms: false },
      resolveGraphQL: () => ({
        body: { data: { acceptTerms: { id: signedInUser.id, hasAcceptedCurrentTerms: true } } },
      }),
    });
    const userInfoRequests = () => api.requests.filter((request) => request.endsWith('/api/auth/userinfo')).length;
    const userInfoBefore = userInfoRequests();

    await userEvent.click(screen.getByRole('button', { name: 'I accept' }));

    await waitFor(() => expect(onAccepted).toHaveBeenCalledOnce());
    expect(graphqlCalls()).toEqual([
      expect.objectContaining({ operationName: 'AcceptTerms', variables: { version: '2026-11-01' } }),
    ]);
    expect(userInfoRequests()).toBe(userInfoBefore + 1);
  });

  it('stays on the page and says why when the server refuses', async () => {
    const onAccepted = vi.fn();
    await renderWithApi(<TermsOfServicePage terms={terms} onAccepted={onAccepted} />, {
      user: { ...signedInUser, hasAcceptedCurrentTerms: false },
      resolveGraphQL: () => ({
        body: {
          data: null,
          errors: [
            {
              message: 'The terms of service have changed: read the current version and accept it.',
              extensions: { code: 'INVALID_CONTENT' },
            },
          ],
        },
      }),
    });
    await userEvent.click(screen.getByRole('button', { name: 'I accept' }));

    expect(await screen.findByText(/The terms of service have changed/)).toBeInTheDocument();
    expect(onAccepted).not.toHaveBeenCalled();
  });
});
