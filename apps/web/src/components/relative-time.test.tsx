import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubResizeObserver } from '@/test/resize-observer';
import { formatDateTime } from '@/lib/format-date';
import { RelativeTime } from './relative-time';

describe('RelativeTime', () => {
  beforeAll(stubResizeObserver);
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2026-11-26T12:00:00Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('says how long ago in a <time> element carrying the exact instant', () => {
    render(<RelativeTime dateTime="2026-11-26T09:00:00Z" />);
    const time = screen.getByText('3 hours ago');
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('datetime', '2026-11-26T09:00:00Z');
  });

  it('shows the exact time in a tooltip when focused with the keyboard', () => {
    render(<RelativeTime dateTime="2026-11-26T09:00:00Z" prefix="Updated" />);
    const time = screen.getByText('Updated 3 hours ago');
    act(() => {
      fireEvent.focus(time);
    });
    expect(screen.getByRole('tooltip')).toHaveTextContent(formatDateTime('2026-11-26T09:00:00Z'));
  });

  it('moves on as time passes on a page left open', () => {
    render(<RelativeTime dateTime="2026-11-26T11:59:50Z" />);
    expect(screen.getByText('just now')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(2 * 60_000);
    });
    expect(screen.getByText('2 minutes ago')).toBeInTheDocument();
  });
});
