import { useEffect, useState } from 'react';
import { catalogue } from '@/lib/catalogue';
import { cn } from '@/lib/cn';

// docs/spec.md §9.
export const loadingBarTimings = { throttleMs: 200, durationMs: 2000, hideDelayMs: 500, resetDelayMs: 400 };

export type LoadingStatus = 'idle' | 'loading' | 'error';

export interface LoadingProgress {
  /** 0–100. */
  progress: number;
  isVisible: boolean;
  hasError: boolean;
}

const idle: LoadingProgress = { progress: 0, isVisible: false, hasError: false };

// Creeps towards 100 % without reaching it: about 70 % after `durationMs`.
function estimatedProgress(elapsedMs: number): number {
  return (2 / Math.PI) * 100 * Math.atan(((elapsedMs / loadingBarTimings.durationMs) * 100) / 50);
}

interface LoadingProgressControls {
  start: () => void;
  finish: () => void;
  error: () => void;
  dispose: () => void;
}

function createLoadingProgressControls(onChange: (state: LoadingProgress) => void): LoadingProgressControls {
  let current = idle;
  let timers: ReturnType<typeof setTimeout>[] = [];
  let frame: number | null = null;
  const set = (change: Partial<LoadingProgress>) => {
    current = { ...current, ...change };
    onChange(current);
  };
  const stop = () => {
    for (const timer of timers) clearTimeout(timer);
    timers = [];
    if (frame !== null) cancelAnimationFrame(frame);
    frame = null;
  };
  const after = (delayMs: number, action: () => void) => {
    timers.push(setTimeout(action, delayMs));
  };
  const fillAndHide = (hasError: boolean) => {
    stop();
    set({ progress: 100, isVisible: true, hasError });
    after(loadingBarTimings.hideDelayMs, () => {
      set({ isVisible: false });
      after(loadingBarTimings.resetDelayMs, () => set(idle));
    });
  };
  return {
    start() {
      stop();
      set(idle);
      after(loadingBarTimings.throttleMs, () => {
        const startedAt = Date.now();
        const advance = () => {
          set({ isVisible: true, progress: estimatedProgress(Date.now() - startedAt) });
          frame = requestAnimationFrame(advance);
        };
        advance();
      });
    },
    finish() {
      if (current.isVisible) fillAndHide(current.hasError);
      else {
        stop(); // finished within the throttle: never shown
        set(idle);
      }
    },
    error() {
      fillAndHide(true);
    },
    dispose: stop,
  };
}

/**
 * The loading bar's state machine. `start()` shows the bar only if the load is still running after
 * the throttle, `finish()` fills it and fades it out, `error()` does the same in the error colour.
 */
export function useLoadingProgress(): LoadingProgress & Omit<LoadingProgressControls, 'dispose'> {
  const [state, setState] = useState(idle);
  const [{ dispose, ...controls }] = useState(() => createLoadingProgressControls(setState));
  useEffect(() => dispose, [dispose]);
  return { ...state, ...controls };
}

/** A 3 px bar across the top of the page, driven by `status` (e.g. from the router's pending state). */
export function LoadingBar({ status }: { status: LoadingStatus }) {
  const { progress, isVisible, hasError, start, finish, error } = useLoadingProgress();

  useEffect(() => {
    if (status === 'loading') start();
    else if (status === 'error') error();
    else finish();
  }, [status, start, finish, error]);

  return (
    <div
      className={cn(
        'pointer-events-none fixed inset-x-0 top-0 z-[100] h-[3px] transition-opacity duration-300',
        isVisible ? 'opacity-100' : 'opacity-0',
      )}
      {...(isVisible
        ? {
            role: 'progressbar',
            'aria-label': catalogue.shell.loading_bar.label,
            'aria-valuemin': 0,
            'aria-valuemax': 100,
            'aria-valuenow': Math.round(progress),
          }
        : { 'aria-hidden': true })}
      data-error={hasError || undefined}
    >
      <div
        className={cn(
          'h-full origin-left',
          hasError ? 'bg-error' : 'bg-primary',
          progress > 0 && 'transition-transform duration-200 ease-out',
        )}
        style={{ transform: `scaleX(${progress / 100})` }}
      />
    </div>
  );
}
