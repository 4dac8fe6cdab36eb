import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../src/access/index.ts';
import { createContext } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { type Connection, openConnection } from '../src/db/connection.ts';
import { migrate } from '../src/db/migrations/index.ts';
import { seed } from '../src/seed/seed.ts';
import { gramsInsert, mysqlGrams } from '../src/db/migrations/0012_search_grams.ts';
import { ADMIN_PASSWORD, engines, freshDatabase } from './helpers.ts';
import { blocksDrift } from './search-blocks-check.ts';

// Issue 30: a database made by the release before migration 0012 (MySQL/MariaDB's grams; a no-op on the other engines)
// migrates, keeps every row, and is searched exactly (every migration runs: tens of seconds of DDL on a loaded MariaDB, hence the timeouts): on MySQL first from the queue (the existing rows are queued by
// the migration), then from the grams the server makes.
describe.each(engines)('a database at migration 0011 migrates to 0012 on %s', (engine, url) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qb-grams-upgrade-'));
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let conn: Connection;
  beforeAll(async () => {
    database = await freshDatabase(engine, url, dataDir);
    conn = openConnection(database.url, dataDir);
  });
  afterAll(async () => {
    await conn?.close();
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps every row and finds them through the index', async () => {
    await migrate(conn.db, conn.engine, '0011_loginid_unique');
    await conn.db
      .insertInto('questionBank')
      .values(Array.from({ length: 60 }, (_, k) => ({ parentId: 1, typeId: 1, name: `升级前的题目 BeforeQ ${k}`, isdelete: k % 10 === 0 ? 1 : 0 })))
      .execute();
    await conn.db.insertInto('sys_member').values({ name: '会员甲 memberq', phone: '19912345678' }).execute();
    const before = await conn.db.selectFrom('questionBank').selectAll().orderBy('id').execute();
    const members = await conn.db.selectFrom('sys_member').selectAll().orderBy('id').execute();
    await migrate(conn.db, conn.engine);
    // the rows as they were, column by column (a later migration may add columns)
    const asBefore = (rows: Record<string, unknown>[], like: Record<string, unknown>[]) =>
      rows.map((r) => Object.fromEntries(Object.keys(like[0] ?? {}).map((k) => [k, r[k]])));
    expect(asBefore(await conn.db.selectFrom('questionBank').selectAll().orderBy('id').execute(), before)).toEqual(before);
    expect(asBefore(await conn.db.selectFrom('sys_member').selectAll().orderBy('id').execute(), members)).toEqual(members);
    await seed(conn.db, conn.engine, ADMIN_PASSWORD);
    const ctx = createContext(
      loadConfig({ DATA_DIR: dataDir, CAPTCHA: 'off', LOG_LEVEL: 'silent', ...(database.url ? { DATABASE_URL: database.url } : {}) }),
      conn,
    );
    const names = async (value: string) => {
      const plan = ctx.crud.planSelect({ _flag: 'questionBank', row: '100', wheres: JSON.stringify({ name: { type: 'like', value } }) }, SYSTEM);
      return {
        names: (await ctx.crud.readPage(plan)).map((r) => String(r.name)).sort(),
        indexed: Boolean(plan.conditions[0]!.grams ?? plan.conditions[0]!.side ?? plan.conditions[0]!.fts),
      };
    };
    // 1 and 11-19 (10 is deleted)
    const expected = [1, 11, 12, 13, 14, 15, 16, 17, 18, 19].map((k) => `升级前的题目 BeforeQ ${k}`).sort();
    expect((await names('题目 beforeq 1')).names).toEqual(expected);
    await ctx.crud.searchUpkeep.everyTable();
    await ctx.crud.searchUpkeep.settled();
    expect(await names('题目 beforeq 1')).toEqual({ names: expected, indexed: true });
    const member = ctx.crud.planSelect({ _flag: 'sys_member', wheres: JSON.stringify({ phone: { type: 'like', value: '9912345' } }) }, SYSTEM);
    expect((await ctx.crud.readPage(member)).map((r) => r.name)).toEqual(['会员甲 memberq']);
    if (engine === 'mysql') expect(member.conditions[0]!.grams).toMatchObject({ table: 'sys_member', col: 1, column: 'phone' });
  }, 120_000);
});

