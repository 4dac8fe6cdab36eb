import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../src/access/index.ts';
import { startTestApp, type TestApp } from './helpers.ts';

// Issue 30 #1: rows arriving from outside in bulk (an `INSERT … SELECT` while the server was stopped, a large import).
// PostgreSQL: a queue longer than a scan reads is read as a scan until the side table is partitioned by range (then the
// loaded range is read with the search's like: test/search-pg-catchup.test.ts); a long queue is caught up in bulk, only
// the loaded range indexed in partitions of its own, exact while other transactions write. SQLite: many rows above the mark are read as a range of the
// key with the search's like, beside the FTS5 hits (test/search-sqlite-catchup.test.ts: during the worker's catch-up).
const url = process.env.TEST_PG_URL;

describe.skipIf(!url)('PostgreSQL: a bulk load from outside (issue 30)', () => {
  let t: TestApp;
  let schema: string;
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
  const count = async (query: string) => Number((await sql.raw<{ n: number }>(query).execute(t.ctx.conn.db)).rows[0]!.n);
  /** the plan's search condition after a read (side set: read through the side table), its names and total */
  const search = async (value: string) => {
    const wheres = JSON.stringify({ name: { type: 'like', value } });
    const plan = t.ctx.crud.planSelect({ _flag: 'questionBank', row: '50', wheres }, SYSTEM);
    const names = (await t.ctx.crud.readPage(plan)).map((r) => String(r.name)).sort();
    const res = await t.select('questionBank', { row: '50', wheres: { name: { type: 'like', value } } });
    expect(res.body.total).toBe(await count(`select count(*) as n from ${qb()} where isdelete = 0 and name ilike '%${value.replace(/'/g, "''")}%'`));
    return { side: plan.conditions[0]!.side, names, total: res.body.total as number };
  };
  const bulkLoad = (from: number, rows: number) =>
    outside.query(`insert into ${qb()} ("parentId", "typeId", name, isdelete)
      select 1, 1, '批量载入 bulkq ' || i || case when i % 1000 = 7 then ' RareWord' else '' end, 0 from generate_series(${from}, ${from + rows - 1}) as i`);

  it('reads a search as a scan while the queue holds more ids than a scan reads, exact before and after the catch-up', async () => {
    await t.ctx.crud.searchUpkeep.settled();
    await bulkLoad(0, 6000);
    expect(await count(`select count(*) as n from "sys_searchq__questionBank"`)).toBe(6000);
    // 6,000 queued ids (at least 5,000 and one row in a hundred): a scan, the same rows as ilike
    const during = await search('bulkq 4242');
    expect(during.side).toBeUndefined();
    expect(during.names).toEqual(['批量载入 bulkq 4242']);
    expect((await search('rareword')).total).toBe(6);
    await t.ctx.crud.searchUpkeep.catchUp('questionBank');
    const after = await search('bulkq 4242');
    expect(after.side).toBe('sys_search__questionBank');
    expect(after.names).toEqual(['批量载入 bulkq 4242']);
  });

  it('catches a long queue up in range partitions, exact with writes of other transactions meanwhile', async () => {
    t.ctx.crud.searchUpkeep.bulkFrom = 1000;
    try {
      await t.ctx.crud.searchUpkeep.settled();
      await bulkLoad(10_000, 3000);
      const [changed] = (await outside.query(`select id from ${qb()} where name = '批量载入 bulkq 10001'`)).rows as { id: number }[];
      // a transaction open across the remake: its insert and update are not visible to it, and stay queued
      await other.query('begin');
      const late = Number(
        (await other.query(`insert into ${qb()} ("parentId", "typeId", name, isdelete) values (1, 1, '晚到的行 lateq', 0) returning id`)).rows[0].id,
      );
      await other.query(`update ${qb()} set name = '改名了 renamedq' where id = $1`, [changed!.id]);
      const oid = await count(`select '"sys_search__questionBank"'::regclass::oid as n`);
      expect(await t.ctx.crud.searchUpkeep.catchUp('questionBank')).toBe(3000);
      // partitioned by range (a new table under the old name), every committed row caught up
      expect(await count(`select '"sys_search__questionBank"'::regclass::oid as n`)).not.toBe(oid);
      expect(await count(`select count(*) as n from "sys_searchq__questionBank"`)).toBe(0);
      await other.query('commit');
      expect(
        (await sql<{ id: number }>`select id from ${sql.table('sys_searchq__questionBank')} order by id`.execute(t.ctx.conn.db)).rows.map((r) => Number(r.id)),
      ).toEqual([Number(changed!.id), late].sort((a, b) => a - b));
      // found by their new text before their own catch-up, by the side table after it
      expect((await search('lateq')).names).toEqual(['晚到的行 lateq']);
      expect((await search('renamedq')).names).toEqual(['改名了 renamedq']);
      expect((await search('bulkq 10001')).names).toEqual([]);
      await t.ctx.crud.searchUpkeep.catchUp('questionBank');
      expect(
        await count(
          `select count(*) as n from "questionBank" b full join "sys_search__questionBank" s on s.id = b.id where b.id is null or s.id is null or b.name is distinct from s.name`,
        ),
      ).toBe(0);
      const rare = await search('bulkq 12999');
      expect(rare.side).toBe('sys_search__questionBank');
      expect(rare.names).toEqual(['批量载入 bulkq 12999']);
      expect((await search('ARewor')).total).toBe(9);
      // the trigram index under its usual name, used by the reads
      expect(await count(`select count(*) as n from pg_indexes where schemaname = current_schema() and indexname = 'ix_sys_search__questionBank_0'`)).toBe(1);
      // by range of id: the side table as it was, the loaded range, the open partition above; the text's type and
      // collation the base column's
      const parts = `select count(*) as n from pg_inherits where inhparent = '"sys_search__questionBank"'::regclass`;
      expect(await count(parts)).toBe(3);
      expect(await count(`select count(*) as n from pg_partitioned_table where partrelid = '"sys_search__questionBank"'::regclass and partstrat = 'r'`)).toBe(
        1,
      );
      const typeOf = (rel: string) =>
        `(select format_type(atttypid, atttypmod) || ' ' || attcollation from pg_attribute where attrelid = '${rel}'::regclass and attname = 'name')`;
      expect(await count(`select (${typeOf('"questionBank"')} = ${typeOf('"sys_search__questionBank"')})::int as n`)).toBe(1);
      // a second load: its range only, one more partition
      await bulkLoad(20_000, 2000);
      expect(await t.ctx.crud.searchUpkeep.catchUp('questionBank')).toBe(2000);
      expect(await count(parts)).toBe(4);
      expect(await count(`select count(*) as n from "sys_searchq__questionBank"`)).toBe(0);
      expect((await search('bulkq 21999')).names).toEqual(['批量载入 bulkq 21999']);
      expect((await search('bulkq 21999')).side).toBe('sys_search__questionBank');
      // a bulk update of rows below the open partition: the side table remade whole, by range (two partitions and the open one)
      const oid2 = await count(`select '"sys_search__questionBank"'::regclass::oid as n`);
      const updated = (await outside.query(`update ${qb()} set name = name || ' 更新过 updq' where name like '批量载入 bulkq 1%'`)).rowCount;
      expect(updated).toBeGreaterThan(3000);
      expect(await t.ctx.crud.searchUpkeep.catchUp('questionBank')).toBe(updated);
      expect(await count(`select '"sys_search__questionBank"'::regclass::oid as n`)).not.toBe(oid2);
      expect(await count(parts)).toBe(3);
      expect(await count(`select count(*) as n from "sys_searchq__questionBank"`)).toBe(0);
      expect(
        await count(
          `select count(*) as n from "questionBank" b full join "sys_search__questionBank" s on s.id = b.id where b.id is null or s.id is null or b.name is distinct from s.name`,
        ),
      ).toBe(0);
      expect((await search('updq')).total).toBe(updated);
      expect((await search('bulkq 12999 更新过')).side).toBe('sys_search__questionBank');
      await bulkLoad(30_000, 2000);
      expect(await t.ctx.crud.searchUpkeep.catchUp('questionBank')).toBe(2000);
      expect(await count(parts)).toBe(4);
      expect((await search('bulkq 31999')).names).toEqual(['批量载入 bulkq 31999']);
    } finally {
      t.ctx.crud.searchUpkeep.bulkFrom = 50_000;
    }
  });

  it('a side table of an earlier release (hash partitions of the fourth pass) becomes the first range partition as it is', async () => {
    await t.ctx.crud.searchUpkeep.settled();
    const side = '"sys_search__questionBank"';
    const trgm = (
      await sql<{ s: string }>`select n.nspname as s from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(
        t.ctx.conn.db,
      )
    ).rows[0]!.s;
    // the shape remakeSide gave it before the fifth pass
    await outside.query(`set search_path to "${schema}"`);
    await outside.query(`drop table ${side}; create table qb_t as select id, name from "questionBank" with no data;
      create table ${side} (like qb_t) partition by hash (id); drop table qb_t;
      create table "sys_search__questionBank_p0" partition of ${side} for values with (modulus 2, remainder 0);
      create table "sys_search__questionBank_p1" partition of ${side} for values with (modulus 2, remainder 1);
      insert into ${side} select id, name from "questionBank";
      alter table ${side} add constraint "sys_search__questionBank_pkey" primary key (id);
      create index "ix_sys_search__questionBank_0" on ${side} using gin (name "${trgm}".gin_trgm_ops);
      delete from "sys_searchq__questionBank"`);
    t.ctx.crud.searchUpkeep.bulkFrom = 1000;
    try {
      await bulkLoad(40_000, 2000);
      expect(await t.ctx.crud.searchUpkeep.catchUp('questionBank')).toBe(2000);
    } finally {
      t.ctx.crud.searchUpkeep.bulkFrom = 50_000;
    }
    // the hash-partitioned table under the range parent, the loaded range, the open partition
    expect(await count(`select count(*) as n from pg_inherits where inhparent = '${side}'::regclass`)).toBe(3);
    expect(await count(`select count(*) as n from pg_inherits i join pg_inherits j on j.inhparent = i.inhrelid where i.inhparent = '${side}'::regclass`)).toBe(
      2,
    );
    expect(await count(`select count(*) as n from pg_indexes where schemaname = current_schema() and indexname = 'ix_sys_search__questionBank_0'`)).toBe(1);
    expect(
      await count(
        `select count(*) as n from "questionBank" b full join ${side} s on s.id = b.id where b.id is null or s.id is null or b.name is distinct from s.name`,
      ),
    ).toBe(0);
    const found = await search('bulkq 41999');
    expect(found.names).toEqual(['批量载入 bulkq 41999']);
    expect(found.side).toBe('sys_search__questionBank');
    expect((await search('bulkq 4242')).names).toEqual(['批量载入 bulkq 4242']);
  });
});

describe('SQLite: many rows above the mark (issue 30)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('reads a search through FTS5 and the rows above the mark while a scan’s worth of rows is above it, the same rows', async () => {
    await t.ctx.crud.searchUpkeep.settled();
    // written by SQL outside the crud: no catch-up asked for, the rows stay above the mark
    await sql`with recursive n(i) as (select 0 union all select i + 1 from n where i < 5999)
      insert into ${sql.table('questionBank')} (${sql.ref('parentId')}, ${sql.ref('typeId')}, name, isdelete) select 1, 1, '批量载入 bulkq ' || i, 0 from n`.execute(
      t.ctx.conn.db,
    );
    const read = async (value: string) => {
      const plan = t.ctx.crud.planSelect({ _flag: 'questionBank', row: '50', wheres: JSON.stringify({ name: { type: 'like', value } }) }, SYSTEM);
      return { names: (await t.ctx.crud.readPage(plan)).map((r) => String(r.name)), fts: plan.conditions[0]!.fts };
    };
    // not a scan of the table (issue 30, fourth pass): the rows above the mark are read as a range with the like
    expect(await read('bulkq 4242')).toEqual({ names: ['批量载入 bulkq 4242'], fts: 'questionBank__search' });
    await t.ctx.crud.searchUpkeep.catchUp('questionBank');
    expect(await read('bulkq 4243')).toEqual({ names: ['批量载入 bulkq 4243'], fts: 'questionBank__search' });
  });
});
