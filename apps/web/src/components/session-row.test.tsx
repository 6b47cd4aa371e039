import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '@/lib/format-date';
import { SessionRow } from './session-row';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

describe('SessionRow', () => {
  it('says when the browser signed in and was last seen as people read it, the exact time on focus', async () => {
    const createdAt = minutesAgo(180);
    const lastSeenAt = minutesAgo(5);
    render(
      <SessionRow
        session={{ userAgent: null, clientAddress: '203.0.113.7', createdAt, lastSeenAt, current: true }}
        signOut={vi.fn()}
        isSigningOut={false}
      />,
    );
    const signedIn = screen.getByText('signed in 3 hours ago');
    expect(signedIn.tagName).toBe('TIME');
    expect(signedIn).toHaveAttribute('datetime', createdAt);
    const lastSeen = screen.getByText('last seen 5 minutes ago');
    expect(lastSeen).toHaveAttribute('datetime', lastSeenAt);

    await userEvent.setup().tab();
    expect(signedIn).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent(formatDateTime(createdAt));
  });
});
