import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // the console's report, and a JSON one of this run for `npm run slowest` (scripts/slowest-tests.mjs merges the runs)
    reporters: [
      'default',
      [
        'json',
        {
          outputFile: fileURLToPath(new URL(`../test-results/${process.env.TEST_REPORT_NAME ?? 'server'}/${Date.now()}-${process.pid}.json`, import.meta.url)),
        },
      ],
    ],
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // argon2 and SQLite are CPU-bound; two cores: keep files from starving each other
    maxWorkers: 2,
  },
});
