import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers.ts';
import { otherPagesMatch, serverSearch } from './searchProbe.ts';

// Issue 30, fifth pass, PostgreSQL: a bulk load's range is indexed in range partitions attached group by group
// (search/pgSide.ts bulkCatchUp), and searches meanwhile read the side table, the base rows from its open partition up
// with their `ilike` and the queued ids below it (crud/wheres.ts): the same rows and totals as a plain `ilike` after every
// group, with rows renamed by SQL below and inside the range between groups and a transaction open across the catch-up.
// The test drives the catch-up itself (settled(), each group awaiting the test's searches through sideChunks.after).
const url = process.env.TEST_PG_URL;
const ROWS = 12_000;
/** the values also read in other pages and orders */
const PAGED = ['批量 4242', 'rAREwORD', '50%', 'renamedq', 'zqxv'];
const VALUES = ['批量 4242', '载入', '载', 'RareWord', 'rAREwORD', '50%', 'a_b', 'zqxv', '第', 'q 1199', 'bulkq 11999', 'renamedq', 'lateq', 'markerq'];

describe.skipIf(!url)('PostgreSQL: searches while a bulk load is caught up in range partitions (issue 30)', () => {
  let t: TestApp;
  let other: pg.Client;
  beforeAll(async () => {
    t = await startTestApp('postgres', url);
    other = new pg.Client({ connectionString: url });
    await other.connect();
    await other.query(`set search_path to "${(await sql<{ s: string }>`select current_schema() as s`.execute(t.ctx.conn.db)).rows[0]!.s}"`);
  });
  afterAll(async () => {
    await other?.end();
    await t?.close();
  });

  const db = () => t.ctx.conn.db;
  const qb = sql.table('questionBank');
  const one = async (query: ReturnType<typeof sql>) => Number(((await query.execute(db())).rows[0] as { n: number }).n);
  /** the plain `ilike` of the search: its total and first 50 names in key order */
  const plain = async (value: string) => {
    const pattern = `%${value.replace(/[!%_]/g, (c) => `!${c}`)}%`;
    const where = sql`isdelete = 0 and name ilike ${pattern} escape '!'`;
    const total = await one(sql`select count(*) as n from ${qb} where ${where}`);
    const names = await sql<{ name: string }>`select name from ${qb} where ${where} order by id limit 50`.execute(db());
    return { total, names: names.rows.map((r) => r.name) };
  };
  /** the server's search (no count cache: every call reads), and how: through the side table, from which bound the table is read */
  const search = async (value: string) => {
    const { total, names, condition: c } = await serverSearch(t, value);
    return { total, names, side: c.side, from: c.sideFrom };
  };
  /** the plain `ilike` of the search, a page of `row` rows in the order of the names (the key after) */
  const plainPage = async (value: string, page: number, row: number, dir: 'asc' | 'desc') => {
    const pattern = `%${value.replace(/[!%_]/g, (c) => `!${c}`)}%`;
    const where = sql`isdelete = 0 and name ilike ${pattern} escape '!'`;
    const order = sql.raw(`name ${dir}, id ${dir}`);
    const names = await sql<{ name: string }>`select name from ${qb} where ${where} order by ${order} limit ${row} offset ${(page - 1) * row}`.execute(db());
    return { total: await one(sql`select count(*) as n from ${qb} where ${where}`), names: names.rows.map((r) => r.name) };
  };
  const queued = () => one(sql`select count(*) as n from ${sql.table('sys_searchq__questionBank')}`);
  const ways: { queued: number; side?: string; from?: number }[] = [];
  /** searches whose total and page were read in one statement (the loaded range read once) */
  let onePass = 0;
  const checkAll = async () => {
    const q = await queued();
    for (const v of VALUES) {
      const got = await search(v);
      const want = await plain(v);
      expect({ v, total: got.total, names: got.names }).toEqual({ v, total: want.total, names: want.names });
      if (v === 'bulkq 11999') ways.push({ queued: q, side: got.side, from: got.from });
      // other pages and orders of the same search: the plain ilike's; read in one statement exactly when the search reads
      // the loaded range (a bound)
      if (PAGED.includes(v)) onePass += await otherPagesMatch(t, v, plainPage, got.from !== undefined);
    }
  };

  it('gives the rows and totals of a plain ilike after every group of partitions, with writes between them', { timeout: 120_000 }, async () => {
    const upkeep = t.ctx.crud.searchUpkeep;
    await upkeep.settled();
    // a row indexed before the load, renamed during it (below the range)
    const marker = await one(sql`insert into ${qb} ("parentId", "typeId", name, isdelete) values (1, 1, '标记行 markerq', 0) returning id as n`);
    await upkeep.catchUp('questionBank');
    // every catch-up from here on is the test's: a search's notice may start one in the background (then its first pair
    // waits for the gate), the test starts it otherwise
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let groups = 0;
    upkeep.bulkFrom = 1000;
    upkeep.sideChunks = {
      ids: 1500,
      after: async () => {
        await gate;
        groups++;
        if (groups === 1) {
          // below the range, inside the range attached, inside the range not yet attached, a row deleted
          await sql`update ${qb} set name = '标记行 markerq renamedq' where id = ${marker}`.execute(db());
          await sql`update ${qb} set name = '改名 renamedq 1' where id = ${lo + 1}`.execute(db());
          await sql`update ${qb} set name = '改名 renamedq 2' where id = ${hi - 1}`.execute(db());
          await sql`delete from ${qb} where id = ${lo + 2}`.execute(db());
        }
        await checkAll();
      },
    };
    // by SQL outside the crud: every row queued
    await other.query(`insert into "questionBank" ("parentId", "typeId", name, isdelete)
      select 1, 1, '批量载入 bulkq ' || i || case when i % 1000 = 7 then ' RareWord' when i % 1000 = 8 then ' 50% a_b' else '' end, 0
      from generate_series(0, ${ROWS - 1}) as i`);
    const lo = marker + 1;
    const hi = await one(sql`select max(id) as n from ${qb}`);
    expect(hi - lo + 1).toBe(ROWS);
    expect(await queued()).toBe(ROWS);
    await checkAll();

    // a transaction open across the catch-up: its insert and update are not visible to it and stay queued
    await other.query('begin');
    const late = Number(
      (await other.query(`insert into "questionBank" ("parentId", "typeId", name, isdelete) values (1, 1, '晚到的行 lateq', 0) returning id`)).rows[0].id,
    );
    await other.query(`update "questionBank" set name = '改名 renamedq 3' where id = $1`, [hi - 2]);
    release();
    try {
      upkeep.written(['questionBank']);
      await upkeep.settled();
    } finally {
      upkeep.bulkFrom = 50_000;
      upkeep.sideChunks = {};
    }
    // four groups of two partitions of 1,500 ids; searches exact after each (checkAll)
    expect(groups).toBe(4);
    // while the queue held a scan's worth of ids: through the side table, the table read from the open partition's bound up,
    // the bound moving up group by group; with fewer queued, the queued ids as candidates
    const large = ways.filter((w) => w.queued >= 5000);
    expect(large.length).toBeGreaterThanOrEqual(2);
    for (const w of large.slice(1)) expect(w.side).toBe('sys_search__questionBank');
    const bounds = large.slice(1).map((w) => w.from!);
    expect(bounds).toEqual([...bounds].sort((a, b) => a - b));
    expect(new Set(bounds).size).toBe(bounds.length);
    expect(bounds[0]).toBeGreaterThan(lo);
    // the searches reading the range read it once (page and total in one statement)
    expect(onePass).toBeGreaterThan(0);
    // the side table by range: the table as it was, the loaded range in 8 partitions, the open one above
    expect(await one(sql`select count(*) as n from pg_inherits where inhparent = '"sys_search__questionBank"'::regclass`)).toBe(10);

    await other.query('commit');
    expect(
      (await sql<{ id: number }>`select id from ${sql.table('sys_searchq__questionBank')} order by id`.execute(db())).rows.map((r) => Number(r.id)),
    ).toEqual(expect.arrayContaining([hi - 2, late]));
    await checkAll();
    await upkeep.catchUp('questionBank');
    expect(await queued()).toBe(0);
    // every row once in the side table with its current text
    expect(
      await one(sql`select count(*) as n from ${qb} b full join ${sql.table('sys_search__questionBank')} s on s.id = b.id
        where b.id is null or s.id is null or b.name is distinct from s.name`),
    ).toBe(0);
    await checkAll();
    expect((await search('bulkq 11999')).side).toBe('sys_search__questionBank');

    // a second load: only its range indexed, above the open partition's bound
    await other.query(
      `insert into "questionBank" ("parentId", "typeId", name, isdelete) select 1, 1, '第二批 bulkq2 ' || i, 0 from generate_series(0, 2999) as i`,
    );
    upkeep.bulkFrom = 1000;
    try {
      expect(await upkeep.catchUp('questionBank')).toBe(3000);
    } finally {
      upkeep.bulkFrom = 50_000;
    }
    expect(await one(sql`select count(*) as n from pg_inherits where inhparent = '"sys_search__questionBank"'::regclass`)).toBe(11);
    expect((await search('bulkq2 2999')).names).toEqual(['第二批 bulkq2 2999']);
    await checkAll();
  });
});
