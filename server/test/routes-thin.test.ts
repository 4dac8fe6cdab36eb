/**
 * Routes are thin (issue 20): a route file validates (the route schemas), calls a service and shapes the answer.
 * The database is read and written by the services (access/grantsService.ts, dashboard/summary.ts,
 * auth/accounts.ts, crud/menuLayout.ts…), never by a route file.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROUTE_FILES = ['access/routes.ts', 'dashboard/routes.ts', 'auth/routes.ts', 'crud/routes.ts'];
const SQL = ['selectFrom(', 'insertInto(', 'updateTable(', 'deleteFrom(', 'sql`'];

describe('route files hold no SQL', () => {
  for (const file of ROUTE_FILES) {
    it(file, () => {
      const source = fs.readFileSync(path.join(import.meta.dirname, '../src', file), 'utf8');
      expect(SQL.filter((s) => source.includes(s))).toEqual([]);
    });
  }
});
