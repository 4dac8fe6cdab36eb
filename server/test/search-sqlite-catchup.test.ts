import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Database from '../src/db/sqliteDriver.ts';
import { startTestApp, type TestApp } from './helpers.ts';
import { otherPagesMatch, serverSearch } from './searchProbe.ts';

// Issue 30, SQLite: a backlog above the mark (rows loaded from outside) is indexed by the worker thread in chunks
// (search/ftsWorker.ts), and searches meanwhile read the FTS5 index plus the rows above the mark with their `like`
// (crud/wheres.ts): the same rows and totals as a plain `like` at every mark the chunks leave, with writes by the server,
// by another connection on the file and by SQL between the chunks. The test drives the catch-up itself (settled(), its
// chunks awaiting the test's searches through afterFtsChunk): nothing runs in the background that it does not own.
const ROWS = 12_000;
const VALUES = ['批量 4242', '载入', '载', 'RareWord', 'rAREwORD', '50%', 'a_b', 'zqxv', '第', 'q 1199', 'bulkq 11999', '改名 renamedq', 'lateq', 'bulkq'];
/** the values also read in other pages and orders */
const PAGED = ['批量 4242', 'rAREwORD', '50%', '改名 renamedq', 'zqxv', 'bulkq'];
/** a backlog above the mark of this many rows or more is read as a range in one statement (crud/searchReads.ts: COMMON_HITS, SQLite having no row estimate) */
const LARGE = 5000;

