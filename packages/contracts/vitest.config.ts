import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // the console's report, and a JSON one of this run for `npm run slowest` (scripts/slowest-tests.mjs merges the runs)
    reporters: ['default', ['json', { outputFile: fileURLToPath(new URL(`../../test-results/contracts/${Date.now()}-${process.pid}.json`, import.meta.url)) }]],
    include: ['test/**/*.test.ts'],
    environment: 'node',
    // pure functions and schemas: one worker is enough, and leaves the other core to the server and web suites
    maxWorkers: 1,
  },
});
