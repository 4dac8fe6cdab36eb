import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

// Browser tests: `npm run test:e2e -w web`. The global setup builds web/dist and starts one server for all files.
export default defineConfig({
  test: {
    // the console's report, and a JSON one of this run for `npm run slowest` (scripts/slowest-tests.mjs merges the runs)
    reporters: ['default', ['json', { outputFile: fileURLToPath(new URL(`../../test-results/e2e/${Date.now()}-${process.pid}.json`, import.meta.url)) }]],
    root: fileURLToPath(new URL('..', import.meta.url)),
    include: ['e2e/**/*.e2e.test.ts'],
    environment: 'node',
    globalSetup: ['e2e/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 150_000,
  },
});
