import crypto from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../src/access/index.ts';
import { startTestApp, type TestApp } from './helpers.ts';
import { addField, defineTable, threeColumns } from './tables-helpers.ts';

// Runtime tables (data-table manager) on PostgreSQL get migration 0010's scheme (docs/search.md "Runtime tables"): the
// side table sys_search__<t> with the trigram GIN indexes, the queue sys_searchq__<t> and its statement triggers, made
// when the table is created and compared (remade when it no longer fits) after each ALTER. Rows are written outside
// the server on purpose (another connection, the schema named).
const url = process.env.TEST_PG_URL;
const unique = (prefix: string) => `${prefix}${crypto.randomBytes(4).toString('hex')}`;

describe.skipIf(!url)('PostgreSQL search of runtime tables through side tables', () => {
  let t: TestApp;
  let schema: string;
  let outside: pg.Client;
  beforeAll(async () => {
    t = await startTestApp('postgres', url);
    schema = (await sql<{ s: string }>`select current_schema() as s`.execute(t.ctx.conn.db)).rows[0]!.s;
    outside = new pg.Client({ connectionString: url });
    await outside.connect();
  });
  afterAll(async () => {
    await outside?.end();
    await t?.close();
  });

  const db = () => t.ctx.conn.db;
  const full = (table: string) => `"${schema}"."${table}"`;
  const create = async (id: number) => {
    const r = await t.post('/api/action/createSqlTable/', { id });
    expect(r.statusCode, r.body).toBe(200);
    return r.json().data.statements as string[];
  };
  /** the values of `column` found by a contains-search on it, the total checked against the page; and how it was searched */
  const found = async (table: string, column: string, value: string) => {
    const res = await t.select(table, { row: '100', wheres: { [column]: { type: 'like', value } } });
    expect(res.body.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.total).toBe(res.body.data.length);
    return res.body.data.map((r: Record<string, string>) => r[column]).sort();
  };
  const sideOf = async (table: string) => {
    const plan = t.ctx.crud.planSelect({ _flag: table, wheres: JSON.stringify({ title: { type: 'like', value: 'abc' } }) }, SYSTEM);
    await t.ctx.crud.readPage(plan);
    return plan.conditions[0]!.side;
  };
  /** the side table's columns, whether its queue exists, its GIN indexes and the base table's, the base triggers */
  const scheme = async (table: string) => {
    const columns = await sql<{ c: string }>`select column_name as c from information_schema.columns
      where table_schema = current_schema() and table_name = ${`sys_search__${table}`} order by ordinal_position`.execute(db());
    const tables = await sql<{ n: string }>`select table_name as n from information_schema.tables
      where table_schema = current_schema() and table_name in (${`sys_search__${table}`}, ${`sys_searchq__${table}`}) order by table_name`.execute(db());
    const gin = await sql<{ t: string; n: string }>`select tablename as t, indexname as n from pg_indexes where schemaname = current_schema()
      and tablename in (${table}, ${`sys_search__${table}`}) and indexdef like '%gin_trgm_ops%' order by indexname`.execute(db());
    const triggers = await sql<{ n: string }>`select tgname as n from pg_trigger where not tgisinternal
      and tgrelid = to_regclass(quote_ident(current_schema()) || '.' || quote_ident(${table})) order by tgname`.execute(db());
    return {
      side: columns.rows.map((r) => r.c),
      tables: tables.rows.map((r) => r.n),
      gin: gin.rows.map((r) => `${r.t}.${r.n}`),
      triggers: triggers.rows.map((r) => r.n),
    };
  };
  const sideOid = async (table: string) =>
    (
      await sql<{ o: string | null }>`select to_regclass(quote_ident(current_schema()) || '.' || quote_ident(${`sys_search__${table}`}))::oid as o`.execute(
        db(),
      )
    ).rows[0]!.o;
  const rows = (table: string) => sql.raw<Record<string, unknown>>(`select * from ${full(table)} order by id`).execute(db());
  const insertOutside = async (table: string, values: Record<string, unknown>) => {
    const cols = Object.keys(values);
    const r = await outside.query(
      `insert into ${full(table)} (${cols.map((c) => `"${c}"`).join(', ')}) values (${cols.map((_, k) => `$${k + 1}`).join(', ')}) returning id`,
      Object.values(values),
    );
    return Number(r.rows[0].id);
  };
  const fieldId = async (sheet: number, column: string) =>
    (await db().selectFrom('sys_tableFields').select('id').where('parentid', '=', sheet).where('columnName', '=', column).executeTakeFirstOrThrow()).id;
  const changeField = async (id: unknown, params: Record<string, unknown>) => {
    const r = await t.post('/api/action/save/', { _flag: 'sys_tableFields', params: { id, ...params } });
    expect(r.statusCode, r.body).toBe(200);
  };

  it('makes the side table, queue and triggers at CREATE, no GIN index on the table, and finds a row written outside at once', async () => {
    const name = unique('rt');
    const sheet = await defineTable(t, name, threeColumns());
    await create(sheet);
    expect(await scheme(name)).toEqual({
      side: ['id', 'title'],
      tables: [`sys_search__${name}`, `sys_searchq__${name}`],
      gin: [`sys_search__${name}.ix_sys_search__${name}_0`],
      triggers: [`sys_search__${name}_ad`, `sys_search__${name}_ai`, `sys_search__${name}_au`],
    });
    expect((await t.post('/api/action/save/', { _flag: name, params: { title: '服务器保存的 savedrt', price: 1 } })).json().status).toBe(200);
    const id = await insertOutside(name, { title: '外部插入的行 outsidert', price: 2 });
    // queued by the trigger, not yet in the side table: found at once, through the side table
    expect(await found(name, 'title', '插入的行 outside')).toEqual(['外部插入的行 outsidert']);
    expect(await sideOf(name)).toBe(`sys_search__${name}`);
    await t.ctx.crud.searchUpkeep.settled();
    await t.ctx.crud.searchUpkeep.catchUp(name);
    const side = await sql<{ title: string }>`select title from ${sql.table(`sys_search__${name}`)} where id = ${id}`.execute(db());
    expect(side.rows.map((r) => r.title)).toEqual(['外部插入的行 outsidert']);
    expect(Number((await sql<{ n: number }>`select count(*) as n from ${sql.table(`sys_searchq__${name}`)}`.execute(db())).rows[0]!.n)).toBe(0);
    // changed and deleted outside: the search follows at once
    await outside.query(`update ${full(name)} set title = $1 where id = $2`, ['外部改过 changedrt', id]);
    // (other words each time: the count cache is kept in step by the server's own writes only)
    expect(await found(name, 'title', '插入的行 outsider')).toEqual([]);
    expect(await found(name, 'title', '改过 changedrt')).toEqual(['外部改过 changedrt']);
    await outside.query(`delete from ${full(name)} where id = $1`, [id]);
    expect(await found(name, 'title', '过 changedrt')).toEqual([]);
    expect(await found(name, 'title', 'savedrt')).toEqual(['服务器保存的 savedrt']);
    // the server's start catches up a runtime table's queue too
    await insertOutside(name, { title: '停机时写入 whilestoppedrt', price: 3 });
    await t.ctx.crud.searchUpkeep.everyTable();
    await t.ctx.crud.searchUpkeep.settled();
    expect(Number((await sql<{ n: number }>`select count(*) as n from ${sql.table(`sys_searchq__${name}`)}`.execute(db())).rows[0]!.n)).toBe(0);
    expect(await found(name, 'title', 'whilestopped')).toEqual(['停机时写入 whilestoppedrt']);
  });

  it('after an ALTER adding a searchable column: rows found by it, the rows kept; an ALTER of other columns keeps the side table', async () => {
    const name = unique('rt');
    const sheet = await defineTable(t, name, threeColumns());
    await create(sheet);
    for (const title of ['第一行 alpha', '第二行 beta', '第三行 gamma']) await insertOutside(name, { title, price: 1 });
    const before = (await rows(name)).rows;
    const oid = await sideOid(name);
    // a column that is not searched: the side table fits as it is, kept (no refill)
    await addField(t, sheet, { columnName: 'qty', type: 'int' });
    expect((await create(sheet))[0]).toMatch(/ADD/);
    expect(await sideOid(name)).toBe(oid);
    expect(await found(name, 'title', '第二行 bet')).toEqual(['第二行 beta']);
    // a searchable column: remade from the rows, with it
    await addField(t, sheet, { columnName: 'memo', type: 'nvarchar', length: 50 });
    await create(sheet);
    expect(await sideOid(name)).not.toBe(oid);
    expect((await scheme(name)).side).toEqual(['id', 'title', 'memo']);
    expect((await scheme(name)).gin).toEqual([`sys_search__${name}.ix_sys_search__${name}_0`, `sys_search__${name}.ix_sys_search__${name}_1`]);
    expect((await rows(name)).rows).toEqual(before.map((r) => ({ ...r, qty: null, memo: null })));
    // the old rows given a memo outside the server, a new row with one: found by the new column, at once and after catching up
    await outside.query(`update ${full(name)} set memo = '备注 ' || title`);
    await insertOutside(name, { title: '第四行 delta', memo: '新列 memo-delta', price: 4 });
    expect(await found(name, 'memo', '备注 第二行')).toEqual(['备注 第二行 beta']);
    expect(await found(name, 'memo', 'memo-delta')).toEqual(['新列 memo-delta']);
    await t.ctx.crud.searchUpkeep.catchUp(name);
    const side = await sql<{ memo: string }>`select memo from ${sql.table(`sys_search__${name}`)} where memo is not null order by id`.execute(db());
    expect(side.rows.map((r) => r.memo)).toEqual(['备注 第一行 alpha', '备注 第二行 beta', '备注 第三行 gamma', '新列 memo-delta']);
    expect(await found(name, 'memo', '备注 第')).toEqual(['备注 第一行 alpha', '备注 第三行 gamma', '备注 第二行 beta']);
    expect(await found(name, 'title', '第四行 del')).toEqual(['第四行 delta']);
    // a longer title: the side column must follow (remade), and a long title is caught up
    await changeField(await fieldId(sheet, 'title'), { length: 80 });
    await create(sheet);
    const long = `长标题 ${'x'.repeat(60)} longrt`;
    // the catch-up the remake scheduled runs now, so that the row below is caught up by this test's call only
    await t.ctx.crud.searchUpkeep.settled();
    await insertOutside(name, { title: long, price: 5 });
    expect(await t.ctx.crud.searchUpkeep.catchUp(name)).toBe(1);
    expect(await found(name, 'title', 'xxx longrt')).toEqual([long]);
    expect((await rows(name)).rows).toHaveLength(5);
  });

  it('a column made unsearchable leaves the side table; a table without searchable columns gets nothing', async () => {
    const name = unique('rt');
    const sheet = await defineTable(t, name, [...threeColumns(), { columnName: 'memo', type: 'nvarchar', length: 50 }]);
    await create(sheet);
    expect((await scheme(name)).side).toEqual(['id', 'title', 'memo']);
    await insertOutside(name, { title: '标题一 one', memo: '备注一 memo-one', price: 1 });
    // memo becomes a long text (not searched by the bar): the side table is remade without it
    await changeField(await fieldId(sheet, 'memo'), { type: 'ntext' });
    await create(sheet);
    expect(await scheme(name)).toMatchObject({ side: ['id', 'title'], gin: [`sys_search__${name}.ix_sys_search__${name}_0`] });
    expect(await found(name, 'title', '标题一 o')).toEqual(['标题一 one']);
    // the catch-up the remake scheduled (300 ms later) runs now, not between the insert and the call below
    await t.ctx.crud.searchUpkeep.settled();
    await insertOutside(name, { title: '标题二 two', memo: '备注二', price: 2 });
    expect(await t.ctx.crud.searchUpkeep.catchUp(name)).toBe(1);
    // title a long text too: no searchable column is left, nor any side table, queue, trigger or GIN index
    await changeField(await fieldId(sheet, 'title'), { type: 'ntext' });
    await create(sheet);
    expect(await scheme(name)).toEqual({ side: [], tables: [], gin: [], triggers: [] });
    expect((await rows(name)).rows.map((r) => [r.title, r.memo])).toEqual([
      ['标题一 one', '备注一 memo-one'],
      ['标题二 two', '备注二'],
    ]);
    expect((await outside.query(`insert into ${full(name)} (title, price) values ('三', 3)`)).rowCount).toBe(1);

    const plain = unique('rt');
    await create(
      await defineTable(t, plain, [
        { columnName: 'id', type: 'int', primaryKey: 1, autoIncrement: 1 },
        { columnName: 'amount', type: 'int' },
        { columnName: 'body', type: 'ntext' },
      ]),
    );
    expect(await scheme(plain)).toEqual({ side: [], tables: [], gin: [], triggers: [] });
  });

  it('a table dropped by hand and made again keeps no stale side table', async () => {
    const name = unique('rt');
    const first = await defineTable(t, name, threeColumns());
    await create(first);
    for (const title of ['旧行一 stale', '旧行二 stale']) await insertOutside(name, { title, price: 1 });
    await t.ctx.crud.searchUpkeep.catchUp(name);
    await outside.query(`drop table ${full(name)}`);
    // the side table and queue outlive a table dropped by hand; its definition goes too, a new one of that name is made
    expect((await scheme(name)).tables).toEqual([`sys_search__${name}`, `sys_searchq__${name}`]);
    expect((await t.post('/api/action/delete/', { _flag: 'sys_dataSheet', id: first })).statusCode).toBe(200);
    const second = await defineTable(t, name, threeColumns());
    await create(second);
    expect(await scheme(name)).toMatchObject({ side: ['id', 'title'], tables: [`sys_search__${name}`, `sys_searchq__${name}`] });
    expect(Number((await sql<{ n: number }>`select count(*) as n from ${sql.table(`sys_search__${name}`)}`.execute(db())).rows[0]!.n)).toBe(0);
    const id = await insertOutside(name, { title: '新行 fresh', price: 1 });
    expect(id).toBe(1);
    expect(await found(name, 'title', 'stale')).toEqual([]);
    expect(await found(name, 'title', '新行 fre')).toEqual(['新行 fresh']);
    await t.ctx.crud.searchUpkeep.catchUp(name);
    expect(await found(name, 'title', '新行 fre')).toEqual(['新行 fresh']);
    expect(await found(name, 'title', '旧行')).toEqual([]);
  });

  it('a table whose name is too long for a side table keeps GIN indexes on itself', async () => {
    const name = unique(`rt${'l'.repeat(40)}`);
    const sheet = await defineTable(t, name, threeColumns());
    await create(sheet);
    expect(await scheme(name)).toMatchObject({ side: [], tables: [], triggers: [], gin: [`${name}.${`ix_${name}_title_trgm`.slice(0, 63)}`] });
    await insertOutside(name, { title: '长表名的行 longname', price: 1 });
    expect(await found(name, 'title', '表名的行 long')).toEqual(['长表名的行 longname']);
    expect(await sideOf(name)).toBeUndefined();
  });
});
