import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { filterDebounceMs } from '@/lib/use-live-filter';
import { EventLogFilters } from './event-log-filters';

describe('EventLogFilters', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('applies the filter once typing pauses, one request per pause', () => {
    const onApply = vi.fn();
    render(<EventLogFilters filter={{}} onApply={onApply} />);
    const eventType = screen.getByRole('combobox', { name: 'Event type' });
    fireEvent.change(eventType, { target: { value: 'inv' } });
    act(() => {
      vi.advanceTimersByTime(filterDebounceMs - 100);
    });
    fireEvent.change(eventType, { target: { value: 'invite' } });
    act(() => {
      vi.advanceTimersByTime(filterDebounceMs);
    });
    expect(onApply).toHaveBeenCalledTimes(1);
    expect(onApply).toHaveBeenCalledWith({ eventType: 'invite' }, { replace: true });
  });

  it('offers the kinds of event and every known type in the picker', () => {
    render(<EventLogFilters filter={{}} onApply={vi.fn()} />);
    const eventType = screen.getByRole('combobox', { name: 'Event type' });
    const options = [...document.querySelectorAll(`datalist#${CSS.escape(eventType.getAttribute('list')!)} option`)];
    expect(options.map((option) => option.getAttribute('value'))).toEqual(
      expect.arrayContaining(['invite.', 'invite.accepted', 'team.created']),
    );
    expect(options.find((option) => option.getAttribute('value') === 'invite.accepted')).toHaveAttribute(
      'label',
      'Invite accepted',
    );
  });

  it('takes a filter applied elsewhere without applying it again', () => {
    const onApply = vi.fn();
    const { rerender } = render(<EventLogFilters filter={{ eventType: 'team.' }} onApply={onApply} />);
    rerender(<EventLogFilters filter={{}} onApply={onApply} />);
    act(() => {
      vi.advanceTimersByTime(filterDebounceMs * 2);
    });
    expect(screen.getByRole('combobox', { name: 'Event type' })).toHaveValue('');
    expect(onApply).not.toHaveBeenCalled();
  });

  it('applies a date at once, and Enter applies what was typed without waiting', () => {
    const onApply = vi.fn();
    render(<EventLogFilters filter={{}} onApply={onApply} />);
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    expect(onApply).toHaveBeenLastCalledWith({ from: '2026-11-01' }, { replace: false });

    const email = screen.getByRole('searchbox', { name: 'User email' });
    fireEvent.change(email, { target: { value: 'ada@' } });
    fireEvent.keyDown(email, { key: 'Enter' });
    expect(onApply).toHaveBeenLastCalledWith({ from: '2026-11-01', userEmail: 'ada@' }, { replace: false });
    act(() => {
      vi.advanceTimersByTime(filterDebounceMs * 2);
    });
    expect(onApply).toHaveBeenCalledTimes(2);
  });

  it('does not apply a first day after the last: the To field says why until the range is whole again', () => {
    const onApply = vi.fn();
    render(<EventLogFilters filter={{ from: '2026-11-02' }} onApply={onApply} />);
    const to = screen.getByLabelText('To');
    fireEvent.change(to, { target: { value: '2026-11-01' } });
    expect(onApply).not.toHaveBeenCalled();
    expect(to).toHaveAccessibleDescription('The end date is before the start date.');

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-10-01' } });
    expect(onApply).toHaveBeenCalledExactlyOnceWith({ from: '2026-10-01', to: '2026-11-01' }, { replace: false });
    expect(to).not.toHaveAccessibleDescription();
  });
});
