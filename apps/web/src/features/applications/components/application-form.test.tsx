import '@/lib/i18n';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { closeToast, getToasts, toastRemovalDelayMs } from '@/components/ui/toast-store';
import type { ApplicationDetail } from '../api/get-application-by-id';
import { renderWithApi } from '@/test/render-with-api';
import { ApplicationForm } from './application-form';

const ledger: ApplicationDetail = {
  id: '5a0c8f8e-9d3b-4c1e-8f5e-0d2b6a7c1e01',
  name: 'Ledger',
  description: 'Bookkeeping for teams.',
  url: 'https://ledger.example.com',
  logoUrl: null,
  icon: null,
  meta: { category: 'Finance' },
  isDxp: false,
  termsDate: '2026-10-01T00:00:00.000Z',
  termsLink: 'https://ledger.example.com/terms',
  billingProductId: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-02T10:00:00.000Z',
  teams: [],
};

describe('ApplicationForm', () => {
  afterEach(async () => {
    for (const entry of getToasts()) closeToast(entry.id);
    await new Promise((resolve) => setTimeout(resolve, toastRemovalDelayMs));
  });

  it('refuses a missing name, plain http, a javascript: logo and meta that is not an object, without sending', async () => {
    const { graphqlCalls } = await renderWithApi(<ApplicationForm />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Address/), 'http://ledger.example.com');
    await user.type(screen.getByLabelText('Logo URL'), 'javascript:alert(1)');
    await user.clear(screen.getByLabelText('Meta (JSON)'));
    await user.type(screen.getByLabelText('Meta (JSON)'), '[[1, 2]');
    await user.click(screen.getByRole('button', { name: 'Create application' }));

    expect(await screen.findByText('Enter a name.')).toBeVisible();
    expect(screen.getByLabelText(/^Name/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getAllByText('Enter a web address starting with https://.')).toHaveLength(2);
    expect(screen.getByLabelText(/^Address/)).toHaveAccessibleDescription(
      expect.stringContaining('Enter a web address starting with https://.'),
    );
    expect(screen.getByText(/Meta must be a JSON object/)).toBeVisible();
    expect(graphqlCalls()).toEqual([]);
  });

  it('refuses meta that is not JSON at all', async () => {
    await renderWithApi(<ApplicationForm />);
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Meta (JSON)'));
    await user.type(screen.getByLabelText('Meta (JSON)'), 'category: finance');
    await user.click(screen.getByRole('button', { name: 'Create application' }));
    expect(await screen.findByText(/This is not valid JSON/)).toBeVisible();
  });

  it('creates an application: empty optional fields become null, the terms day midnight UTC', async () => {
    const { graphqlCalls } = await renderWithApi(<ApplicationForm />, {
      resolveGraphQL: () => ({ body: { data: { createApplication: { id: ledger.id, name: 'Ledger' } } } }),
    });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Name/), '  Ledger ');
    await user.type(screen.getByLabelText(/^Address/), 'https://ledger.example.com');
    await user.type(screen.getByLabelText('Terms date'), '2026-10-01');
    await user.click(screen.getByRole('checkbox', { name: 'DXP application' }));
    await user.clear(screen.getByLabelText('Meta (JSON)'));
    await user.type(screen.getByLabelText('Meta (JSON)'), '{{"category": "Finance"}');
    await user.click(screen.getByRole('button', { name: 'Create application' }));

    expect(await screen.findByText('Application created')).toBeInTheDocument();
    expect(graphqlCalls()).toEqual([
      expect.objectContaining({
        operationName: 'CreateApplication',
        variables: {
          input: {
            name: 'Ledger',
            description: null,
            url: 'https://ledger.example.com',
            logoUrl: null,
            icon: null,
            isDxp: true,
            termsLink: null,
            termsDate: '2026-10-01T00:00:00.000Z',
            billingProductId: null,
            meta: { category: 'Finance' },
          },
        },
      }),
    ]);
  });

  it('saves only the fields that changed', async () => {
    const { graphqlCalls } = await renderWithApi(<ApplicationForm application={ledger} />, {
      resolveGraphQL: () => ({ body: { data: { updateApplication: { id: ledger.id, name: 'Ledger' } } } }),
    });
    const user = userEvent.setup();
    expect(screen.getByLabelText('Terms date')).toHaveValue('2026-10-01');
    await user.clear(screen.getByLabelText('Terms link'));
    await user.type(screen.getByLabelText('Billing product id'), 'PROD-7');
    await user.click(screen.getByRole('button', { name: 'Save application' }));

    expect(await screen.findByText('Application saved')).toBeInTheDocument();
    expect(graphqlCalls()).toEqual([
      expect.objectContaining({
        operationName: 'UpdateApplication',
        variables: { input: { id: ledger.id, termsLink: null, billingProductId: 'PROD-7' } },
      }),
    ]);
  });

  it('shows a taken name at the name field', async () => {
    await renderWithApi(<ApplicationForm application={ledger} />, {
      resolveGraphQL: () => ({
        body: {
          data: null,
          errors: [
            {
              message: 'Another application already has this name.',
              extensions: { code: 'DUPLICATE_VALUE', field: 'name' },
            },
          ],
        },
      }),
    });
    const user = userEvent.setup();
    const name = screen.getByLabelText(/^Name/);
    await user.clear(name);
    await user.type(name, 'Payroll');
    await user.click(screen.getByRole('button', { name: 'Save application' }));

    expect(await screen.findByText('Another application already has this name. Choose another.')).toBeVisible();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveFocus();
  });

  it('shows a refusal that names no field above the form', async () => {
    const refusal = 'The terms date must not be in the future.';
    await renderWithApi(<ApplicationForm application={ledger} />, {
      resolveGraphQL: () => ({
        body: { data: null, errors: [{ message: refusal, extensions: { code: 'INVALID_REQUEST' } }] },
      }),
    });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Billing product id'), 'PROD-8');
    await user.click(screen.getByRole('button', { name: 'Save application' }));

    expect(await screen.findByText('The application was not saved.')).toBeVisible();
    expect(screen.getByText(refusal)).toBeVisible();
  });

  it('sends the icon picked in the picker, and shows the API’s refusal of an icon at the icon field', async () => {
    const { graphqlCalls } = await renderWithApi(<ApplicationForm application={ledger} />, {
      resolveGraphQL: () => ({
        body: {
          data: null,
          errors: [
            {
              message: 'Invalid request.',
              extensions: { code: 'INVALID_REQUEST', fields: { icon: ['Choose an icon from the collection.'] } },
            },
          ],
        },
      }),
    });
    const user = userEvent.setup();
    const iconField = await screen.findByRole('button', { name: 'Icon' });
    expect(iconField).toHaveAccessibleDescription(expect.stringContaining('No icon'));
    await user.click(iconField);
    await user.type(await screen.findByRole('searchbox', { name: 'Search icons' }), 'git');
    await user.click(screen.getByRole('option', { name: 'git-branch' }));
    expect(iconField).toHaveAccessibleDescription(expect.stringContaining('git-branch'));
    await user.click(screen.getByRole('button', { name: 'Save application' }));

    expect(await screen.findByText('Choose an icon from the collection.')).toBeVisible();
    expect(iconField).toHaveAttribute('aria-invalid', 'true');
    expect(graphqlCalls()).toEqual([
      expect.objectContaining({ variables: { input: { id: ledger.id, icon: 'git-branch' } } }),
    ]);
  });

  it('refuses an icon that is not in the collection before sending', async () => {
    const { graphqlCalls } = await renderWithApi(<ApplicationForm application={{ ...ledger, icon: 'rocketship' }} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Billing product id'), 'PROD-9');
    await user.click(screen.getByRole('button', { name: 'Save application' }));
    expect(await screen.findByText('Choose an icon from the collection.')).toBeVisible();
    expect(graphqlCalls()).toEqual([]);
  });
});
