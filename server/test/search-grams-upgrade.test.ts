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
import { mysqlGramBlocks } from '../src/db/migrations/0016_search_gram_blocks.ts';
import { gramSearch } from '../src/search/gramSearch.ts';
import { seed } from '../src/seed/seed.ts';
import { ADMIN_PASSWORD, freshDatabase } from './helpers.ts';
import { blocksDrift } from './search-blocks-check.ts';

// Issue 30, migration 0018: a MySQL/MariaDB database at 0017 whose gram blocks (0016: 256-id blocks, four mask words)
// had caught up — one table in the middle of a bulk load's range, a runtime table among them — migrates to the gram
// rows of 0018: every row kept and queued, the tables in the new shape, the triggers kept; searches the same as a plain
// `like` before the server makes the rows, and after, through them.
describe.skipIf(!process.env.TEST_MYSQL_URL)('a MySQL/MariaDB database at migration 0017 migrates to 0018 (gram rows)', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qb-bits-upgrade-'));
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
  const columnsOf = async (table: string) =>
    (
      await sql<{
        c: string;
      }>`select column_name as c from information_schema.columns where table_schema = database() and table_name = ${table} order by ordinal_position`.execute(
        conn.db,
      )
    ).rows.map((r) => r.c);
  const triggersOf = async (table: string) =>
    (
      await sql<{
        n: string;
      }>`select trigger_name as n from information_schema.triggers where trigger_schema = database() and event_object_table = ${table} order by n`.execute(
        conn.db,
      )
    ).rows.map((r) => r.n);

  it('keeps every row, queues them, and finds them exactly before and after the server makes the rows', async () => {
    await migrate(conn.db, conn.engine, '0017_builtin_menus');
    await sql`create table rt_bits (id int not null auto_increment primary key, title varchar(100) character set utf8mb4 collate utf8mb4_unicode_520_ci, price int) engine=InnoDB`.execute(
      conn.db,
    );
    await mysqlGramBlocks(conn.db, 'rt_bits', ['title']);
    await sql`insert into rt_bits (title, price) values ('运行时表 RuntimeQ 甲', 1), ('运行时表 第二行 50%', 2), (null, 3), ('Straße ǆungla', 4)`.execute(
      conn.db,
    );
    await sql`insert into questionBank (parentId, typeId, name, isdelete)
      select 1, 1, concat('旧版的题目 OldShapeQ ', seq, case seq % 50 when 7 then ' 稀有 MiXeD' when 9 then ' 百分 50%_x' else '' end), 0 from seq_0_to_599`.execute(
      conn.db,
    );
    // 0016's catch-up as it left them: block rows there (any: the migration drops them), the queue emptied, and a bulk
    // load's range mark (block -1) on questionBank, as a catch-up stopped in the middle of a range leaves it
    for (const table of ['questionBank', 'rt_bits']) {
      await sql.raw(`insert into sys_searchb__${table} (blk, col, gram, m0, m1, m2, m3) values (0, 0, 'x', 1, 0, 0, 0)`).execute(conn.db);
      await sql.raw(`delete from sys_searchq__${table}`).execute(conn.db);
    }
    await sql`insert into sys_searchb__questionBank (blk, col, gram, m0, m1, m2, m3) values (-1, 255, '', 300, 900, 0, 0)`.execute(conn.db);
    const before = await conn.db.selectFrom('questionBank').selectAll().orderBy('id').execute();
    const runtime = await conn.db.selectFrom('rt_bits').selectAll().orderBy('id').execute();

    await migrate(conn.db, conn.engine);
    for (const table of ['questionBank', 'rt_bits', 'sys_member']) {
      expect(await columnsOf(`sys_searchb__${table}`)).toEqual(['blk', 'col', 'raw', 'gram', 'bits']);
      expect(await triggersOf(table)).toEqual([`sys_searchb__${table}_ad`, `sys_searchb__${table}_ai`, `sys_searchb__${table}_au`]);
      expect(await count(`select count(*) as n from sys_searchb__${table}`)).toBe(0);
    }
    expect(
      (
        await sql<{
          c: string;
        }>`select table_comment as c from information_schema.tables where table_schema = database() and table_name = 'sys_searchb__rt_bits'`.execute(conn.db)
      ).rows[0]!.c,
    ).toBe('title');
    expect(await conn.db.selectFrom('questionBank').selectAll().orderBy('id').execute()).toEqual(before);
    expect(await conn.db.selectFrom('rt_bits').selectAll().orderBy('id').execute()).toEqual(runtime);
    // every row queued once, the runtime table's triggers still queue
    expect(await count('select count(*) as n from sys_searchq__questionBank')).toBe(before.length);
    expect(await count('select count(distinct id) as n from sys_searchq__questionBank')).toBe(before.length);
    await sql`update rt_bits set title = '运行时表 改过 ChangedQ' where price = 2`.execute(conn.db);
    expect(await count('select count(*) as n from sys_searchq__rt_bits')).toBe(5);

    await seed(conn.db, conn.engine, ADMIN_PASSWORD);
    const ctx = createContext(
      loadConfig({ DATA_DIR: dataDir, CAPTCHA: 'off', LOG_LEVEL: 'silent', ...(database.url ? { DATABASE_URL: database.url } : {}) }),
      conn,
    );
    const search = async (table: string, column: string, value: string) => {
      ctx.crud.counts.invalidate(table);
      const plan = ctx.crud.planSelect({ _flag: table, row: '1000', wheres: JSON.stringify({ [column]: { type: 'like', value } }) }, SYSTEM);
      const [rows, total] = await Promise.all([ctx.crud.readPage(plan), ctx.crud.countRows(plan)]);
      const names = rows.map((r) => String(r[column])).sort();
      const plain = await sql<{
        v: string;
      }>`select ${sql.ref(column)} as v from ${sql.table(table)} where ${sql.ref(column)} like ${`%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}
        ${sql.raw(table === 'questionBank' ? 'and isdelete = 0' : '')}`.execute(conn.db);
      expect({ value, names, total }).toEqual({ value, names: plain.rows.map((r) => r.v).sort(), total: plain.rows.length });
      return { names, indexed: plan.conditions[0]!.grams !== undefined };
    };
    /** the runtime table (not registered here): the ids its gram rows and queue give, rechecked by the like, against a plain like */
    const runtimeSearch = async (value: string) => {
      const like = `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const found = await gramSearch(conn.db, 'rt_bits', 0, value, 5000);
      const plain = await sql<{ id: number }>`select id from rt_bits where title like ${like} order by id`.execute(conn.db);
      const ids = [...new Set([...found.hits, ...found.queued])];
      const kept = ids.length
        ? await sql<{ id: number }>`select id from rt_bits where id in (${sql.join(ids)}) and title like ${like} order by id`.execute(conn.db)
        : { rows: [] };
      expect({ value, ids: kept.rows.map((r) => r.id) }).toEqual({ value, ids: plain.rows.map((r) => r.id) });
      return found;
    };
    const values = ['稀有', 'mixed', 'MiXeD', 'oldshapeq 59', '50%', '%', '_', '%_x', '题', '题目', 'q 1', 'zzqq'];
    const runtimeValues = ['运行时', 'runtimeq', '改过', '50%', 'strasse', 'STRAßE', 'ǆ', 'dž', 'x', '甲'];
    for (const v of values) await search('questionBank', 'name', v);
    for (const v of runtimeValues) expect((await runtimeSearch(v)).queued).toHaveLength(5);
    await ctx.crud.searchUpkeep.everyTable();
    await ctx.crud.searchUpkeep.settled();
    expect(await count('select count(*) as n from sys_searchq__questionBank')).toBe(0);
    expect(await count('select count(*) as n from sys_searchq__rt_bits')).toBe(0);
    expect(await blocksDrift(conn.db, 'questionBank', 'name')).toEqual({ missing: 0, stale: 0 });
    expect(await blocksDrift(conn.db, 'rt_bits', 'title')).toEqual({ missing: 0, stale: 0 });
    for (const v of values) expect((await search('questionBank', 'name', v)).indexed, v).toBe(true);
    for (const v of runtimeValues) expect((await runtimeSearch(v)).queued).toEqual([]);
    // rows written after the migration by SQL: queued and found, then in the rows
    await sql`insert into questionBank (parentId, typeId, name, isdelete) values (1, 1, '升级后写入 AfterQ 稀有', 0)`.execute(conn.db);
    expect((await search('questionBank', 'name', 'afterq')).names).toEqual(['升级后写入 AfterQ 稀有']);
    await ctx.crud.searchUpkeep.catchUp('questionBank');
    expect(await blocksDrift(conn.db, 'questionBank', 'name')).toEqual({ missing: 0, stale: 0 });
    expect((await search('questionBank', 'name', '稀有')).names).toHaveLength(13);
  }, 180_000);
});
