// `npm run lint`: ESLint over the TypeScript of the server, the web app and the contracts (docs/architecture.md).
// typescript-eslint's recommended rules, and the type-aware ones that catch real bugs: a promise nobody waits for or
// catches, a promise where a plain value is expected. React's rules of hooks on the web. Zero warnings: CI fails on any.
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', 'web/dist/**', 'test-results/**', 'data/**', '**/*.d.mts', '**/bench/out/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: {
      // the two programs `npm run typecheck` compiles, each built once for the run (typescript-eslint's single-run
      // programs); a file is checked in the first that holds it, so the contracts (in both) in the server's. The
      // project service built a third program for the contracts' own tsconfig.json and a fourth, default one for
      // server/vitest.config.ts, and with that default project it served every file through its language service
      // instead of plain programs (issue 32)
      parserOptions: { project: ['./server/tsconfig.json', './web/tsconfig.json'], tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // empty catch blocks say "ignored on purpose" with a comment; other empty blocks are mistakes
      'no-empty': ['error', { allowEmptyCatch: true }],
      // the server and the import strip or refuse control characters on purpose
      'no-control-regex': 'off',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    // queries over tables known only at run time (the registry's tables, other data sources): Kysely's builder is
    // typed `any` there and nowhere else in the server's code
    files: [
      'server/src/crud/wheres.ts',
      'server/src/crud/reads.ts',
      'server/src/crud/pageStatements.ts',
      'server/src/crud/searchReads.ts',
      'server/src/crud/service.ts',
      'server/src/datasources/sources.ts',
      'server/src/datasources/dialects.ts',
      'server/src/datasources/engines.ts',
      'server/src/tables/inUse.ts',
    ],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // the SQLite driver differs by Node.js version (better-sqlite3 12 on Node 20, 13 on Node 24: server/src/db/sqliteDriver.ts);
    // a value import of 'better-sqlite3' elsewhere loads Node 20's build and fails only under Node 24 (CI's last suite)
    files: ['server/**/*.ts'],
    ignores: ['server/src/db/sqliteDriver.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'better-sqlite3',
              message: "Use server/src/db/sqliteDriver.ts (the driver of this Node.js); 'import type' is fine.",
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  {
    // tests and benchmarks read answers of any shape
    files: ['server/test/**', 'server/bench/**', 'web/test/**', 'web/e2e/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // scripts that drive Chromium: the functions given to page.evaluate run in the page
    files: ['web/e2e/**/*.mjs', 'web/scripts/**/*.mjs'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    files: ['web/src/**/*.{ts,tsx}', 'web/test/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
);
