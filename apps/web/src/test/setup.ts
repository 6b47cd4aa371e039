import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { removeAllToasts } from '@/components/ui/toast-store';

afterEach(() => {
  cleanup();
  // A worker's files share their modules (isolate: false): a toast one test left open must not show in the next.
  removeAllToasts();
});
