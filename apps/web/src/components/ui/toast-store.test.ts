import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeToast, getToasts, subscribeToToasts, toast } from './toast-store';

function removeAll() {
  for (const entry of getToasts()) closeToast(entry.id);
  vi.runAllTimers();
}

describe('toast store', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    removeAll();
    vi.useRealTimers();
  });

  it('opens a toast with the default 5000 ms duration', () => {
    const shown = toast({ title: 'Saved' });
    expect(getToasts()).toEqual([
      expect.objectContaining({ id: shown.id, title: 'Saved', isOpen: true, duration: 5000 }),
    ]);
  });

  it('keeps only the latest five toasts', () => {
    for (const title of ['1', '2', '3', '4', '5', '6', '7']) toast({ title });
    expect(getToasts().map((entry) => entry.title)).toEqual(['3', '4', '5', '6', '7']);
  });

  it('marks a closed toast closed at once and removes it 200 ms later', () => {
    const shown = toast({ title: 'Saved', color: 'success' });
    shown.close();
    expect(getToasts()).toEqual([expect.objectContaining({ id: shown.id, isOpen: false })]);
    vi.advanceTimersByTime(199);
    expect(getToasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(getToasts()).toHaveLength(0);
  });

  it('leaves other toasts alone when one is removed', () => {
    const first = toast({ title: 'first' });
    toast({ title: 'second' });
    closeToast(first.id);
    vi.advanceTimersByTime(200);
    expect(getToasts().map((entry) => entry.title)).toEqual(['second']);
  });

  it('notifies subscribers on every change', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeToToasts(listener);
    const shown = toast({ title: 'Saved' });
    shown.close();
    vi.advanceTimersByTime(200);
    unsubscribe();
    expect(listener).toHaveBeenCalledTimes(3);
  });
});
