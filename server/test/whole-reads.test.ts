import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ScanWorkers } from '../src/search/scanWorkers.ts';
import { WHOLE_READ_FROM_ROWS } from '../src/crud/wholeTableReads.ts';
import Database from '../src/db/sqliteDriver.ts';
import { startTestApp, type TestApp } from './helpers.ts';

// Issue 28 (5): on SQLite a list read that reads every row of a large table although it searches no text (a notIn of
// 1,000 values, filters on columns no index leads, a sort on such a column) held /api/health for 324-506 ms. Such reads
// go to the scan workers; none of the statements the event loop prepares for them may scan or sort the whole table.
describe('SQLite: reads of every row of a large table run off the event loop', () => {
  let t: TestApp;
  const rows = WHOLE_READ_FROM_ROWS + 5_000;
  beforeAll(async () => {
    // an app of its own: the connection keeps prepared statements by their text, and this one has prepared none yet
    t = await startTestApp('sqlite');
    const values = Array.from({ length: rows }, (_, k) => `(1, ${(k % 7) + 1}, 'whole-read ${k}', 0, 'opt-${String(k % 100).padStart(2, '0')}')`);
    await t.ctx.conn.db.transaction().execute(async (trx) => {
      for (let i = 0; i < values.length; i += 5_000)
        await sql
          .raw(`insert into "questionBank" ("parentId", "typeId", "name", "isdelete", "correctOptions") values ${values.slice(i, i + 5_000).join(', ')}`)
          .execute(trx);
    });
    t.ctx.crud.counts.invalidate('questionBank');
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The statements the event loop's connection prepared while `read` ran, with each one's query plan. */
  const mainThreadPlans = async (read: () => Promise<void>) => {
    const prepare = vi.spyOn(Database.prototype, 'prepare');
    const run = vi.spyOn(ScanWorkers.prototype, 'run');
    try {
      await read();
      const statements = [...new Set(prepare.mock.calls.map(([source]) => String(source)))].filter((q) => /^select/i.test(q) && q.includes('"questionBank"'));
      const db = new Database(path.join(t.ctx.config.dataDir, 'app.sqlite'), { readonly: true });
      try {
        const plans = statements.map((q) => ({
          q,
          plan: (db.prepare(`explain query plan ${q}`).all(...Array((q.match(/\?/g) ?? []).length).fill(null)) as { detail: string }[]).map((r) => r.detail),
        }));
        return { plans, workerReads: run.mock.calls.length };
      } finally {
        db.close();
      }
    } finally {
      prepare.mockRestore();
      run.mockRestore();
    }
  };
  const readsEveryRow = (detail: string) => /^SCAN "?questionBank"?( |$)/.test(detail) || /USE TEMP B-TREE FOR (RIGHT PART OF )?ORDER BY/.test(detail);
  const list = async (query: Record<string, unknown>) => {
    const res = await t.select('questionBank', query);
    expect(res.body.status, JSON.stringify(res.body)).toBe(200);
    return res.body as { total: number; data: { id: number; correctOptions: string }[] };
  };
  const countWhere = async (where: string) =>
    Number((await sql.raw<{ n: number }>(`select count(*) as n from "questionBank" where isdelete = 0 and ${where}`).execute(t.ctx.conn.db)).rows[0]!.n);

  it.each([
    ['a notIn of 1,000 values', { wheres: { id: { type: 'notIn', value: Array.from({ length: 1000 }, (_, k) => k + 1) } } }, 'id > 1000'],
    ['ne on a column no index leads', { wheres: { typeId: { type: 'ne', value: 3 } } }, '"typeId" <> 3'],
    ['eq on a column no index leads', { wheres: { correctOptions: 'opt-42' } }, `"correctOptions" = 'opt-42'`],
    ['a sort on a column no index leads, first page', { sort: 'correctOptions', sortType: 'desc', row: '50' }, '1 = 1'],
    ['a sort on a column no index leads, a deep page', { sort: 'correctOptions', page: '400', row: '50' }, '1 = 1'],
  ])('%s: the right rows, read in the scan workers', async (_name, query, where) => {
    let answer: Awaited<ReturnType<typeof list>> | undefined;
    const { plans, workerReads } = await mainThreadPlans(async () => {
      answer = await list(query);
    });
    expect(answer!.total).toBe(await countWhere(where));
    if ('sort' in query) {
      const sorted = answer!.data.map((r) => r.correctOptions);
      const ascending = [...sorted].sort();
      expect(sorted).toEqual('sortType' in query ? ascending.reverse() : ascending);
      expect(sorted).toHaveLength(50);
    }
    expect(workerReads).toBeGreaterThan(0);
    for (const { q, plan } of plans) expect([q, plan.filter(readsEveryRow)]).toEqual([q, []]);
  });

  it('reads a list narrowed by an index, in key order, on the event loop as before', async () => {
    const { plans, workerReads } = await mainThreadPlans(async () => {
      const answer = await list({ wheres: { parentId: 1 }, row: '20' });
      expect(answer.total).toBe(await countWhere('"parentId" = 1'));
    });
    expect(workerReads).toBe(0);
    expect(plans.length).toBeGreaterThan(0);
  });
});