describe('SQLite: searches while a bulk load is caught up by the worker (issue 30)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
  });
  afterAll(async () => {
    await t?.close();
  });

  const db = () => t.ctx.conn.db;
  /** the plain `like` of the search: its total and first 50 names in key order */
  const plain = async (value: string) => {
    const pattern = `%${value.replace(/[!%_]/g, (c) => `!${c}`)}%`;
    const where = sql`isdelete = 0 and name like ${pattern} escape '!'`;
    const total = await sql<{ n: number }>`select count(*) as n from ${sql.table('questionBank')} where ${where}`.execute(db());
    const names = await sql<{ name: string }>`select name from ${sql.table('questionBank')} where ${where} order by id limit 50`.execute(db());
    return { total: Number(total.rows[0]!.n), names: names.rows.map((r) => r.name) };
  };
  /** the server's search (no count cache: every call reads), and whether FTS5 gave its candidates */
  const search = async (value: string) => {
    const { total, names, condition: c } = await serverSearch(t, value);
    return { total, names, fts: c.fts };
  };
  /** the plain `like` of the search, a page of `row` rows in the order of the names (the key after) */
  const plainPage = async (value: string, page: number, row: number, dir: 'asc' | 'desc') => {
    const pattern = `%${value.replace(/[!%_]/g, (c) => `!${c}`)}%`;
    const where = sql`isdelete = 0 and name like ${pattern} escape '!'`;
    const total = await sql<{ n: number }>`select count(*) as n from ${sql.table('questionBank')} where ${where}`.execute(db());
    const names = await sql<{ name: string }>`select name from ${sql.table('questionBank')} where ${where}
      order by ${sql.raw(`name ${dir}, id ${dir}`)} limit ${row} offset ${(page - 1) * row}`.execute(db());
    return { total: Number(total.rows[0]!.n), names: names.rows.map((r) => r.name) };
  };
  const mark = async () => Number((await sql<{ upto: number }>`select upto from qb_search_mark where tbl = 'questionBank'`.execute(db())).rows[0]!.upto);
  const count = async (query: ReturnType<typeof sql>) => Number(((await query.execute(db())).rows[0] as { n: number }).n);
  /** searches whose total and page were read in one statement (the rows above the mark read once), and common ones read as scans */
  let onePass = 0;
  let commonScans = 0;
  const checkAll = async () => {
    const backlog = await count(sql`select count(*) as n from ${sql.table('questionBank')} where id > ${await mark()}`);
    // the FTS5 candidates of `bulkq` (every loaded row indexed so far): common from 5,000 on
    const common =
      (await count(
        sql`select count(*) as n from ${sql.table('questionBank__search')} where ${sql.table('questionBank__search')} match '"bul" AND "ulk" AND "lkq"'`,
      )) >= LARGE;
    // a save through the API may add a row above the mark during the searches: no rule checked within one row of the threshold
    const large = backlog > LARGE ? true : backlog < LARGE - 1 ? false : undefined;
    for (const v of VALUES) {
      const got = await search(v);
      const want = await plain(v);
      expect({ v, total: got.total, names: got.names }).toEqual({ v, total: want.total, names: want.names });
      // three characters and more: through FTS5 (the rows above the mark read with the like), but a common search while the
      // backlog is large, which reads the table in two halves
      const scanned = v === 'bulkq' && common && large;
      if (v !== 'bulkq' || large !== undefined)
        expect({ v, fts: got.fts }).toEqual({ v, fts: [...v].length >= 3 && !scanned ? 'questionBank__search' : undefined });
      if (scanned) commonScans++;
      // other pages and orders: the plain like's; read in one statement exactly when the search reads a large backlog
      // above the mark through FTS5
      if (PAGED.includes(v)) onePass += await otherPagesMatch(t, v, plainPage, large === undefined ? undefined : large && got.fts !== undefined);
    }
  };

  it('gives the rows and totals of a plain like at every chunk, with writes between and during the chunks', async () => {
    await t.ctx.crud.searchUpkeep.settled();
    const file = path.join(t.dataDir, 'app.sqlite');
    // by SQL outside the crud: no catch-up asked for, every row above the mark
    await sql`with recursive n(i) as (select 0 union all select i + 1 from n where i < ${ROWS - 1})
      insert into ${sql.table('questionBank')} (${sql.ref('parentId')}, ${sql.ref('typeId')}, name, isdelete)
      select 1, 1, '批量载入 bulkq ' || i || case when i % 1000 = 7 then ' RareWord' when i % 1000 = 8 then ' 50% a_b' else '' end, 0 from n`.execute(db());
    const start = await mark();
    const hi = Number((await sql<{ id: number }>`select max(id) as id from ${sql.table('questionBank')}`.execute(db())).rows[0]!.id);
    expect(hi - start).toBeGreaterThanOrEqual(ROWS);
    await checkAll();

    const other = new Database(file);
    other.pragma('busy_timeout = 5000');
    const marks: number[] = [];
    const saves: Promise<unknown>[] = [];
    t.ctx.crud.searchUpkeep.afterFtsChunk = async () => {
      const m = await mark();
      marks.push(m);
      if (marks.length === 1) {
        // below the mark (its triggers keep the index in step) and above it, by SQL and by another connection on the file
        await sql`update ${sql.table('questionBank')} set name = '改名 renamedq' where id = ${start + 1}`.execute(db());
        other.prepare(`update questionBank set name = '改名 renamedq 2' where id = ?`).run(hi - 1);
        other.prepare(`delete from questionBank where id = ?`).run(start + 2);
        // a save through the API, not awaited: it queues for the writer connection while the next chunk holds it
        saves.push(t.post('/api/action/save/', { _flag: 'questionBank', params: { parentId: 1, typeId: 1, name: '晚到的行 lateq' } }));
      }
      await checkAll();
    };
    // one chunk per round: the test searches between chunks
    t.ctx.crud.searchUpkeep.ftsRound = { roundMs: 0, chunkMs: 30, minRows: 500, maxRows: 4000 };
    try {
      t.ctx.crud.searchUpkeep.written(['questionBank']);
      await t.ctx.crud.searchUpkeep.settled();
    } finally {
      t.ctx.crud.searchUpkeep.afterFtsChunk = undefined;
      t.ctx.crud.searchUpkeep.ftsRound = undefined;
      other.close();
    }
    for (const res of (await Promise.all(saves)) as { statusCode: number }[]) expect(res.statusCode).toBe(200);
    // the worker's chunks: several, the mark moving up each time, the searches exact at each (checkAll above)
    expect(marks.length).toBeGreaterThan(1);
    expect(marks).toEqual([...marks].sort((a, b) => a - b));
    expect(new Set(marks).size).toBe(marks.length);
    expect(onePass).toBeGreaterThan(0);
    const end = Number((await sql<{ id: number }>`select max(id) as id from ${sql.table('questionBank')}`.execute(db())).rows[0]!.id);
    expect(await mark()).toBe(end);
    await checkAll();
    // the index holds every row once, with its current text (FTS5's integrity check against the table)
    await sql`insert into ${sql.table('questionBank__search')} (${sql.ref('questionBank__search')}, rank) values ('integrity-check', 1)`.execute(db());
    expect((await search('renamedq 2')).names).toEqual(['改名 renamedq 2']);
    expect((await search('lateq')).total).toBe(1);

    // a second load above the mark (a backlog of a scan's worth, no catch-up asked for): now every row of the first is
    // indexed, so `bulkq` has 12,000 FTS5 candidates and is read as a scan; the rare searches read the backlog in one statement
    await sql`with recursive n(i) as (select 0 union all select i + 1 from n where i < 5999)
      insert into ${sql.table('questionBank')} (${sql.ref('parentId')}, ${sql.ref('typeId')}, name, isdelete)
      select 1, 1, '第二批 bulkq ' || i, 0 from n`.execute(db());
    onePass = 0;
    await checkAll();
    expect(commonScans).toBeGreaterThan(0);
    expect(onePass).toBeGreaterThan(0);
  });
});
