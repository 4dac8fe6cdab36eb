import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // argon2 and SQLite are CPU-bound; two cores: keep files from starving each other
    maxWorkers: 2,
  },
});
