import '@/lib/i18n';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeToast, getToasts, toastRemovalDelayMs } from '@/components/ui/toast-store';
import { renderWithApi } from '@/test/render-with-api';
import type { AppInfoTeam } from '../api/app-info';
import type { RequestAccessInfo } from '../api/get-app-info-for-request';
import { RequestAccessForm, type RequestAccessFormProps, requestTeamOf } from './request-access-form';

const application = {
  id: 'app-1',
  name: 'Billing',
  termsLink: 'https://billing.example.com/terms',
  termsDate: '2026-11-01T00:00:00.000Z',
};

const teams: AppInfoTeam[] = [
  {
    friendlyId: 'acme',
    name: 'Acme',
    roleName: 'TeamMember',
    status: null,
    hasPendingRequest: false,
    canManage: false,
  },
  {
    friendlyId: 'umbrella',
    name: 'Umbrella',
    roleName: 'TeamOwner',
    status: 'ENABLED',
    hasPendingRequest: false,
    canManage: true,
  },
  {
    friendlyId: 'initech',
    name: 'Initech',
    roleName: 'TeamAdmin',
    status: null,
    hasPendingRequest: true,
    canManage: true,
  },
];

const info: RequestAccessInfo = {
  errorMessage: null,
  appId: 'app-1',
  appName: 'Billing',
  teamName: 'Acme',
  teamFriendlyId: 'acme',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  phoneNumber: '+44 20 7946 0958',
  termsLink: application.termsLink,
  termsDate: application.termsDate,
};

type GraphQLAnswer = Parameters<typeof renderWithApi>[1];

async function renderForm(props: Partial<RequestAccessFormProps> = {}, api: GraphQLAnswer = {}) {
  const onRequested = vi.fn();
  const onTeamChange = vi.fn();
  const rendered = await renderWithApi(
    <RequestAccessForm
      application={application}
      teams={teams}
      teamFriendlyId="acme"
      info={info}
      onTeamChange={onTeamChange}
      onRequested={onRequested}
      {...props}
    />,
    api,
  );
  return { ...rendered, onRequested, onTeamChange, user: userEvent.setup() };
}

const submit = () => screen.getByRole('button', { name: 'Send request' });

