import { vi } from 'vitest';

/** jsdom has no ResizeObserver; Radix's positioning asks for one. */
export function stubResizeObserver() {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
}
