import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { filterDebounceMs } from '@/lib/use-live-filter';
import type { WebhookLogFilter } from '../webhook-log-filter';
import { WebhookLogFilters } from './webhook-log-filters';

const noFilter = { processed: undefined, eventType: undefined, order: undefined };

function renderFilters(filter: WebhookLogFilter = {}, isUpdating = false) {
  const onApply = vi.fn();
  const rendered = render(<WebhookLogFilters filter={filter} isUpdating={isUpdating} onApply={onApply} />);
  return { ...rendered, onApply };
}

describe('WebhookLogFilters', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('applies a choice at once, with no Apply button, as a new step of the history', () => {
    const { onApply } = renderFilters();
    expect(screen.queryByRole('button', { name: 'Apply' })).toBeNull();
    fireEvent.change(screen.getByRole('combobox', { name: 'State' }), { target: { value: 'no' } });
    expect(onApply).toHaveBeenCalledExactlyOnceWith({ ...noFilter, processed: 'no' }, { replace: false });
  });

  it('applies typed text once typing pauses, in place of the current history entry', () => {
    const { onApply } = renderFilters({ order: 'oldest' });
    const eventType = screen.getByRole('searchbox', { name: 'Event type' });
    fireEvent.change(eventType, { target: { value: 'invoice' } });
    act(() => {
      vi.advanceTimersByTime(filterDebounceMs - 100);
    });
    fireEvent.change(eventType, { target: { value: ' invoice.upserted ' } });
    expect(onApply).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(filterDebounceMs);
    });
    expect(onApply).toHaveBeenCalledExactlyOnceWith(
      { ...noFilter, eventType: 'invoice.upserted', order: 'oldest' },
      { replace: true },
    );
  });

  it('offers Clear filters in the same place whether or not there is a filter, usable only with one', () => {
    const { onApply, rerender } = renderFilters();
    expect(screen.getByRole('button', { name: 'Clear filters' })).toBeDisabled();

    rerender(<WebhookLogFilters filter={{ processed: 'yes', eventType: 'invoice.' }} onApply={onApply} />);
    const clear = screen.getByRole('button', { name: 'Clear filters' });
    expect(clear).toBeEnabled();
    fireEvent.click(clear);
    expect(onApply).toHaveBeenCalledExactlyOnceWith(noFilter, { replace: false });
    expect(screen.getByRole('searchbox', { name: 'Event type' })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'State' })).toHaveValue('');
  });

  it('takes a filter changed elsewhere (the back button) into the form without applying it again', () => {
    const { onApply, rerender } = renderFilters({ eventType: 'invoice.' });
    rerender(<WebhookLogFilters filter={{ processed: 'no' }} onApply={onApply} />);
    act(() => {
      vi.advanceTimersByTime(filterDebounceMs * 2);
    });
    expect(screen.getByRole('searchbox', { name: 'Event type' })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'State' })).toHaveValue('no');
    expect(onApply).not.toHaveBeenCalled();
  });

  it('keeps what is being typed when the list catches up with an earlier pause', () => {
    const { onApply, rerender } = renderFilters();
    const eventType = screen.getByRole('searchbox', { name: 'Event type' });
    fireEvent.change(eventType, { target: { value: 'invoice' } });
    act(() => {
      vi.advanceTimersByTime(filterDebounceMs);
    });
    fireEvent.change(eventType, { target: { value: 'invoice.up' } });
    // The URL now holds the first pause's filter; the form goes on with the newer text.
    rerender(<WebhookLogFilters filter={{ eventType: 'invoice' }} onApply={onApply} />);
    expect(eventType).toHaveValue('invoice.up');
  });

  it('says while the list is updating, in a place kept for it', () => {
    const { rerender, onApply } = renderFilters();
    expect(screen.queryByRole('status', { name: 'Updating the list' })).toBeNull();
    rerender(<WebhookLogFilters filter={{}} isUpdating onApply={onApply} />);
    expect(screen.getByRole('status', { name: 'Updating the list' })).toBeInTheDocument();
  });
});
