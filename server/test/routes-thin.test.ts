/**
 * Routes are thin (issue 20): a route file validates (the route schemas), calls a service and shapes the answer.
 * The database is read and written by the services (access/grantsService.ts, dashboard/summary.ts,
 * auth/accounts.ts, menus/layout.ts…), never by a route file.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.join(import.meta.dirname, '../src');
// every feature's route file
const ROUTE_FILES = fs
  .readdirSync(SRC, { withFileTypes: true })
  .filter((e) => e.isDirectory() && fs.existsSync(path.join(SRC, e.name, 'routes.ts')))
  .map((e) => `${e.name}/routes.ts`);
const SQL = ['selectFrom(', 'insertInto(', 'updateTable(', 'deleteFrom(', 'sql`'];

describe('route files hold no SQL', () => {
  it('finds the route files', () => expect(ROUTE_FILES.length).toBeGreaterThanOrEqual(8));
  for (const file of ROUTE_FILES) {
    it(file, () => {
      const source = fs.readFileSync(path.join(SRC, file), 'utf8');
      expect(SQL.filter((s) => source.includes(s))).toEqual([]);
    });
  }
});
