import '@/lib/i18n';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderWithApi } from '@/test/render-with-api';
import { ContactForm } from './contact-form';

async function fillForm() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/^Name/), '  Ada Lovelace ');
  await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
  await user.type(screen.getByLabelText(/^Subject/), 'Access');
  await user.type(screen.getByLabelText(/^Message/), 'Please add me to Acme.');
  await user.click(screen.getByRole('button', { name: 'Send message' }));
}

describe('ContactForm', () => {
  beforeEach(() => {
    localStorage.clear();
  });

  it('names each missing or wrong field and sends nothing', async () => {
    const { graphqlCalls } = await renderWithApi(<ContactForm />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Email/), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    expect(await screen.findByText('Enter your name.')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid email address.')).toBeInTheDocument();
    expect(screen.getByText('Enter a subject.')).toBeInTheDocument();
    expect(screen.getByText('Enter a message.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Name/)).toHaveFocus();
    expect(graphqlCalls()).toEqual([]);
  });

  it('sends the trimmed message and confirms where the reply goes', async () => {
    const { graphqlCalls } = await renderWithApi(<ContactForm />, {
      resolveGraphQL: () => ({ body: { data: { contactUs: true } } }),
    });
    await fillForm();

    expect(await screen.findByText('Thank you, your message has been sent')).toBeInTheDocument();
    expect(screen.getByText(/reply to ada@example.com/)).toBeInTheDocument();
    expect(graphqlCalls()).toEqual([
      {
        operationName: 'ContactUs',
        query: expect.stringContaining('contactUs(input: $input)') as string,
        variables: {
          input: {
            name: 'Ada Lovelace',
            email: 'ada@example.com',
            subject: 'Access',
            message: 'Please add me to Acme.',
          },
        },
      },
    ]);
  });

  it('prefills the name and email of a signed-in user', async () => {
    await renderWithApi(<ContactForm defaultValues={{ name: 'Ada Lovelace', email: 'ada@example.com' }} />);
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Ada Lovelace');
    expect(screen.getByLabelText(/^Email/)).toHaveValue('ada@example.com');
  });

  it('asks the visitor to wait when the server says they sent too many messages', async () => {
    await renderWithApi(<ContactForm />, {
      resolveGraphQL: () => ({
        body: { data: null, errors: [{ message: 'Too many requests', extensions: { code: 'RATE_LIMITED' } }] },
      }),
    });
    await fillForm();

    expect(await screen.findByRole('alert')).toHaveTextContent(/Too many messages.*wait a few minutes/);
    expect(screen.queryByText('Thank you, your message has been sent')).toBeNull();
  });

  it('puts the server’s field messages under their fields', async () => {
    await renderWithApi(<ContactForm />, {
      resolveGraphQL: () => ({
        body: {
          data: null,
          errors: [
            {
              message: 'The request has invalid values.',
              extensions: { code: 'INVALID_REQUEST', fields: { 'input.subject': ['Use a single line.'] } },
            },
          ],
        },
      }),
    });
    await fillForm();

    expect(await screen.findByText('Use a single line.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Subject/)).toHaveAttribute('aria-invalid', 'true');
  });
});
