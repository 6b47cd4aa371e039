import '@/lib/i18n';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoadingBar, type LoadingStatus } from './loading-bar';

function renderBar(status: LoadingStatus) {
  const view = render(<LoadingBar status={status} />);
  return (next: LoadingStatus) => view.rerender(<LoadingBar status={next} />);
}

const advance = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });
const bar = () => screen.queryByRole('progressbar', { name: 'Loading page' });

describe('LoadingBar', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('never shows for a load that finishes within 200 ms', () => {
    const setStatus = renderBar('loading');
    advance(199);
    expect(bar()).toBeNull();
    setStatus('idle');
    advance(2000);
    expect(bar()).toBeNull();
  });

  it('shows after 200 ms, creeps forward, then fills and hides 500 ms after the load ends', () => {
    const setStatus = renderBar('loading');
    advance(200);
    expect(bar()).toBeInTheDocument();
    advance(2000);
    const creeping = Number(bar()?.getAttribute('aria-valuenow'));
    expect(creeping).toBeGreaterThan(50);
    expect(creeping).toBeLessThan(100);

    setStatus('idle');
    expect(bar()).toHaveAttribute('aria-valuenow', '100');
    advance(499);
    expect(bar()).toBeInTheDocument();
    advance(1);
    expect(bar()).toBeNull();
  });

  it('turns to the error colour on an application error', () => {
    const setStatus = renderBar('loading');
    advance(300);
    setStatus('error');
    expect(bar()).toHaveAttribute('data-error', 'true');
    expect(bar()).toHaveAttribute('aria-valuenow', '100');
    advance(500);
    expect(bar()).toBeNull();
  });

  it('resets 400 ms after it has hidden, so the next load starts empty and in the normal colour', () => {
    const view = render(<LoadingBar status="error" />);
    const track = view.container.firstElementChild!;
    advance(500);
    expect(bar()).toBeNull();
    expect(track).toHaveAttribute('data-error', 'true');
    expect(track.firstElementChild).toHaveStyle({ transform: 'scaleX(1)' });
    advance(399);
    expect(track).toHaveAttribute('data-error', 'true');
    advance(1);
    expect(track).not.toHaveAttribute('data-error');
    expect(track.firstElementChild).toHaveStyle({ transform: 'scaleX(0)' });
  });

  it('is a 3 px line across the top of the page', () => {
    const view = render(<LoadingBar status="idle" />);
    expect(view.container.firstElementChild).toHaveClass('fixed', 'inset-x-0', 'top-0', 'h-[3px]');
  });
});
