import '@/lib/i18n';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderWithApi } from '@/test/render-with-api';
import { AddPersonDialog } from './add-person-dialog';

const user = {
  id: '0b6f3f0e-3c1e-4a57-9f59-2f0a4f7a1c11',
  email: 'new@example.com',
  firstName: 'New',
  lastName: 'Person',
};

function answering(link: string | null) {
  return () => ({ body: { data: { createPerson: { mailed: link === null, link, user } } } });
}

async function fillIn() {
  await userEvent.click(screen.getByRole('button', { name: 'Add person' }));
  const dialog = await screen.findByRole('dialog');
  await userEvent.type(within(dialog).getByLabelText(/Email/), 'new@example.com');
  await userEvent.type(within(dialog).getByLabelText(/First name/), 'New');
  await userEvent.type(within(dialog).getByLabelText(/Last name/), 'Person');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Add person' }));
  return dialog;
}

describe('AddPersonDialog', () => {
  beforeEach(() => {
    localStorage.clear();
  });

  it('checks the fields with the shared rules before sending anything', async () => {
    const { graphqlCalls } = await renderWithApi(<AddPersonDialog />, { resolveGraphQL: answering(null) });
    await userEvent.click(screen.getByRole('button', { name: 'Add person' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText(/Email/), 'not an address');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add person' }));
    expect(await within(dialog).findByText('Enter a valid email address.')).toBeInTheDocument();
    expect(within(dialog).getAllByText('Enter a name.')).toHaveLength(2);
    expect(graphqlCalls()).toEqual([]);
  });

  it('adds the person and says the set-password link was mailed', async () => {
    const { graphqlCalls } = await renderWithApi(<AddPersonDialog />, { resolveGraphQL: answering(null) });
    await fillIn();
    expect(await screen.findByText('New Person added')).toBeInTheDocument();
    expect(graphqlCalls()).toMatchObject([
      {
        operationName: 'CreatePerson',
        variables: { input: { email: 'new@example.com', firstName: 'New', lastName: 'Person' } },
      },
    ]);
  });

  it('shows the set-password link to copy when no mail is configured', async () => {
    const link = 'http://portal.test/idp/reset-password?token=abc';
    await renderWithApi(<AddPersonDialog />, { resolveGraphQL: answering(link) });
    await fillIn();
    expect(await screen.findByLabelText('Set-password link')).toHaveValue(link);
  });
});
