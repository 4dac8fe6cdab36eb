import crypto from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../src/access/index.ts';
import { engines, startTestApp, type TestApp } from './helpers.ts';
import { addField, defineTable, history, threeColumns } from './tables-helpers.ts';

/** Table definitions made into real tables on the local database of each engine (issue 11). */

const en = { 'accept-language': 'en-US' };
const unique = (prefix = 'tbl') => `${prefix}${crypto.randomBytes(4).toString('hex')}`;

/** The physical columns of a local table (empty when the table does not exist). */
async function localColumns(t: TestApp, table: string): Promise<string[]> {
  const db = t.ctx.conn.db;
  if (t.ctx.conn.engine === 'sqlite') return (await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(db)).rows.map((r) => r.name);
  const schema = t.ctx.conn.engine === 'postgres' ? sql`current_schema()` : sql`database()`;
  const rows = await sql<
    Record<string, string>
  >`select column_name as c from information_schema.columns where table_schema = ${schema} and table_name = ${table} order by ordinal_position`.execute(db);
  return rows.rows.map((r) => r.c ?? r.C!);
}

describe.each(engines)('createSqlTable on the local database (%s)', (engine, url) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine, url);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('previews the CREATE without running it, then creates the table, records it, and serves it at once', async () => {
    const name = unique();
    const id = await defineTable(t, name, threeColumns(), 10000, '商品');
    const preview = await t.post('/api/action/createSqlTable/', { id, preview: true });
    expect(preview.statusCode, preview.body).toBe(200);
    const p = preview.json().data;
    expect(p).toMatchObject({ sheetId: id, sourceId: 10000, tableName: name, applied: false, created: false });
    expect(p.statements).toHaveLength(1);
    expect(p.statements[0]).toMatch(/^CREATE TABLE/);
    expect(p.statements[0]).toContain(name);
    expect(await localColumns(t, name)).toEqual([]);
    expect(await history(t, id)).toEqual([]);
    expect(t.ctx.registry.has(name)).toBe(false);

    const run = await t.post('/api/action/createSqlTable/', { id });
    expect(run.statusCode, run.body).toBe(200);
    expect(run.json().data).toMatchObject({ applied: true, created: true, statements: p.statements });
    expect(await localColumns(t, name)).toEqual(['id', 'title', 'price']);
    const sheet = await t.ctx.conn.db.selectFrom('sys_dataSheet').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(Number(sheet.created)).toBe(1);
    expect(JSON.parse(String(sheet.applied)).columns.map((c: { name: string }) => c.name)).toEqual(['id', 'title', 'price']);
    const h = await history(t, id);
    expect(h).toHaveLength(1);
    expect(h[0]).toMatchObject({ tableName: name, result: 'ok', operatorName: expect.any(String) });
    expect(String(h[0]!.statements)).toBe(p.statements[0]);
    // the history is listed through the generic select, and no one writes it through the API
    const listed = await t.select('sys_ddlHistory', { wheres: { sheetId: id } });
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((r: { result: string }) => r.result)).toEqual(['ok']);
    const write = await t.post('/api/action/save/', { _flag: 'sys_ddlHistory', params: { tableName: 'x', result: 'ok' } });
    expect(write.statusCode).toBe(400);

    // joined the registry in this instance: rows are added and found through the generic calls
    expect(t.ctx.registry.has(name)).toBe(true);
    const saved = await t.post('/api/action/save/', { _flag: name, params: { title: '苹果', price: 3.5 } });
    expect(saved.statusCode, saved.body).toBe(200);
    const rows = await t.select(name, { wheres: { title: '苹果' } });
    expect(rows.body.data).toMatchObject([{ title: '苹果' }]);
    expect(Number(rows.body.data[0].price)).toBe(3.5);
    const again = await t.post('/api/action/createSqlTable/', { id });
    expect(again.json().data).toMatchObject({ statements: [], applied: false, created: true });
    expect(await history(t, id)).toHaveLength(1);
  });

  it('alters a created table: added columns become ADD, a longer text an ALTER (not on SQLite); lossy changes are refused with the reason', async () => {
    const name = unique();
    const id = await defineTable(t, name, threeColumns());
    expect((await t.post('/api/action/createSqlTable/', { id })).statusCode).toBe(200);
    await addField(t, id, { columnName: 'note', type: 'ntext', intro: '备注' });
    // not yet applied: the page does not offer the column
    expect(t.ctx.registry.get(name).columns.has('note')).toBe(false);
    const preview = (await t.post('/api/action/createSqlTable/', { id, preview: true })).json().data;
    expect(preview.statements).toHaveLength(1);
    expect(preview.statements[0]).toMatch(/^ALTER TABLE .* ADD/);
    const run = await t.post('/api/action/createSqlTable/', { id });
    expect(run.statusCode, run.body).toBe(200);
    expect(await localColumns(t, name)).toEqual(['id', 'title', 'price', 'note']);
    expect(t.ctx.registry.get(name).columns.has('note')).toBe(true);

    const title = await t.ctx.conn.db
      .selectFrom('sys_tableFields')
      .select('id')
      .where('parentid', '=', id)
      .where('columnName', '=', 'title')
      .executeTakeFirstOrThrow();
    // shorter: refused before any SQL, on every engine
    await t.post('/api/action/save/', { _flag: 'sys_tableFields', params: { id: title.id, length: 10 } });
    const shorter = await t.post('/api/action/createSqlTable/', { id }, en);
    expect(shorter.statusCode).toBe(400);
    expect(shorter.json().message).toContain('shortening the length from 20 to 10');
    const zh = await t.post('/api/action/createSqlTable/', { id });
    expect(zh.json().message).toContain('长度从 20 缩短到 10 可能截断数据');
    expect(await history(t, id)).toHaveLength(2);

    await t.post('/api/action/save/', { _flag: 'sys_tableFields', params: { id: title.id, length: 80 } });
    const longer = await t.post('/api/action/createSqlTable/', { id }, en);
    if (engine === 'sqlite') {
      expect(longer.statusCode).toBe(400);
      expect(longer.json().message).toContain('SQLite cannot change the type or length');
    } else {
      expect(longer.statusCode, longer.body).toBe(200);
      expect(longer.json().data.statements[0]).toMatch(/ALTER TABLE .*(ALTER COLUMN|MODIFY COLUMN)/);
      const saved = await t.post('/api/action/save/', { _flag: name, params: { title: 'x'.repeat(70) } });
      expect(saved.statusCode, saved.body).toBe(200);
    }
    // a removed column stays in the real table (its data is kept) and leaves the page
    const note = await t.ctx.conn.db
      .selectFrom('sys_tableFields')
      .select('id')
      .where('parentid', '=', id)
      .where('columnName', '=', 'note')
      .executeTakeFirstOrThrow();
    await t.post('/api/action/save/', { _flag: 'sys_tableFields', params: { id: note.id, isdelete: 1 } });
    if (engine === 'sqlite') await t.post('/api/action/save/', { _flag: 'sys_tableFields', params: { id: title.id, length: 20 } });
    const removed = await t.post('/api/action/createSqlTable/', { id });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().data.statements).toEqual([]);
    expect(await localColumns(t, name)).toContain('note');
    expect(t.ctx.registry.get(name).columns.has('note')).toBe(false);
  });

  it('indexes the searchable text columns of a created table for keyword search, again after an ALTER (issue 21)', async () => {
    const name = unique('srch');
    const id = await defineTable(t, name, threeColumns());
    expect((await t.post('/api/action/createSqlTable/', { id })).statusCode).toBe(200);
    for (const title of ['信号传输一', '信号传输二', 'other 其他']) {
      expect((await t.post('/api/action/save/', { _flag: name, params: { title, price: 1 } })).json().status).toBe(200);
    }
    const search = async (value: string) => {
      const res = await t.select(name, { wheres: { title: { type: 'like', value } } });
      expect(res.body.total).toBe(res.body.data.length);
      return res.body.data.map((r: { title: string }) => r.title).sort();
    };
    const indexed = async () => {
      if (engine === 'sqlite')
        return (await sql<{ name: string }>`select name from pragma_table_info(${`${name}__search`})`.execute(t.ctx.conn.db)).rows.map((r) => r.name);
      if (engine === 'postgres') {
        // migration 0010's scheme: the GIN indexes on the side table sys_search__<t>, none on the table itself
        const gin = async (table: string) =>
          (
            await sql<{
              n: string;
            }>`select indexname as n from pg_indexes where schemaname = current_schema() and tablename = ${table} and indexdef like '%gin_trgm_ops%' order by indexname`.execute(
              t.ctx.conn.db,
            )
          ).rows.map((r) => r.n);
        expect(await gin(name)).toEqual([]);
        return gin(`sys_search__${name}`);
      }
      return [];
    };
    /** PostgreSQL: the side table's columns and whether its queue exists */
    const side = async () => {
      const cols = await sql<{ c: string }>`select column_name as c from information_schema.columns
        where table_schema = current_schema() and table_name = ${`sys_search__${name}`} order by ordinal_position`.execute(t.ctx.conn.db);
      const queue = await sql<{ n: number }>`select count(*) as n from information_schema.tables
        where table_schema = current_schema() and table_name = ${`sys_searchq__${name}`}`.execute(t.ctx.conn.db);
      return { columns: cols.rows.map((r) => r.c), queue: Number(queue.rows[0]!.n) };
    };
    expect(await search('信号传输')).toEqual(['信号传输一', '信号传输二']);
    expect(await search('号传输二')).toEqual(['信号传输二']);
    if (engine === 'sqlite') expect(await indexed()).toEqual(['title']);
    if (engine === 'postgres') {
      expect(await indexed()).toEqual([`ix_sys_search__${name}_0`]);
      expect(await side()).toEqual({ columns: ['id', 'title'], queue: 1 });
      expect([...(await t.ctx.crud.searchIndexes.sideColumns(name))]).toEqual(['title']);
    }
    if (engine === 'sqlite') {
      const plan = t.ctx.crud.planSelect({ _flag: name, wheres: JSON.stringify({ title: { type: 'like', value: '信号传输' } }) }, SYSTEM);
      await t.ctx.crud.readPage(plan).catch(() => []);
      expect(plan.conditions[0]!.fts).toBe(`${name}__search`);
      await t.ctx.crud.searchUpkeep.settled();
      await sql`insert into ${sql.table(`${name}__search`)} (${sql.table(`${name}__search`)}, rank) values ('integrity-check', 1)`.execute(t.ctx.conn.db);
    }
    await addField(t, id, { columnName: 'memo', type: 'nvarchar', length: 50, intro: '备注' });
    expect((await t.post('/api/action/createSqlTable/', { id })).statusCode).toBe(200);
    if (engine === 'sqlite') expect(await indexed()).toEqual(['title', 'memo']);
    if (engine === 'postgres') {
      expect(await indexed()).toEqual([`ix_sys_search__${name}_0`, `ix_sys_search__${name}_1`]);
      expect(await side()).toEqual({ columns: ['id', 'title', 'memo'], queue: 1 });
    }
    expect(await search('信号传输')).toEqual(['信号传输一', '信号传输二']);
  });

  it("a failed run leaves nothing half-made and is recorded with the engine's reason", async () => {
    const name = unique();
    const id = await defineTable(t, name, threeColumns());
    expect((await t.post('/api/action/createSqlTable/', { id })).statusCode).toBe(200);
    // someone added column b by hand: ADD a succeeds, ADD b fails, and a must be gone again
    const q = t.ctx.conn.engine === 'mysql' ? '`' : '"';
    await sql.raw(`ALTER TABLE ${q}${name}${q} ADD ${q}b${q} INTEGER`).execute(t.ctx.conn.db);
    await addField(t, id, { columnName: 'a', type: 'int' });
    await addField(t, id, { columnName: 'b', type: 'int' });
    const run = await t.post('/api/action/createSqlTable/', { id }, en);
    expect(run.statusCode, run.body).toBe(422);
    expect(run.json().code).toBe('DDL_FAILED');
    expect(run.json().message).toMatch(/nothing was changed: .*(duplicate|exists|b)/i);
    expect(await localColumns(t, name)).toEqual(['id', 'title', 'price', 'b']);
    const h = await history(t, id);
    expect(h).toHaveLength(2);
    expect(h[1]!.result).not.toBe('ok');
    expect(String(h[1]!.statements)).toContain('ADD');
    const sheet = await t.ctx.conn.db.selectFrom('sys_dataSheet').select('applied').where('id', '=', id).executeTakeFirstOrThrow();
    expect(JSON.parse(String(sheet.applied)).columns).toHaveLength(3);
    expect(t.ctx.registry.get(name).columns.has('a')).toBe(false);
  });

  it.each([
    ['a"b', 'a"b'],
    ['a;drop', 'a;drop'],
    ['select', 'select'],
    ['sys_user', 'sys_user'],
    ['64 characters', 'a'.repeat(64)],
    ['Unicode', '表格'],
    ['empty', ''],
  ])('refuses the table name %s with 400 before any SQL', async (_label, name) => {
    const r0 = await t.post('/api/action/save/', { _flag: 'sys_dataSheet', params: { tableName: name || ' ', parentid: 10000 } });
    expect(r0.statusCode, r0.body).toBe(200);
    const id = Number(r0.json().data.id);
    if (name === '') await t.ctx.conn.db.updateTable('sys_dataSheet').set({ tableName: '' }).where('id', '=', id).execute();
    await addField(t, id, { columnName: 'id', type: 'int', primaryKey: 1 });
    const before = await t.ctx.conn.db
      .selectFrom('sys_ddlHistory')
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    for (const preview of [true, false]) {
      const r = await t.post('/api/action/createSqlTable/', { id, preview });
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json().code).toBe('DDL_REFUSED');
    }
    const after = await t.ctx.conn.db
      .selectFrom('sys_ddlHistory')
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    if (name && /^[\w]+$/.test(name) && name !== 'sys_user') expect(await localColumns(t, name)).toEqual([]);
    const sheet = await t.ctx.conn.db.selectFrom('sys_dataSheet').select('created').where('id', '=', id).executeTakeFirstOrThrow();
    expect(Number(sheet.created)).toBe(0);
  });

  it('refuses hostile column names and a definition without a key with 400', async () => {
    for (const col of ['a"b', 'x;drop', 'order', '列']) {
      const id = await defineTable(t, unique(), [
        { columnName: 'id', type: 'int', primaryKey: 1 },
        { columnName: col, type: 'int' },
      ]);
      const r = await t.post('/api/action/createSqlTable/', { id });
      expect(r.statusCode, `${col}: ${r.body}`).toBe(400);
      expect(await history(t, id)).toEqual([]);
    }
    const id = await defineTable(t, unique(), [{ columnName: 'title', type: 'nvarchar' }]);
    const r = await t.post('/api/action/createSqlTable/', { id }, en);
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toContain('a table needs a primary key column');
  });

  it('answers 409 for a name of a built-in table, of another definition, or of a table the source already has', async () => {
    const builtin = await defineTable(t, 'questionBank', threeColumns());
    expect((await t.post('/api/action/createSqlTable/', { id: builtin })).statusCode).toBe(409);
    const name = unique();
    const first = await defineTable(t, name, threeColumns());
    const second = await defineTable(t, name.toUpperCase(), threeColumns());
    expect((await t.post('/api/action/createSqlTable/', { id: second })).statusCode).toBe(409);
    expect((await t.post('/api/action/createSqlTable/', { id: first })).statusCode).toBe(409);
    expect((await t.post('/api/action/delete/', { _flag: 'sys_dataSheet', id: second })).statusCode).toBe(200);
    expect((await t.post('/api/action/createSqlTable/', { id: first })).statusCode).toBe(200);
    const existing = unique();
    await sql.raw(`CREATE TABLE ${existing} (id INTEGER PRIMARY KEY)`).execute(t.ctx.conn.db);
    const third = await defineTable(t, existing, threeColumns());
    const r = await t.post('/api/action/createSqlTable/', { id: third }, en);
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toContain('read it back');
    expect((await t.post('/api/action/createSqlTable/', { id: 999999 })).statusCode).toBe(404);
  });

  it("lists the local tables without the app's own, reads one back into a definition, and refuses it twice", async () => {
    const name = unique('legacy');
    const q = t.ctx.conn.engine === 'mysql' ? '`' : '"';
    const auto = { sqlite: 'INTEGER PRIMARY KEY AUTOINCREMENT', postgres: 'SERIAL PRIMARY KEY', mysql: 'INT AUTO_INCREMENT PRIMARY KEY' }[
      t.ctx.conn.engine as 'sqlite'
    ];
    await sql
      .raw(`CREATE TABLE ${q}${name}${q} (${q}id${q} ${auto}, ${q}label${q} VARCHAR(30) NOT NULL, ${q}amount${q} DECIMAL(10,2), ${q}body${q} TEXT)`)
      .execute(t.ctx.conn.db);
    const list = await t.get('/api/datasources/tables/?sourceId=10000');
    expect(list.statusCode, list.body).toBe(200);
    const names: string[] = list.json().data.map((x: { tableName: string }) => x.tableName);
    expect(names).toContain(name);
    expect(names.filter((n) => /^(sys_|kysely_|sqlite_)/i.test(n) || ['questionBank', 'questionsClass', 'sys_user'].includes(n))).toEqual([]);
    expect(list.json().data.find((x: { tableName: string }) => x.tableName === name).defined).toBe(false);

    const r = await t.post('/api/datasources/readBack/', { sourceId: 10000, tableName: name });
    expect(r.statusCode, r.body).toBe(200);
    const id = r.json().data.id;
    const fields = await t.ctx.conn.db.selectFrom('sys_tableFields').selectAll().where('parentid', '=', id).orderBy('id').execute();
    expect(
      fields.map((f) => [
        f.columnName,
        f.type,
        f.type === 'nvarchar' ? Number(f.length) : null,
        Number(f.primaryKey),
        Number(f.nonEmpty),
        Number(f.autoIncrement),
      ]),
    ).toEqual([
      ['id', 'int', null, 1, 0, 1],
      ['label', 'nvarchar', 30, 0, 1, 0],
      ['amount', 'money', null, 0, 0, 0],
      ['body', 'ntext', null, 0, 0, 0],
    ]);
    const sheet = await t.ctx.conn.db.selectFrom('sys_dataSheet').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(Number(sheet.created)).toBe(1);
    expect(t.ctx.registry.has(name)).toBe(true);
    expect((await t.post('/api/action/save/', { _flag: name, params: { label: 'one', amount: 2 } })).statusCode).toBe(200);
    expect((await t.select(name)).body.total).toBe(1);
    const again = await t.get('/api/datasources/tables/?sourceId=10000');
    expect(again.json().data.find((x: { tableName: string }) => x.tableName === name).defined).toBe(true);
    expect((await t.post('/api/datasources/readBack/', { sourceId: 10000, tableName: name })).statusCode).toBe(409);
    expect((await t.post('/api/datasources/readBack/', { sourceId: 10000, tableName: 'no_such_table' })).statusCode).toBe(404);
    expect((await t.post('/api/datasources/readBack/', { sourceId: 10000, tableName: 'sys_user' })).statusCode).toBe(404);
  });

  it('generates the menu of a created table under 数据页面, refuses it twice or before the table exists, and the admin sees it at once', async () => {
    const name = unique();
    const id = await defineTable(t, name, threeColumns(), 10000, '商品表');
    const early = await t.post('/api/datasources/menu/', { sheetId: id });
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('TABLE_NOT_CREATED');
    const menusBefore = await t.get('/api/system/menu/');
    expect(menusBefore.statusCode).toBe(200);
    await t.post('/api/action/createSqlTable/', { id });
    const r = await t.post('/api/datasources/menu/', { sheetId: id });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data.url).toBe(`/manage/${name}`);
    const menu = await t.ctx.conn.db.selectFrom('sys_menu').selectAll().where('id', '=', r.json().data.menuId).executeTakeFirstOrThrow();
    expect(menu).toMatchObject({ name: '商品表', url: `/manage/${name}` });
    const group = await t.ctx.conn.db.selectFrom('sys_menu').selectAll().where('id', '=', menu.parentMenu).executeTakeFirstOrThrow();
    expect(group).toMatchObject({ name: '数据页面', menuMark: 'dataPages', parentMenu: 0 });
    const twice = await t.post('/api/datasources/menu/', { sheetId: id });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('MENU_URL_TAKEN');
    const menus = JSON.stringify((await t.get('/api/system/menu/')).json());
    expect(menus).toContain(`/manage/${name}`);
    // a second generated page goes into the same group
    const other = await defineTable(t, unique(), threeColumns());
    await t.post('/api/action/createSqlTable/', { id: other });
    const second = await t.post('/api/datasources/menu/', { sheetId: other });
    const menu2 = await t.ctx.conn.db.selectFrom('sys_menu').select('parentMenu').where('id', '=', second.json().data.menuId).executeTakeFirstOrThrow();
    expect(Number(menu2.parentMenu)).toBe(Number(menu.parentMenu));
  });

  it('runs one createSqlTable of a definition at a time, and fixes the name and source of a created table', async () => {
    const name = unique();
    const id = await defineTable(t, name, threeColumns());
    const [a, b] = await Promise.all([t.post('/api/action/createSqlTable/', { id }), t.post('/api/action/createSqlTable/', { id })]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect([a.json().data.applied, b.json().data.applied].sort()).toEqual([false, true]);
    expect(await history(t, id)).toHaveLength(1);
    for (const params of [{ tableName: unique() }, { parentid: 12345 }]) {
      const r = await t.post('/api/action/save/', { _flag: 'sys_dataSheet', params: { id, ...params } }, en);
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json().message).toContain('cannot be changed');
    }
    const sheet = await t.ctx.conn.db.selectFrom('sys_dataSheet').select(['tableName', 'parentid']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(sheet).toMatchObject({ tableName: name });
    expect(Number(sheet.parentid)).toBe(10000);
    expect((await t.post('/api/action/save/', { _flag: 'sys_dataSheet', params: { id, intro: '新描述' } })).statusCode).toBe(200);
  });

  it('refuses the calls to a role without save on sys_dataSheet', async () => {
    const loginid = unique('u');
    const created = await t.post('/api/user/save/', { params: { loginid, name: loginid } });
    expect(created.statusCode, created.body).toBe(200);
    const login = await t.login(loginid, created.json().data.password);
    const token = login.json().token;
    const call = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload, headers: { authorization: token } });
    expect((await call('/api/action/createSqlTable/', { id: 1, preview: true })).statusCode).toBe(403);
    expect((await call('/api/datasources/readBack/', { sourceId: 10000, tableName: 'x' })).statusCode).toBe(403);
    expect((await call('/api/datasources/menu/', { sheetId: 1 })).statusCode).toBe(403);
    expect((await call('/api/datasources/test/', { sqlType: 4, mainAddr: '127.0.0.1', databaseName: 'x', databaseUser: 'x' })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/datasources/tables/?sourceId=10000', headers: { authorization: token } })).statusCode).toBe(403);
  });
});
