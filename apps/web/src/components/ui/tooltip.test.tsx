import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubResizeObserver } from '@/test/resize-observer';
import { Tooltip, TooltipProvider } from './tooltip';

const advance = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });
const tooltip = () => screen.queryByRole('tooltip');
const pointAt = (name: string) => fireEvent.pointerMove(screen.getByRole('button', { name }), { pointerType: 'mouse' });
// Escape closes a tooltip as leaving its trigger does, without Radix's pointer-path tracking (jsdom has no layout).
const close = () => fireEvent.keyDown(document, { key: 'Escape' });
const leave = (name: string) => fireEvent.pointerLeave(screen.getByRole('button', { name }), { pointerType: 'mouse' });

describe('TooltipProvider', () => {
  beforeAll(stubResizeObserver);
  beforeEach(() => {
    vi.useFakeTimers();
    render(
      <TooltipProvider>
        <Tooltip content="Copy the link">
          <button type="button">Copy</button>
        </Tooltip>
        <Tooltip content="Delete the bookmark">
          <button type="button">Delete</button>
        </Tooltip>
      </TooltipProvider>,
    );
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('opens a tooltip 700 ms after the pointer arrives (docs/spec.md §9)', () => {
    pointAt('Copy');
    advance(699);
    expect(tooltip()).toBeNull();
    advance(1);
    expect(tooltip()).toHaveTextContent('Copy the link');
  });

  it('skips the delay for the next tooltip within 300 ms of one closing, not after', () => {
    pointAt('Copy');
    advance(700);
    close();
    leave('Copy');
    expect(tooltip()).toBeNull();
    advance(299);
    pointAt('Delete');
    expect(tooltip()).toHaveTextContent('Delete the bookmark');

    close();
    leave('Delete');
    advance(300);
    pointAt('Copy');
    expect(tooltip()).toBeNull();
    advance(700);
    expect(tooltip()).toHaveTextContent('Copy the link');
  });
});
