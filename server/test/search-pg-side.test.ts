import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContext } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openConnection } from '../src/db/connection.ts';
import { migrate } from '../src/db/migrations/index.ts';
import { seed } from '../src/seed/seed.ts';
import { SYSTEM } from '../src/access/index.ts';
import { ADMIN_PASSWORD, freshDatabase, startSecondInstance, startTestApp, type TestApp } from './helpers.ts';

// PostgreSQL's search index off the write path (migration 0010, docs/search.md "Write path"): the trigram indexes sit
// on a side table `sys_search__<t>`, caught up after the commit from the queue `sys_searchq__<t>` that statement
// triggers fill in the writing transaction. A search is exact at every moment: side hits plus queued ids, the base
// row's `ilike` decides. These tests write outside the server (raw SQL on other connections) on purpose.
const url = process.env.TEST_PG_URL;

describe.skipIf(!url)('PostgreSQL search through the side table (migration 0010)', () => {
  let t: TestApp;
  let schema: string;
  /** a connection outside the server, on the default search_path: it names the schema */
  let outside: pg.Client;
  let other: pg.Client;
  beforeAll(async () => {
    t = await startTestApp('postgres', url);
    schema = (await sql<{ s: string }>`select current_schema() as s`.execute(t.ctx.conn.db)).rows[0]!.s;
    outside = new pg.Client({ connectionString: url });
    other = new pg.Client({ connectionString: url });
    await outside.connect();
    await other.connect();
  });
  afterAll(async () => {
    await outside?.end();
    await other?.end();
    await t?.close();
  });

  const qb = () => `"${schema}"."questionBank"`;
  /** names found by a contains-search on questionBank.name (every row), with the total checked against the page */
  const found = async (value: string) => {
    const res = await t.select('questionBank', { row: '100', wheres: { name: { type: 'like', value } } });
    expect(res.body.status).toBe(200);
    const names = res.body.data.map((r: { name: string }) => r.name).sort();
    expect(res.body.total).toBe(names.length);
    return names;
  };
  const count = async (query: string) => Number((await sql.raw<{ n: number }>(query).execute(t.ctx.conn.db)).rows[0]!.n);
  const pendingIds = async () =>
    (await sql<{ id: number }>`select id from ${sql.table('sys_searchq__questionBank')} order by id`.execute(t.ctx.conn.db)).rows.map((r) => Number(r.id));
  const sideText = async (id: number) =>
    (await sql<{ name: string }>`select name from ${sql.table('sys_search__questionBank')} where id = ${id}`.execute(t.ctx.conn.db)).rows[0]?.name;
  const insertOutside = async (client: pg.Client, name: string) =>
    Number((await client.query(`insert into ${qb()} ("parentId", "typeId", name, isdelete) values (1, 1, $1, 0) returning id`, [name])).rows[0].id);

  it('has the trigram index on the side table, none on the base table, and searches through it', async () => {
    expect(
      await count(`select count(*) as n from pg_indexes where schemaname = current_schema() and tablename = 'questionBank' and indexdef like '%gin_trgm_ops%'`),
    ).toBe(0);
    expect(await count(`select count(*) as n from pg_indexes where schemaname = current_schema() and indexname = 'ix_sys_search__questionBank_0'`)).toBe(1);
    expect([...(await t.ctx.crud.searchIndexes.sideColumns('questionBank'))]).toEqual(['name']);
    expect([...(await t.ctx.crud.searchIndexes.sideColumns('sys_member'))].sort()).toEqual(['name', 'phone']);
    const plan = t.ctx.crud.planSelect({ _flag: 'questionBank', wheres: JSON.stringify({ name: { type: 'like', value: '信号传' } }) }, SYSTEM);
    await t.ctx.crud.readPage(plan);
    expect(plan.conditions[0]!.side).toBe('sys_search__questionBank');
  });

  it('finds a row inserted by another connection at once, and not after it is changed or deleted', async () => {
    await t.ctx.crud.searchUpkeep.catchUp('questionBank');
    const id = await insertOutside(outside, '外部插入的题目 outsideq1');
    // queued, not yet in the side table, found
    expect(await pendingIds()).toContain(id);
    expect(await sideText(id)).toBeUndefined();
    expect(await found('插入的题目 outsideq')).toEqual(['外部插入的题目 outsideq1']);
    // updated so that it no longer matches (still queued: found by its new text only)
    await outside.query(`update ${qb()} set name = $1 where id = $2`, ['外部改过的题目 changedq', id]);
    expect(await found('插入的题目 outsideq1')).toEqual([]);
    expect(await found('改过的题目 changedq')).toEqual(['外部改过的题目 changedq']);
    // caught up: the side table holds the new text, the queue is empty, the same answers
    await t.ctx.crud.searchUpkeep.catchUp('questionBank');
    expect(await pendingIds()).toEqual([]);
    expect(await sideText(id)).toBe('外部改过的题目 changedq');
    expect(await found('外部插入的题目 outs')).toEqual([]);
    expect(await found('外部改过的题目 chan')).toEqual(['外部改过的题目 changedq']);
    // changed again after the catch-up: the side row is stale until the next one, the queue makes up for it
    await outside.query(`update ${qb()} set name = $1 where id = $2`, ['再改一次 againq', id]);
    expect(await sideText(id)).toBe('外部改过的题目 changedq');
    expect(await found('过的题目 changedq')).toEqual([]);
    expect(await found('再改一次 aga')).toEqual(['再改一次 againq']);
    // deleted by another connection: not found, before and after the catch-up, and gone from the side table
    await outside.query(`delete from ${qb()} where id = $1`, [id]);
    expect(await found('改一次 againq')).toEqual([]);
    await t.ctx.crud.searchUpkeep.catchUp('questionBank');
    expect(await sideText(id)).toBeUndefined();
    expect(await found('再改一次 again')).toEqual([]);
  });

  it('queues an update only when the id or the searched text changes', async () => {
    await t.ctx.crud.searchUpkeep.catchUp('questionBank');
    const id = await insertOutside(outside, '只改分类 onlyparentq');
    await t.ctx.crud.searchUpkeep.catchUp('questionBank');
    await outside.query(`update ${qb()} set "parentId" = 2 where id = $1`, [id]);
    expect(await pendingIds()).toEqual([]);
    await outside.query(`update ${qb()} set id = $1 where id = $2`, [id + 100_000, id]);
    expect(await pendingIds()).toEqual([id, id + 100_000]);
    expect(await found('只改分类 onlyparent')).toEqual(['只改分类 onlyparentq']);
    await t.ctx.crud.searchUpkeep.catchUp('questionBank');
    expect(await sideText(id)).toBeUndefined();
    expect(await sideText(id + 100_000)).toBe('只改分类 onlyparentq');
    await outside.query(`delete from ${qb()} where id = $1`, [id + 100_000]);
  });

  it('finds both rows of two transactions committing out of id order, before and after the catch-up', async () => {
    // any catch-up an earlier write scheduled runs now: the one below is the only one that takes these rows
    await t.ctx.crud.searchUpkeep.settled();
    await t.ctx.crud.searchUpkeep.catchUp('questionBank');
    await outside.query('begin');
    const first = await insertOutside(outside, '并发事务甲 concurrentq');
    await other.query('begin');
    const second = await insertOutside(other, '并发事务乙 concurrentq');
    expect(second).toBeGreaterThan(first);
    // the higher id commits first and is caught up while the lower one is still open
    await other.query('commit');
    expect(await t.ctx.crud.searchUpkeep.catchUp('questionBank')).toBe(1);
    expect(await sideText(second)).toBe('并发事务乙 concurrentq');
    expect(await found('事务乙 concurrentq')).toEqual(['并发事务乙 concurrentq']);
    await outside.query('commit');
    // the lower id, committed after a catch-up that went past it: queued, found at once
    expect(await pendingIds()).toEqual([first]);
    expect(await found('concurrentq')).toEqual(['并发事务乙 concurrentq', '并发事务甲 concurrentq']);
    await t.ctx.crud.searchUpkeep.catchUp('questionBank');
    expect(await pendingIds()).toEqual([]);
    expect(await sideText(first)).toBe('并发事务甲 concurrentq');
    expect(await found('oncurrentq')).toEqual(['并发事务乙 concurrentq', '并发事务甲 concurrentq']);
  });

  it('catches the side table up after a burst of saves and an import, two instances at once', async () => {
    const second = await startSecondInstance(t);
    try {
      const saves = Array.from({ length: 20 }, (_, k) =>
        t.post('/api/action/save/', { _flag: 'questionBank', params: { parentId: 1, typeId: 1, name: `连发保存 burstq ${k}` } }),
      );
      await Promise.all([
        ...saves,
        t.ctx.crud.writeTransaction(['questionBank'], async (trx) => {
          for (let from = 0; from < 12_000; from += 500) {
            await trx
              .insertInto('questionBank')
              .values(Array.from({ length: 500 }, (_, k) => ({ parentId: 1, typeId: 1, name: `批量导入 burstq ${from + k}`, isdelete: 0 })))
              .execute();
          }
        }),
      ]);
      // before the catch-up: every row found (most of them from the queue)
      expect((await found('连发保存 burstq')).length).toBe(20);
      const total = await t.select('questionBank', { row: '1', wheres: { name: { type: 'like', value: '批量导入 burstq' } } });
      expect(total.body.total).toBe(12_000);
      // both instances catch up at once (they take turns per batch); then the side table is the base table's text
      second.ctx.crud.searchUpkeep.written(['questionBank']);
      await Promise.all([t.ctx.crud.searchUpkeep.settled(), second.ctx.crud.searchUpkeep.settled()]);
      expect(await pendingIds()).toEqual([]);
      expect(
        await count(
          `select count(*) as n from "questionBank" b full join "sys_search__questionBank" s on s.id = b.id where b.id is null or s.id is null or b.name is distinct from s.name`,
        ),
      ).toBe(0);
      const again = await t.select('questionBank', { row: '1', wheres: { name: { type: 'like', value: '批量导入 burstq 1' } } });
      expect(again.body.total).toBe(1 + 10 + 100 + 1000 + 2000); // 1, 10-19, 100-199, 1000-1999, 10000-11999
      // a common search, its total known: its page walks the key order (crud/searchReads.ts walkedPlan), the same rows
      await sql`analyze "questionBank"`.execute(t.ctx.conn.db);
      const common = { row: '20', wheres: { name: { type: 'like', value: '批量导入 burstq' } } };
      const firstPage = await t.select('questionBank', common);
      // 12,000 hits (at least 5,000 and one row in a hundred): read from the table, not hit by hit (crud/reads.ts
      // commonOnSide), whether its total is known or not; a rare search goes through the side table
      t.ctx.crud.counts.invalidate('questionBank');
      const plan = t.ctx.crud.planSelect({ _flag: 'questionBank', row: '20', wheres: JSON.stringify(common.wheres) }, SYSTEM);
      await t.ctx.crud.readPage(plan);
      expect(plan.conditions[0]!.side).toBeUndefined();
      const rare = t.ctx.crud.planSelect(
        { _flag: 'questionBank', row: '20', wheres: JSON.stringify({ name: { type: 'like', value: '批量导入 burstq 11999' } }) },
        SYSTEM,
      );
      expect((await t.ctx.crud.readPage(rare)).map((r) => r.name)).toHaveLength(1);
      expect(rare.conditions[0]!.side).toBe('sys_search__questionBank');
      const secondPage = await t.select('questionBank', common);
      expect(secondPage.body.data.map((r: { id: number }) => r.id)).toEqual(firstPage.body.data.map((r: { id: number }) => r.id));
      expect(secondPage.body.data).toHaveLength(20);
    } finally {
      await second.close();
    }
  }, 60_000);

  it('migrates a database made at 0009 with rows: every row kept, indexed in the side tables, the base GIN indexes dropped', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qb-side-'));
    const database = await freshDatabase('postgres', url, dataDir);
    const conn = openConnection(database.url, dataDir);
    try {
      await migrate(conn.db, conn.engine, '0009_rate_limits');
      await conn.db
        .insertInto('questionBank')
        .values(Array.from({ length: 50 }, (_, k) => ({ parentId: 1, typeId: 1, name: `升级前的题目 beforeq ${k}`, isdelete: k % 10 === 0 ? 1 : 0 })))
        .execute();
      await conn.db.insertInto('sys_member').values({ name: '会员甲 memberq', phone: '19912345678' }).execute();
      const before = await conn.db.selectFrom('questionBank').selectAll().orderBy('id').execute();
      expect(await count0(conn.db, `select count(*) as n from pg_indexes where schemaname = current_schema() and indexdef like '%gin_trgm_ops%'`)).toBe(9);
      await migrate(conn.db, conn.engine);
      // the rows as they were, column by column (a later migration may add columns)
      const after = await conn.db.selectFrom('questionBank').selectAll().orderBy('id').execute();
      expect(after.map((r) => Object.fromEntries(Object.keys(before[0]!).map((k) => [k, r[k as keyof typeof r]])))).toEqual(before);
      expect(
        await count0(
          conn.db,
          `select count(*) as n from pg_indexes where schemaname = current_schema() and indexdef like '%gin_trgm_ops%' and tablename not like 'sys!_search!_!_%' escape '!'`,
        ),
      ).toBe(0);
      expect(await count0(conn.db, `select count(*) as n from pg_indexes where schemaname = current_schema() and indexdef like '%gin_trgm_ops%'`)).toBe(9);
      expect(await count0(conn.db, `select count(*) as n from "sys_search__questionBank"`)).toBe(50);
      expect(await count0(conn.db, `select count(*) as n from "sys_searchq__questionBank"`)).toBe(0);
      await seed(conn.db, conn.engine, ADMIN_PASSWORD);
      const ctx = createContext(loadConfig({ DATA_DIR: dataDir, CAPTCHA: 'off', LOG_LEVEL: 'silent', DATABASE_URL: database.url! }), conn);
      const plan = ctx.crud.planSelect(
        { _flag: 'questionBank', row: '100', wheres: JSON.stringify({ name: { type: 'like', value: '题目 BEFOREQ 1' } }) },
        SYSTEM,
      );
      const names = (await ctx.crud.readPage(plan)).map((r) => String(r.name)).sort();
      // 1 and 11-19 (10 is deleted)
      expect(names).toEqual([1, 11, 12, 13, 14, 15, 16, 17, 18, 19].map((k) => `升级前的题目 beforeq ${k}`).sort());
      expect(plan.conditions[0]!.side).toBe('sys_search__questionBank');
      const member = ctx.crud.planSelect({ _flag: 'sys_member', wheres: JSON.stringify({ phone: { type: 'like', value: '9912345' } }) }, SYSTEM);
      expect((await ctx.crud.readPage(member)).map((r) => r.name)).toEqual(['会员甲 memberq']);
    } finally {
      await conn.close();
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

async function count0(db: import('../src/db/connection.ts').AnyDb, query: string): Promise<number> {
  return Number((await sql.raw<{ n: number }>(query).execute(db)).rows[0]!.n);
}
