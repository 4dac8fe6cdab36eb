import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineTable } from './tables-helpers.ts';
import { engines, startTestApp, type TestApp } from './helpers.ts';

// Found by the fuzz test (seed 358450561): a new row of a table whose columns may all be empty, saved with no value,
// was `insert into t () values ()`, a syntax error on SQLite and PostgreSQL, answered 500.
describe.each(engines)('a new row with no value of its own on %s', (engine, url) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine, url);
    const sheet = await defineTable(t, 'emptyrows', [
      { columnName: 'id', type: 'int', primaryKey: 1, autoIncrement: 1 },
      { columnName: 'note', type: 'nvarchar', length: 40 },
      { columnName: 'amount', type: 'int' },
    ]);
    expect((await t.post('/api/action/createSqlTable/', { id: sheet })).statusCode).toBe(200);
  });
  afterAll(async () => t?.close());

  it('is saved as a row of defaults and answers its id', async () => {
    for (const params of [{}, { id: null }, { id: '' }]) {
      const r = await t.post('/api/action/save/', { _flag: 'emptyrows', params });
      expect(r.statusCode, r.body).toBe(200);
    }
    const rows = await t.ctx.conn.db.selectFrom('emptyrows').select(['id', 'note', 'amount']).orderBy('id').execute();
    expect(rows).toHaveLength(3);
    expect(rows.every((row) => row.note === null && row.amount === null)).toBe(true);
    expect(new Set(rows.map((row) => Number(row.id))).size).toBe(3);
  });
});
