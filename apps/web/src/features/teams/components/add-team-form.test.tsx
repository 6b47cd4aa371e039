import '@/lib/i18n';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApi } from '@/test/render-with-api';
import { AddTeamForm } from './add-team-form';

const created = { body: { data: { addTeam: { id: 'team-1', friendlyId: 'cafe-zurich', name: 'Café Zürich' } } } };

describe('AddTeamForm', () => {
  beforeEach(() => {
    localStorage.clear();
  });

  // The two add-team forms once had two slug functions: "cafe-zurich" here, "cafe-zu-rich" for administrators.
  it.each([
    ['a person creating their own team', false],
    ['a system administrator adding a team', true],
  ])('suggests one address for "Café Zürich" for %s and sends it', async (_who, forAnyOwner) => {
    const onCreated = vi.fn();
    const { graphqlCalls } = await renderWithApi(
      <AddTeamForm cancelHref="/dashboard" forAnyOwner={forAnyOwner} onCreated={onCreated} />,
      { resolveGraphQL: () => created },
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Team name/), 'Café Zürich');
    expect(screen.getByLabelText(/^Team address/)).toHaveValue('cafe-zurich');
    expect(screen.queryByLabelText(/^Owner email/) !== null).toBe(forAnyOwner);
    await user.click(screen.getByRole('button', { name: 'Create team' }));

    await vi.waitFor(() => expect(onCreated).toHaveBeenCalledWith('cafe-zurich'));
    expect(graphqlCalls()).toEqual([
      expect.objectContaining({
        operationName: 'AddTeam',
        variables: {
          input: {
            name: 'Café Zürich',
            friendlyId: 'cafe-zurich',
            logoUrl: null,
            ...(forAnyOwner ? { ownerEmail: null } : {}),
          },
        },
      }),
    ]);
  });

  it("shows the server's refusal of the owner's email under that field", async () => {
    await renderWithApi(<AddTeamForm cancelHref="/system/teams" forAnyOwner onCreated={vi.fn()} />, {
      resolveGraphQL: () => ({
        body: {
          data: null,
          errors: [
            {
              message: 'No account uses this email address.',
              extensions: { code: 'NOT_FOUND', field: 'ownerEmail' },
            },
          ],
        },
      }),
    });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Team name/), 'Analytical Engine');
    await user.type(screen.getByLabelText(/^Owner email/), 'nobody@example.com');
    await user.click(screen.getByRole('button', { name: 'Create team' }));

    expect(await screen.findByText('No account uses this email address.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Owner email/)).toHaveAttribute('aria-invalid', 'true');
  });
});
