import '@/lib/i18n';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderWithApi } from '@/test/render-with-api';
import { CreateServiceKeyDialog } from './create-service-key-dialog';

const plainKey = 'dxp_sk_AbCdEf0123456789abcdefghijklmnopqrstuvwxyz';

describe('CreateServiceKeyDialog', () => {
  beforeEach(() => {
    localStorage.clear();
  });

  it('asks for a name before sending anything', async () => {
    const { graphqlCalls } = await renderWithApi(<CreateServiceKeyDialog />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    await user.type(screen.getByLabelText(/^Key name/), '   ');
    await user.click(screen.getByRole('button', { name: 'Create key' }));

    expect(await screen.findByText('Enter a name.')).toBeInTheDocument();
    expect(graphqlCalls()).toEqual([]);
  });

  it('shows the new key once with a copy button, and forgets it when closed', async () => {
    const { graphqlCalls } = await renderWithApi(<CreateServiceKeyDialog />, {
      resolveGraphQL: () => ({
        body: {
          data: {
            createServiceKey: { name: 'Nightly report', key: plainKey },
          },
        },
      }),
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    await user.type(screen.getByLabelText(/^Key name/), 'Nightly report');
    await user.click(screen.getByRole('button', { name: 'Create key' }));

    expect(await screen.findByText('You will not see this key again')).toBeInTheDocument();
    expect(screen.getByLabelText('Your new key')).toHaveValue(plainKey);
    expect(graphqlCalls()).toEqual([
      expect.objectContaining({ operationName: 'CreateServiceKey', variables: { name: 'Nightly report' } }),
    ]);

    await user.click(screen.getByRole('button', { name: 'Copy' }));
    // user-event stands in for the system clipboard.
    expect(await navigator.clipboard.readText()).toBe(plainKey);
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByLabelText(/^Key name/)).toHaveValue('');
    expect(screen.queryByDisplayValue(plainKey)).toBeNull();
  });
});