describe('RequestAccessForm', () => {
  beforeEach(() => {
    localStorage.clear();
  });
  afterEach(async () => {
    for (const entry of getToasts()) closeToast(entry.id);
    await new Promise((resolve) => setTimeout(resolve, toastRemovalDelayMs));
  });

  it('starts from the profile’s contact details and offers every team, saying which cannot ask', async () => {
    await renderForm();
    expect(screen.getByLabelText(/^First name/)).toHaveValue('Ada');
    expect(screen.getByLabelText(/^Last name/)).toHaveValue('Lovelace');
    expect(screen.getByLabelText(/^Contact email/)).toHaveValue('ada@example.com');
    expect(screen.getByLabelText(/^Contact phone/)).toHaveValue('+44 20 7946 0958');
    expect(screen.getByLabelText(/^Team/)).toHaveValue('acme');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Acme (acme)',
      'Umbrella (umbrella), already has it',
      'Initech (initech), request pending',
    ]);
    expect(screen.getByRole('link', { name: /Read the terms/ })).toHaveAttribute('href', application.termsLink);
  });

  it('names each missing or wrong field, requires the terms, and sends nothing', async () => {
    const { user, graphqlCalls } = await renderForm();
    await user.clear(screen.getByLabelText(/^First name/));
    await user.clear(screen.getByLabelText(/^Contact email/));
    await user.type(screen.getByLabelText(/^Contact email/), 'not-an-address');
    await user.clear(screen.getByLabelText(/^Contact phone/));
    await user.type(screen.getByLabelText(/^Contact phone/), '12');
    await user.click(screen.getByLabelText(/^Message/));
    await user.paste('x'.repeat(1001));
    await user.click(submit());

    expect(await screen.findByText('Enter your first name.')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid email address.')).toBeInTheDocument();
    expect(screen.getByText('Enter 7 to 15 digits.')).toBeInTheDocument();
    expect(screen.getByText('Use at most 1000 characters.')).toBeInTheDocument();
    expect(screen.getByText('Accept the terms to send the request.')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /I accept the terms of use of Billing/ })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(screen.getByLabelText(/^First name/)).toHaveFocus();
    expect(graphqlCalls()).toEqual([]);
  });

  it('sends the request with the accepted terms, confirms it and moves on to the request', async () => {
    const { user, graphqlCalls, onRequested } = await renderForm(
      {},
      {
        resolveGraphQL: () => ({
          body: { data: { requestApplicationAccess: { id: 'request-7', status: 'PENDING' } } },
        }),
      },
    );
    await user.clear(screen.getByLabelText(/^Contact phone/));
    await user.type(screen.getByLabelText(/^Message/), '  For the quarterly invoices.  ');
    await user.click(screen.getByRole('checkbox', { name: /I accept the terms/ }));
    await user.click(submit());

    expect(await screen.findByText('Request sent')).toBeInTheDocument();
    expect(onRequested).toHaveBeenCalledWith('request-7');
    expect(graphqlCalls()).toEqual([
      expect.objectContaining({
        operationName: 'RequestApplicationAccess',
        variables: {
          requestAccessInput: {
            appId: 'app-1',
            teamFriendlyId: 'acme',
            firstName: 'Ada',
            lastName: 'Lovelace',
            contactEmail: 'ada@example.com',
            contactPhone: null,
            message: 'For the quarterly invoices.',
            acceptTerms: true,
          },
        },
      }),
    ]);
  });

  it('asks for no acceptance when the application has no terms', async () => {
    const { user, graphqlCalls } = await renderForm(
      { application: { ...application, termsLink: null, termsDate: null } },
      {
        resolveGraphQL: () => ({
          body: { data: { requestApplicationAccess: { id: 'request-8', status: 'PENDING' } } },
        }),
      },
    );
    expect(screen.queryByRole('checkbox')).toBeNull();
    await user.click(submit());
    await screen.findByText('Request sent');
    expect(graphqlCalls()[0]?.variables).toMatchObject({ requestAccessInput: { acceptTerms: false, message: null } });
  });

  it('says clearly, at the team, that a request is already waiting (DUPLICATE_VALUE)', async () => {
    const { user } = await renderForm(
      {},
      {
        resolveGraphQL: () => ({
          body: {
            data: null,
            errors: [{ message: 'A request is already pending.', extensions: { code: 'DUPLICATE_VALUE' } }],
          },
        }),
      },
    );
    await user.click(screen.getByRole('checkbox', { name: /I accept the terms/ }));
    await user.click(submit());

    expect(
      await screen.findByText(
        'Acme already has a pending request for Billing. You will be notified when it is decided.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/^Team/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^Team/)).toHaveFocus();
  });

  it('puts the server’s field messages under their fields', async () => {
    const { user } = await renderForm(
      {},
      {
        resolveGraphQL: () => ({
          body: {
            data: null,
            errors: [
              {
                message: 'The request has invalid values.',
                extensions: {
                  code: 'INVALID_REQUEST',
                  fields: { 'input.contactEmail': ['Use at most 254 characters.'] },
                },
              },
            ],
          },
        }),
      },
    );
    await user.click(screen.getByRole('checkbox', { name: /I accept the terms/ }));
    await user.click(submit());
    expect(await screen.findByText('Use at most 254 characters.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Contact email/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows calmly why the chosen team cannot ask, and does not send', async () => {
    const { user, onTeamChange } = await renderForm({
      teamFriendlyId: 'umbrella',
      info: {
        ...info,
        teamName: 'Umbrella',
        teamFriendlyId: 'umbrella',
        errorMessage: 'Umbrella already has Billing.',
      },
    });
    expect(screen.getByText('Umbrella already has Billing.')).toBeInTheDocument();
    expect(submit()).toBeDisabled();
    await user.selectOptions(screen.getByLabelText(/^Team/), 'acme');
    expect(onTeamChange).toHaveBeenCalledWith('acme');
  });
});

describe('requestTeamOf', () => {
  it('keeps a team of the caller named in the address, else takes the first that may ask', () => {
    expect(requestTeamOf(teams, 'umbrella')).toBe('umbrella');
    expect(requestTeamOf(teams, 'someone-elses-team')).toBe('acme');
    expect(requestTeamOf(teams.slice(1), undefined)).toBe('umbrella');
    expect(requestTeamOf([], 'acme')).toBeUndefined();
  });
});
