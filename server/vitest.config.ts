import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Files that replace a module of the app (vi.mock): they run with modules of their own. Every other file shares the
 * modules of its worker (isolate: false): the app and its dependencies are imported once per worker instead of once
 * per file. Each file starts its own app on its own database (test/helpers.ts), and spies are restored by the test
 * that made them.
 */
const OWN_MODULES = ['test/login-timing.test.ts'];

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
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // argon2 and SQLite are CPU-bound; two cores: keep files from starving each other
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: 'shared', isolate: false, include: ['test/**/*.test.ts'], exclude: [...configDefaults.exclude, ...OWN_MODULES] } },
      { extends: true, test: { name: 'own-modules', include: OWN_MODULES } },
    ],
  },
});
