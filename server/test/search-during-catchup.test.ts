import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../src/db/connection.ts';
import { startTestApp, type TestApp } from './helpers.ts';
import { serverSearch } from './searchProbe.ts';

// Issue 30 #1 and #3: searches while a bulk load from outside is being caught up (the side table remade on
// PostgreSQL, the grams remade on MariaDB/MySQL). The rows are loaded by SQL, the catch-up runs, and searches run
// over and over until it ends: each one gives the rows and total of a plain `like` (PostgreSQL: `ilike`) — Chinese,
// Latin in mixed case, `%`, `_`, one and two characters, absent — before, during and after the catch-up. How they are
// read meanwhile (since the fifth pass: the index's hits plus the loaded range's rows with their `like`, or a scan for
// a common one) is the subject of search-pg-catchup.test.ts and search-grams-range.test.ts, which drive the catch-up
// step by step; here it runs on its own.
const cases: [Engine, string | undefined][] = [
  ['postgres', process.env.TEST_PG_URL],
  ['mysql', process.env.TEST_MYSQL_URL],
];
const ROWS = 20_000;
const VALUES = ['批量 4242', '载入', '载', 'RareWord', 'rAREwORD', '50%', 'a_b', 'zqxv', '第', 'q 1999'];

for (const [engine, url] of cases) {
  describe.skipIf(!url)(`${engine}: searches while a bulk load is caught up (issue 30)`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(engine, url);
    });
    afterAll(async () => {
      await t?.close();
    });

    const db = () => t.ctx.conn.db;
    const qb = () => (engine === 'postgres' ? sql.ref('questionBank') : sql.table('questionBank'));
    /** the plain `like` of the search: its total and first 50 names in key order */
    const plain = async (value: string) => {
      const pattern = `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const where = engine === 'postgres' ? sql`name ilike ${pattern}` : sql`name like ${pattern}`;
      const total = await sql<{ n: number }>`select count(*) as n from ${qb()} where isdelete = 0 and ${where}`.execute(db());
      const names = await sql<{ name: string }>`select name from ${qb()} where isdelete = 0 and ${where} order by id limit 50`.execute(db());
      return { total: Number(total.rows[0]!.n), names: names.rows.map((r) => r.name) };
    };
    /** the server's search: its total and page (no count cache: every call reads), and whether an index gave its candidates */
    const search = async (value: string) => {
      const { total, names, condition: c } = await serverSearch(t, value);
      return { total, names, indexed: c.side !== undefined || c.grams !== undefined };
    };

    it('gives the rows and totals of a plain like before, during and after the catch-up', async () => {
      await t.ctx.crud.searchUpkeep.settled();
      // every catch-up of this queue is a bulk one (a range indexed or the index remade), whoever starts it (a search through the index asks for one too)
      t.ctx.crud.searchUpkeep.bulkFrom = 1000;
      const name =
        engine === 'postgres'
          ? sql`'批量载入 bulkq ' || i || case when i % 1000 = 7 then ' RareWord' when i % 1000 = 8 then ' 50% a_b' else '' end`
          : sql`concat('批量载入 bulkq ', i, case when i % 1000 = 7 then ' RareWord' when i % 1000 = 8 then ' 50% a_b' else '' end)`;
      const numbers = engine === 'postgres' ? sql`generate_series(0, ${ROWS - 1}) as n(i)` : sql`(select seq as i from ${sql.table(`seq_0_to_${ROWS - 1}`)}) n`;
      // by SQL outside the crud: no catch-up asked for
      await sql`insert into ${qb()} (${sql.ref('parentId')}, ${sql.ref('typeId')}, name, isdelete) select 1, 1, ${name}, 0 from ${numbers}`.execute(db());
      const expected = new Map<string, Awaited<ReturnType<typeof plain>>>();
      for (const v of VALUES) expected.set(v, await plain(v));
      expect(expected.get('RareWord')!.total).toBe(ROWS / 1000);
      const check = async (value: string) => {
        const got = await search(value);
        const want = expected.get(value)!;
        expect({ value, total: got.total, names: got.names }).toEqual({ value, total: want.total, names: want.names });
        return got;
      };
      // before: a queue of 20,000 ids (more than a scan's worth) not yet caught up
      for (const v of VALUES) await check(v);
      try {
        let done = false;
        const caughtUp = t.ctx.crud.searchUpkeep.catchUp('questionBank').finally(() => (done = true));
        let during = 0;
        for (let k = 0; !done; k++) {
          const v = VALUES[k % VALUES.length]!;
          await check(v);
          if (!done) during++;
        }
        await caughtUp;
        // the searches ran while the index was being remade, not only before or after it
        expect(during).toBeGreaterThan(0);
        await t.ctx.crud.searchUpkeep.settled();
      } finally {
        t.ctx.crud.searchUpkeep.bulkFrom = 50_000;
      }
      expect(Number((await sql<{ n: number }>`select count(*) as n from ${sql.table('sys_searchq__questionBank')}`.execute(db())).rows[0]!.n)).toBe(0);
      // after: through the index again (a common one, 载入, reads the table), the same rows
      for (const v of VALUES) await check(v);
      expect((await search('RareWord')).indexed).toBe(true);
      expect((await search('q 1999')).indexed).toBe(true);
    });
  });
}
