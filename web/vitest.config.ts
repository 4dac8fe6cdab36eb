import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { endpointsModule } from '../packages/contracts/src/api/endpointsModule.ts';

/**
 * Files that replace a module of the app (vi.mock) or a page's loader: they run with modules of their own. Every other file shares the
 * modules of its worker (isolate: false): importing antd and the app once per worker instead of once per file halves
 * the suite; test/setup.ts puts the app's module-level state back after each test (test/shared-state.ts).
 */
const OWN_MODULES = ['test/menu-page.test.tsx', 'test/shell-layout.test.tsx', 'test/page-loader.test.tsx'];

/** Pure logic (no DOM, no React rendering): run under Node, without jsdom and without test/setup.ts. */
const LOGIC = ['test/*.logic.test.ts'];

/** `@qb/contracts/endpoints` as the bundle has it: the API's path list alone (packages/contracts/src/api/endpointsModule.ts) */
const endpoints = endpointsModule();

export default defineConfig({
  plugins: [react(), endpoints],
  // the repository and the system's temp dir, where designer-codegen.test.tsx writes the code it generates and renders
  server: { fs: { allow: [fileURLToPath(new URL('..', import.meta.url)), tmpdir()] } },
  test: {
    // the console's report, and a JSON one of this run for `npm run slowest` (scripts/slowest-tests.mjs merges the runs)
    reporters: ['default', ['json', { outputFile: fileURLToPath(new URL(`../test-results/web/${Date.now()}-${process.pid}.json`, import.meta.url)) }]],
    environment: 'jsdom',
    setupFiles: ['test/setup.ts'],
    // a ceiling for a hung test, not a speed check (speed is measured by the benchmarks): the dialog tests drive antd
    // in jsdom for 10-15 s each on this 2-core machine, and 20 s was met under load (the data-table read-back test)
    testTimeout: 60000,
    css: false,
    // two files at a time on the two cores (vitest's default leaves one core idle): 351 s instead of 1064 s for the
    // suite, with the stylesheet trim of test/setup.ts
    maxWorkers: 2,
    // a larger young generation for the workers: React's development build and antd allocate short-lived objects by
    // the million, and with V8's default 16 MB semi-space the scavenges promote what a bigger one lets die young.
    // crud-page with designer-parity: 7% less CPU (28.9 s against 31.1 s, two interleaved pairs, load 10-20), about
    // 100 MB more per worker
    execArgv: ['--max-semi-space-size=32'],
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          isolate: false,
          // after the root's test/setup.ts (setupFiles merge): the app's on-demand code, once per worker
          setupFiles: ['test/preload-lazy.ts'],
          include: ['test/**/*.test.{ts,tsx}'],
          exclude: [...configDefaults.exclude, ...OWN_MODULES, ...LOGIC],
        },
      },
      // not extended from the root: it would add the root's setup file (setupFiles merge)
      { plugins: [react(), endpoints], test: { name: 'logic', environment: 'node', isolate: false, include: LOGIC, testTimeout: 60000 } },
      { extends: true, test: { name: 'own-modules', include: OWN_MODULES } },
    ],
  },
});
