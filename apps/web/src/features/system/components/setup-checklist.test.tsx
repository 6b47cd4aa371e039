import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApi } from '@/test/render-with-api';
import type { SetupChecklist as SetupChecklistData } from '../api/get-setup-checklist';
import { SetupChecklist } from './setup-checklist';

const checklist = {
  isComplete: false,
  items: [
    { key: 'ADD_APPLICATION', isDone: true },
    { key: 'INVITE_PEOPLE', isDone: false },
    { key: 'CONFIGURE_MAIL', isDone: false },
    { key: 'CONNECT_IDENTITY_PROVIDER', isDone: false },
    { key: 'RECEIVE_BILLING_WEBHOOK', isDone: false },
  ],
} satisfies SetupChecklistData;

describe('SetupChecklist', () => {
  it('marks the steps done and leads to the next ones', async () => {
    await renderWithApi(<SetupChecklist checklist={checklist} />);
    expect(screen.getByText('1 of 5 done.', { exact: false })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Setup progress' })).toHaveAttribute('aria-valuenow', '1');
    const items = within(screen.getByRole('list', { name: 'Setup steps' })).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual([
      'Add an application (done)',
      'Invite people (to do)',
      'Configure mail (to do)',
      'Connect your identity provider (to do)',
      'Connect the billing webhook (to do)',
    ]);
    // A done step keeps no call to action.
    expect(screen.queryByRole('link', { name: 'Add an application' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to teams' })).toHaveAttribute('href', '/teams');
  });

  it('hides when dismissed', async () => {
    const onDismiss = vi.fn();
    await renderWithApi(<SetupChecklist checklist={checklist} onDismiss={onDismiss} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Hide' }));
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });
});
