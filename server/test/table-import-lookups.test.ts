// Re-importing into a table whose match column has no index (issue 28 #2): the existing rows are found by one pass
// over the table in key order, a page at a time, instead of `in (…)` lists that each scanned the table on the event
// loop. The same answers on every engine across pages; on SQLite no statement of the look-up reads the whole table.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import Database from '../src/db/sqliteDriver.ts';
import { engines, startTestApp, type TestApp } from './helpers.ts';
import { upload } from './import-fixtures.ts';
import { defineTable } from './tables-helpers.ts';

const FIELDS = [
  { columnName: 'id', type: 'int', primaryKey: 1, autoIncrement: 1, intro: '序号', titleEn: 'No.' },
  { columnName: 'code', type: 'nvarchar', length: 20, nonEmpty: 1, intro: '编号', titleEn: 'Code' },
  { columnName: 'name', type: 'nvarchar', length: 40, intro: '名称', titleEn: 'Name' },
  { columnName: 'isdelete', type: 'int' },
];
/** more rows than two pages of the look-up (5,000 rows each) */
const ROWS = 12_001;
const code = (i: number) => `C${String(i).padStart(5, '0')}`;
const csvOf = (codes: string[], name: string) => Buffer.from(`*编号 / Code,名称 / Name\n${codes.map((c) => `${c},${name}`).join('\n')}\n`);

async function makeTable(t: TestApp): Promise<string> {
  const table = `lookup_${crypto.randomBytes(3).toString('hex')}`;
  const id = await defineTable(t, table, FIELDS as never);
  expect((await t.post('/api/action/createSqlTable/', { id })).statusCode).toBe(200);
  return table;
}

describe.each(engines)('re-import into a table matched on an unindexed column on %s', (engine, url) => {
  let t: TestApp;
  let table: string;
  const all = Array.from({ length: ROWS }, (_, i) => code(i));
  const importCsv = async (codes: string[], name: string, mode: 'insert' | 'update') =>
    t.post('/api/action/importTable/', { _flag: table, fileUrl: await upload(t, 'rows.csv', csvOf(codes, name)), keyColumn: 'code', mode });
  const live = async () =>
    (await t.ctx.conn.db.selectFrom(table).select(['code', 'name']).where('isdelete', '=', 0).orderBy('id').execute()).map((r) => `${r.code}=${r.name}`);

  beforeAll(async () => {
    t = await startTestApp(engine, url);
    table = await makeTable(t);
    const first = await importCsv(all, '一', 'insert');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ inserted: ROWS, updated: 0, skipped: 0 });
    // two rows deleted (soft: a look-up must not match them) and a second row of one code, in later pages
    await t.ctx.conn.db
      .updateTable(table)
      .set({ isdelete: 1 })
      .where('code', 'in', [code(5), code(7000)])
      .execute();
    t.ctx.crud.counts.invalidate(table);
    expect((await t.post('/api/action/save/', { _flag: table, params: { code: code(9000), name: '重复' } })).statusCode).toBe(200);
  }, 120_000);
  afterAll(async () => t?.close());

  it('updates the rows found in every page, inserts the rest, and matches no deleted row', async () => {
    const codes = [...all.filter((c) => c !== code(9000)), ...Array.from({ length: 10 }, (_, i) => code(20_000 + i))];
    const r = await importCsv(codes, '二', 'update');
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data).toMatchObject({ rows: ROWS - 1 + 10, updated: ROWS - 3, inserted: 2 + 10, skipped: 0 });
    const rows = await live();
    expect(rows.filter((x) => x.endsWith('=二'))).toHaveLength(ROWS - 1 + 10);
    expect(rows.filter((x) => x.startsWith(`${code(5)}=`))).toEqual([`${code(5)}=二`]);
    expect(rows.filter((x) => x.startsWith(`${code(9000)}=`))).toEqual([`${code(9000)}=一`, `${code(9000)}=重复`]);
  }, 120_000);

  it('skips every row found in insert mode, and refuses a value two live rows hold', async () => {
    const again = await importCsv(
      all.filter((c) => c !== code(9000)),
      '三',
      'insert',
    );
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toMatchObject({ inserted: 0, updated: 0, skipped: ROWS - 1 });
    const ambiguous = await importCsv([code(1), code(9000)], '四', 'update');
    expect(ambiguous.statusCode).toBe(400);
    expect(ambiguous.json().data.problems).toEqual([expect.objectContaining({ row: 3, message: expect.stringContaining(code(9000)) })]);
    expect((await live()).some((x) => x.endsWith('=三') || x.endsWith('=四'))).toBe(false);
  }, 120_000);
});

describe('the look-up of a re-import on SQLite', () => {
  it('reads the table in pages: no statement of the import scans the whole table on the event loop, nor checkpoints there', async () => {
    // an app of its own: the connection keeps prepared statements by their text, and this one has prepared none yet
    const t = await startTestApp('sqlite');
    const original = Database.prototype.prepare;
    const prepare = vi.spyOn(Database.prototype, 'prepare');
    // the database file's size when the automatic checkpoint goes off and when it is back: back only once the worker
    // has copied the import's log into the file (before, the next commit on the event loop copied it all)
    const file = `${t.ctx.config.dataDir}/app.sqlite`;
    const sizeAt = new Map<string, number>();
    prepare.mockImplementation(function (this: unknown, source: string) {
      const text = String(source).toLowerCase();
      if (/^pragma wal_autocheckpoint = \d+$/.test(text) && !sizeAt.has(text)) sizeAt.set(text, fs.statSync(file).size);
      return original.call(this, source);
    } as never);
    try {
      const table = await makeTable(t);
      const codes = Array.from({ length: ROWS }, (_, i) => code(i));
      for (const name of ['一', '二']) {
        const r = await t.post('/api/action/importTable/', {
          _flag: table,
          fileUrl: await upload(t, 'rows.csv', csvOf(codes, name)),
          keyColumn: 'code',
          mode: 'update',
        });
        expect(r.statusCode, r.body).toBe(200);
      }
      // the commit runs without the writer's automatic checkpoint, which a worker thread makes afterwards
      const statements = prepare.mock.calls.map(([source]) => String(source).toLowerCase());
      expect(statements).toContain('pragma wal_autocheckpoint = 0');
      expect(statements).toContain('pragma wal_autocheckpoint = 1000');
      expect(sizeAt.get('pragma wal_autocheckpoint = 1000')! - sizeAt.get('pragma wal_autocheckpoint = 0')!).toBeGreaterThan(100_000);
      expect((await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(t.ctx.conn.db)).rows[0]!.wal_autocheckpoint).toBe(1000);
      const reads = [...new Set(prepare.mock.calls.map(([source]) => String(source)))].filter((q) => /^select/i.test(q) && q.includes(`"${table}"`));
      expect(reads.length).toBeGreaterThan(0);
      const db = new Database(`${t.ctx.config.dataDir}/app.sqlite`, { readonly: true });
      try {
        for (const q of reads) {
          const plan = db.prepare(`explain query plan ${q}`).all(...Array((q.match(/\?/g) ?? []).length).fill(null)) as { detail: string }[];
          const scans = plan.filter((p) => new RegExp(`^SCAN "?${table}"?( |$)`).test(p.detail));
          // a scan is allowed only as a page: in key order, stopped after a bounded number of rows
          expect([q, scans.length === 0 || /\blimit \?$/i.test(q.trim())]).toEqual([q, true]);
        }
      } finally {
        db.close();
      }
    } finally {
      prepare.mockRestore();
      await t.close();
    }
  }, 120_000);
});
