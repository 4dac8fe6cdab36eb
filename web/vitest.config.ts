import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    // the console's report, and a JSON one for `npm run slowest` (scripts/slowest-tests.mjs)
    reporters: ['default', ['json', { outputFile: fileURLToPath(new URL('../test-results/web.json', import.meta.url)) }]],
    environment: 'jsdom',
    include: ['test/**/*.test.{ts,tsx}'],
    setupFiles: ['test/setup.ts'],
    // a ceiling for a hung test, not a speed check (speed is measured by the benchmarks): the dialog tests drive antd
    // in jsdom for 10-15 s each on this 2-core machine, and 20 s was met under load (the data-table read-back test)
    testTimeout: 60000,
    css: false,
    // two files at a time on the two cores (vitest's default leaves one core idle): 351 s instead of 1064 s for the
    // suite, with the stylesheet trim of test/setup.ts
    maxWorkers: 2,
  },
});
