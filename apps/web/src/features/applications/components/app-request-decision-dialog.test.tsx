import '@/lib/i18n';
import { useQuery } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { closeToast, getToasts, toastRemovalDelayMs } from '@/components/ui/toast-store';
import { appRequestQueryKey } from '../api/get-app-request';
import { renderWithApi } from '@/test/render-with-api';
import { appRequestsQueryKey } from '../api/get-app-requests';
import { AppRequestDecisionDialog } from './app-request-decision-dialog';

const appRequest = {
  id: '0f7d0c9a-2b55-4a3e-9d8c-6a1b2c3d4e5f',
  applicationName: 'Ledger',
  teamName: 'Ops Crew',
  requestedBy: 'Ada Lovelace',
  comments: null,
};

const decided = {
  id: appRequest.id,
  status: 'APPROVED',
  comments: 'Welcome aboard',
  closedAt: '2026-11-22T03:00:00.000Z',
};

describe('AppRequestDecisionDialog', () => {
  afterEach(async () => {
    for (const entry of getToasts()) closeToast(entry.id);
    await new Promise((resolve) => setTimeout(resolve, toastRemovalDelayMs));
  });

  it('approves with the comment typed in the dialog', async () => {
    const { graphqlCalls } = await renderWithApi(
      <AppRequestDecisionDialog decision="approve" appRequest={appRequest} />,
      {
        resolveGraphQL: () => ({ body: { data: { approveAppRequest: decided } } }),
      },
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve this request?' });
    expect(dialog).toHaveAccessibleDescription('Ops Crew gets Ledger, enabled, and Ada Lovelace is told.');
    await user.type(screen.getByLabelText('Comments'), '  Welcome aboard ');
    await user.click(screen.getByRole('button', { name: 'Approve' }));

    expect(await screen.findByText('Request approved')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(graphqlCalls()).toEqual([
      expect.objectContaining({
        operationName: 'ApproveAppRequest',
        variables: { requestId: appRequest.id, comments: 'Welcome aboard' },
      }),
    ]);
  });

  it('says the request was approved although the refetched request, decided, has already removed the dialog', async () => {
    let status = 'PENDING';
    function PendingRequest() {
      const { data } = useQuery({ queryKey: [...appRequestQueryKey, appRequest.id], queryFn: () => ({ status }) });
      // The request list on screen answers its refetch later, after the dialog has gone.
      useQuery({
        queryKey: appRequestsQueryKey,
        queryFn: () => new Promise<never[]>((resolve) => setTimeout(() => resolve([]), 100)),
      });
      return data?.status === 'PENDING' ? (
        <AppRequestDecisionDialog decision="approve" appRequest={appRequest} />
      ) : (
        <p>Approved</p>
      );
    }
    await renderWithApi(<PendingRequest />, {
      resolveGraphQL: () => {
        status = 'APPROVED';
        return { body: { data: { approveAppRequest: { ...decided, teamFriendlyId: 'ops-crew' } } } };
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    await user.click(screen.getByRole('button', { name: 'Approve' }));

    expect(await screen.findByText('Request approved')).toBeInTheDocument();
    expect(screen.getByText('Approved')).toBeInTheDocument();
  });

  it('rejects without comments as null, starting from the comments already saved', async () => {
    const { graphqlCalls } = await renderWithApi(
      <AppRequestDecisionDialog decision="reject" appRequest={{ ...appRequest, comments: 'Checking the budget' }} />,
      { resolveGraphQL: () => ({ body: { data: { rejectAppRequest: { ...decided, status: 'REJECTED' } } } }) },
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    const comments = screen.getByLabelText('Comments');
    expect(comments).toHaveValue('Checking the budget');
    await user.clear(comments);
    await user.keyboard('{Tab}{Tab}{Enter}');

    expect(await screen.findByText('Request rejected')).toBeInTheDocument();
    expect(graphqlCalls()).toEqual([
      expect.objectContaining({
        operationName: 'RejectAppRequest',
        variables: { requestId: appRequest.id, comments: null },
      }),
    ]);
  });

  it('sends nothing when cancelled', async () => {
    const { graphqlCalls } = await renderWithApi(
      <AppRequestDecisionDialog decision="reject" appRequest={appRequest} />,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    await user.type(screen.getByLabelText('Comments'), 'No budget');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Reject' })).toHaveFocus();
    expect(graphqlCalls()).toEqual([]);
  });

  it('says calmly that someone else decided first, and closes', async () => {
    const refusal = 'This request was already approved.';
    await renderWithApi(<AppRequestDecisionDialog decision="reject" appRequest={appRequest} />, {
      resolveGraphQL: () => ({
        body: { data: null, errors: [{ message: refusal, extensions: { code: 'INVALID_REQUEST' } }] },
      }),
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    await user.click(screen.getByRole('button', { name: 'Reject' }));

    expect(await screen.findByText('This request was already decided')).toBeInTheDocument();
    expect(screen.getAllByText(refusal).length).toBeGreaterThan(0);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('keeps the dialog open and shows any other failure in it', async () => {
    await renderWithApi(<AppRequestDecisionDialog decision="approve" appRequest={appRequest} />, {
      resolveGraphQL: () => ({ status: 500, body: { errors: [{ message: 'Unexpected error' }] } }),
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    await user.click(screen.getByRole('button', { name: 'Approve' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Unexpected error');
    expect(screen.getByRole('dialog', { name: 'Approve this request?' })).toBeInTheDocument();
  });
});
