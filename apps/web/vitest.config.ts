import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    // A worker's test files share one jsdom: setting up a fresh one per file was most of the suite's time.
    // Tests therefore leave no global state behind (each renders with its own QueryClient and router).
    isolate: false,
    projects: [
      { extends: true, test: { name: 'unit', include: ['src/**/*.test.ts'] } },
      { extends: true, test: { name: 'components', include: ['src/**/*.test.tsx'] } },
    ],
  },
});