// Issue 30, migration 0016: a MySQL/MariaDB database at 0015 whose grams (0012: one row per character) had caught up,
// a runtime table among them, migrates to the gram blocks: 0012's tables and triggers gone, every row kept and queued,
// searched exactly before and after the server makes the blocks.
describe.skipIf(!process.env.TEST_MYSQL_URL)('a MySQL/MariaDB database at migration 0015 migrates to 0016 (gram blocks)', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qb-blocks-upgrade-'));
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let conn: Connection;
  beforeAll(async () => {
    database = await freshDatabase('mysql', process.env.TEST_MYSQL_URL, dataDir);
    conn = openConnection(database.url, dataDir);
  });
  afterAll(async () => {
    await conn?.close();
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  const count = async (query: string) => Number((await sql.raw<{ n: number }>(query).execute(conn.db)).rows[0]!.n);
  const objects = async (like: string) =>
    (
      await sql<{
        name: string;
      }>`select table_name as name from information_schema.tables where table_schema = database() and table_name like ${like} escape '!'
        union all select trigger_name from information_schema.triggers where trigger_schema = database() and trigger_name like ${like} escape '!' order by name`.execute(
        conn.db,
      )
    ).rows.map((r) => r.name);

  it('drops the grams of 0012, keeps every row, queues them and finds them through the blocks', async () => {
    await migrate(conn.db, conn.engine, '0015_row_filters');
    await sql`create table rt_upgrade (id int not null auto_increment primary key, title varchar(100) character set utf8mb4 collate utf8mb4_unicode_520_ci, price int) engine=InnoDB`.execute(
      conn.db,
    );
    await mysqlGrams(conn.db, 'rt_upgrade', ['title']);
    await sql`insert into rt_upgrade (title, price) values ('运行时表 RuntimeQ 甲', 1), ('运行时表 第二行', 2), (null, 3)`.execute(conn.db);
    await sql`insert into questionBank (parentId, typeId, name, isdelete) select 1, 1, concat('升级的题目 UpgradeQ ', seq, if(seq % 50 = 7, ' 稀有', '')), 0 from seq_0_to_199`.execute(
      conn.db,
    );
    // 0012's catch-up as it ran: every queued id's grams written, the queue emptied
    for (const [table, columns] of [
      ['questionBank', ['name']],
      ['rt_upgrade', ['title']],
    ] as const) {
      for (const statement of gramsInsert(table, [...columns], `sys_searchg__${table}`)) await sql.raw(statement).execute(conn.db);
      await sql.raw(`delete from sys_searchq__${table}`).execute(conn.db);
    }
    expect(await count('select count(*) as n from sys_searchg__questionBank')).toBeGreaterThan(1000);
    const before = await conn.db.selectFrom('questionBank').selectAll().orderBy('id').execute();
    const runtime = await conn.db.selectFrom('rt_upgrade').selectAll().orderBy('id').execute();

    await migrate(conn.db, conn.engine);
    expect(await objects('sys!_searchg!_!_%')).toEqual([]);
    expect(await objects('sys!_searchb!_!_rt!_upgrade%')).toEqual([
      'sys_searchb__rt_upgrade',
      'sys_searchb__rt_upgrade_ad',
      'sys_searchb__rt_upgrade_ai',
      'sys_searchb__rt_upgrade_au',
    ]);
    const asBefore = (rows: Record<string, unknown>[], like: Record<string, unknown>[]) =>
      rows.map((r) => Object.fromEntries(Object.keys(like[0] ?? {}).map((k) => [k, r[k]])));
    expect(asBefore(await conn.db.selectFrom('questionBank').selectAll().orderBy('id').execute(), before)).toEqual(before);
    expect(await conn.db.selectFrom('rt_upgrade').selectAll().orderBy('id').execute()).toEqual(runtime);
    // every row queued, nothing cut yet; the runtime table's triggers write the new queue
    expect(await count('select count(*) as n from sys_searchq__questionBank')).toBe(before.length);
    await sql`update rt_upgrade set title = '运行时表 改过 ChangedQ' where price = 2`.execute(conn.db);
    expect(await count('select count(*) as n from sys_searchq__rt_upgrade')).toBe(4);

    await seed(conn.db, conn.engine, ADMIN_PASSWORD);
    const ctx = createContext(
      loadConfig({ DATA_DIR: dataDir, CAPTCHA: 'off', LOG_LEVEL: 'silent', ...(database.url ? { DATABASE_URL: database.url } : {}) }),
      conn,
    );
    const search = async (value: string) => {
      ctx.crud.counts.invalidate('questionBank');
      const plan = ctx.crud.planSelect({ _flag: 'questionBank', row: '500', wheres: JSON.stringify({ name: { type: 'like', value } }) }, SYSTEM);
      const names = (await ctx.crud.readPage(plan)).map((r) => String(r.name)).sort();
      const plain = await sql<{ name: string }>`select name from questionBank where isdelete = 0 and name like ${`%${value}%`}`.execute(conn.db);
      expect(names).toEqual(plain.rows.map((r) => r.name).sort());
      return { names, indexed: plan.conditions[0]!.grams !== undefined };
    };
    // the queue (200 ids) is searched before the server made the blocks
    expect((await search('稀有')).names).toHaveLength(4);
    await ctx.crud.searchUpkeep.everyTable();
    await ctx.crud.searchUpkeep.settled();
    expect(await count('select count(*) as n from sys_searchq__questionBank')).toBe(0);
    expect(await count('select count(*) as n from sys_searchq__rt_upgrade')).toBe(0);
    expect(await blocksDrift(conn.db, 'questionBank', 'name')).toEqual({ missing: 0, stale: 0 });
    expect(await blocksDrift(conn.db, 'rt_upgrade', 'title')).toEqual({ missing: 0, stale: 0 });
    expect(await search('稀有')).toEqual({ names: expect.any(Array), indexed: true });
    expect((await search('upgradeq 17')).names).toEqual(
      ['升级的题目 UpgradeQ 17', ...Array.from({ length: 10 }, (_, k) => `升级的题目 UpgradeQ ${170 + k}`)].sort(),
    );
    expect((await search('题')).indexed).toBe(true);
    // rows written after the migration by SQL: queued and found, then in the blocks
    await sql`insert into questionBank (parentId, typeId, name, isdelete) values (1, 1, '升级后写入 AfterQ', 0)`.execute(conn.db);
    expect((await search('afterq')).names).toEqual(['升级后写入 AfterQ']);
    await ctx.crud.searchUpkeep.catchUp('questionBank');
    expect(await blocksDrift(conn.db, 'questionBank', 'name')).toEqual({ missing: 0, stale: 0 });
  }, 120_000);
});
