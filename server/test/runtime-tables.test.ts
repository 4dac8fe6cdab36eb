import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startSecondInstance, startTestApp, type TestApp } from './helpers.ts';

/** Makes the physical table a definition describes (the data-table manager's createSqlTable does this for operators). */
async function createPhysical(t: TestApp, ddl: Record<string, string>) {
  await sql.raw(ddl[t.ctx.conn.engine]!).execute(t.ctx.conn.db);
}

/** Defines a table through the data-table API (rows in sys_dataSheet and sys_tableFields), marks it created and reloads. */
async function defineTable(t: TestApp, sheet: Record<string, unknown>, fields: Record<string, unknown>[]) {
  const r = await t.post('/api/action/masterSlave/', {
    _flag: 'sys_dataSheet',
    _flagChidren: 'sys_tableFields',
    mainData: sheet,
    chidrenData: fields,
    bindField: 'parentid',
  });
  expect(r.statusCode, r.body).toBe(200);
  const id = r.json().data.id as number;
  await t.ctx.conn.db.updateTable('sys_dataSheet').set({ created: 1 }).where('id', '=', id).execute();
  await t.ctx.conn.db
    .updateTable('sys_version')
    .set({ version: sql`version + 1` })
    .where('name', '=', 'registry')
    .execute();
  return id;
}

const bookDdl = {
  sqlite:
    'create table book (id integer primary key autoincrement, title varchar(80) not null, genre integer, price numeric, isdelete integer not null default 0)',
  postgres: 'create table book (id serial primary key, title varchar(80) not null, genre integer, price decimal(12,2), isdelete integer not null default 0)',
  mysql:
    'create table book (id integer primary key auto_increment, title varchar(80) not null, genre integer, price decimal(12,2), isdelete integer not null default 0)',
};
const bookFields = [
  { columnName: 'id', type: 'int', primaryKey: 1, autoIncrement: 1, intro: '编号' },
  { columnName: 'title', type: 'nvarchar', length: 80, nonEmpty: 1, intro: '书名', titleEn: 'Title' },
  {
    columnName: 'genre',
    type: 'int',
    intro: '类别',
    options: JSON.stringify([
      { value: 1, zh: '小说', en: 'Novel' },
      { value: 2, zh: '历史', en: 'History' },
    ]),
  },
  { columnName: 'price', type: 'money', intro: '价格' },
  { columnName: 'isdelete', type: 'int', defaults: '0' },
];

const codeDdl = {
  sqlite: 'create table region (code varchar(10) primary key, label varchar(50))',
  postgres: 'create table region (code varchar(10) primary key, label varchar(50))',
  mysql: 'create table region (code varchar(10) primary key, label varchar(50))',
};

describe.each(engines)('tables defined as data, served without code, on %s', (engine, url) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine, url);
  });
  afterAll(async () => t?.close());

  it('refuses an unknown flag until the table is defined and created, then serves select, save and delete', async () => {
    expect((await t.select('book')).status).toBe(400);
    await createPhysical(t, bookDdl);
    // defined but not yet created: still not served
    const r = await t.post('/api/action/masterSlave/', {
      _flag: 'sys_dataSheet',
      _flagChidren: 'sys_tableFields',
      mainData: { tableName: 'book', intro: '图书', titleEn: 'Books', parentid: 10000 },
      chidrenData: bookFields,
      bindField: 'parentid',
    });
    expect(r.statusCode).toBe(200);
    expect((await t.select('book')).status).toBe(400);
    await t.ctx.conn.db.updateTable('sys_dataSheet').set({ created: 1 }).where('id', '=', r.json().data.id).execute();
    await t.ctx.registrySync.reload();

    const meta = (await t.get('/api/schema/book')).json().data;
    expect(meta).toMatchObject({ flag: 'book', title: { zh: '图书', en: 'Books' }, source: 10000, primaryKey: 'id', dynamic: true, softDelete: true });
    expect(meta.columns.find((c: { name: string }) => c.name === 'genre').enum).toEqual([
      { value: 1, label: { zh: '小说', en: 'Novel' } },
      { value: 2, label: { zh: '历史', en: 'History' } },
    ]);
    expect(meta.columns.find((c: { name: string }) => c.name === 'title')).toMatchObject({ required: true, title: { zh: '书名', en: 'Title' }, length: 80 });

    const saved = await t.post('/api/action/save/', { _flag: 'book', params: { title: '红楼梦', genre: 1, price: 39.9 } });
    expect(saved.statusCode, saved.body).toBe(200);
    const id = saved.json().data.id;
    expect(await t.ctx.conn.db.selectFrom('book').selectAll().where('id', '=', id).executeTakeFirst()).toMatchObject({
      title: '红楼梦',
      genre: 1,
      isdelete: 0,
    });
    expect((await t.post('/api/action/save/', { _flag: 'book', params: { title: 'x', genre: 7 } })).json().message).toBe('字段 genre 的值只能是 1, 2 之一');
    expect((await t.post('/api/action/save/', { _flag: 'book', params: { genre: 2 } })).statusCode).toBe(400);
    expect((await t.post('/api/action/save/', { _flag: 'book', params: { id, price: 42 } })).statusCode).toBe(200);
    const listed = await t.select('book', { wheres: { genre: 1 } });
    expect(listed.body).toMatchObject({ total: 1, data: [{ id, title: '红楼梦', genre: 1, price: 42 }] });
    expect((await t.post('/api/action/delete/', { _flag: 'book', id })).statusCode).toBe(200);
    expect((await t.select('book')).body.total).toBe(0);
    expect(await t.ctx.conn.db.selectFrom('book').select('isdelete').where('id', '=', id).executeTakeFirst()).toEqual({ isdelete: 1 });
  });

  it('serves a table keyed by a text column, without soft delete', async () => {
    await createPhysical(t, codeDdl);
    await defineTable(t, { tableName: 'region', intro: '地区', parentid: 10000 }, [
      { columnName: 'code', type: 'nvarchar', length: 10, primaryKey: 1, nonEmpty: 1, intro: '代码' },
      { columnName: 'label', type: 'nvarchar', length: 50, intro: '名称' },
    ]);
    await t.ctx.registrySync.reload();
    expect((await t.post('/api/action/save/', { _flag: 'region', params: { label: 'no key' } })).statusCode).toBe(400);
    const saved = await t.post('/api/action/save/', { _flag: 'region', params: { code: 'GD', label: '广东' } });
    expect(saved.json().data).toEqual({ id: 'GD', created: true });
    expect((await t.post('/api/action/save/', { _flag: 'region', params: { id: 'GD', label: '广东省' } })).statusCode).toBe(200);
    expect((await t.post('/api/action/save/', { _flag: 'region', params: { id: 'GD', code: 'GX' } })).statusCode).toBe(400);
    expect((await t.select('region')).body.data).toEqual([{ code: 'GD', label: '广东省', _version: expect.any(String) }]);
    expect((await t.post('/api/action/delete/', { _flag: 'region', id: 'GD' })).statusCode).toBe(200);
    expect(await t.ctx.conn.db.selectFrom('region').selectAll().execute()).toEqual([]);
    expect((await t.post('/api/action/delete/', { _flag: 'region', id: 'GD' })).statusCode).toBe(404);
  });

  it('reloads at once when a definition changes here, and on another instance within 2 seconds', async () => {
    const other = await startSecondInstance(t);
    try {
      const login = await other.app.inject({ method: 'GET', url: '/api/schema/book', headers: { authorization: t.token } });
      expect(login.json().data.columns.map((c: { name: string }) => c.name)).not.toContain('note');
      await sql.raw('alter table book add column note varchar(40)').execute(t.ctx.conn.db);
      const sheet = await t.ctx.conn.db.selectFrom('sys_dataSheet').select('id').where('tableName', '=', 'book').executeTakeFirstOrThrow();
      // a column added through the API: this instance serves it at once
      const added = await t.post('/api/action/masterSlave/', {
        _flag: 'sys_dataSheet',
        _flagChidren: 'sys_tableFields',
        mainData: { id: sheet.id },
        chidrenData: [{ columnName: 'note', type: 'nvarchar', length: 40, intro: '备注' }],
        bindField: 'parentid',
      });
      expect(added.statusCode).toBe(200);
      expect((await t.post('/api/action/save/', { _flag: 'book', params: { title: '史记', note: '司马迁' } })).statusCode).toBe(200);
      // the other instance picks it up by polling the shared version
      const started = Date.now();
      let seen = false;
      while (!seen && Date.now() - started < 2500) {
        const meta = await other.app.inject({ method: 'GET', url: '/api/schema/book', headers: { authorization: t.token } });
        seen = meta.json().data.columns.some((c: { name: string }) => c.name === 'note');
        if (!seen) await new Promise((r) => setTimeout(r, 100));
      }
      expect(seen).toBe(true);
      expect(Date.now() - started).toBeLessThan(2000 + 300);
    } finally {
      await other.close();
    }
  });

  it('never lets a definition take the name of a built-in table, nor serve a broken one', async () => {
    await defineTable(t, { tableName: 'sys_user', parentid: 10000 }, [
      { columnName: 'id', type: 'int', primaryKey: 1 },
      { columnName: 'pass', type: 'nvarchar' },
    ]);
    await defineTable(t, { tableName: 'nokey', parentid: 10000 }, [{ columnName: 'label', type: 'nvarchar' }]);
    // the product's own tables that are not in the registry (sessions, captchas) can never be defined
    await defineTable(t, { tableName: 'sys_captcha', parentid: 10000 }, [
      { columnName: 'id', type: 'int', primaryKey: 1 },
      { columnName: 'code', type: 'nvarchar' },
    ]);
    await defineTable(t, { tableName: 'SYS_SESSION', parentid: 10000 }, [
      { columnName: 'id', type: 'int', primaryKey: 1 },
      { columnName: 'tokenHash', type: 'nvarchar' },
    ]);
    await t.ctx.registrySync.reload();
    expect((await t.select('sys_captcha')).status).toBe(400);
    expect((await t.select('SYS_SESSION')).status).toBe(400);
    // sys_user is still the built-in table: its password stays secret
    expect((await t.select('sys_user', { wheres: { pass: 'x' } })).status).toBe(400);
    expect((await t.select('nokey')).status).toBe(400);
  });
});

describe.each(engines)('a member balance follows the bill flows on %s', (engine, url) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine, url);
  });
  afterAll(async () => t?.close());

  const balance = async (id: number) =>
    Number((await t.ctx.conn.db.selectFrom('sys_member').select('balance').where('id', '=', id).executeTakeFirstOrThrow()).balance);

  it('applies a new flow, re-applies an edited one and takes back a deleted one, in the flow’s transaction', async () => {
    const member = (await t.post('/api/action/save/', { _flag: 'sys_member', params: { name: '余额测试', phone: '13900000000' } })).json().data.id as number;
    expect(await balance(member)).toBe(0);
    const flow = (await t.post('/api/action/save/', { _flag: 'userBillFlow', params: { memberid: member, type: 1, title: '奖励', money: 10.1 } })).json().data
      .id;
    expect(await balance(member)).toBe(10.1);
    await t.post('/api/action/save/', { _flag: 'userBillFlow', params: { memberid: member, type: 2, title: '提现', money: 0.2 } });
    expect(await balance(member)).toBe(9.9);
    await t.post('/api/action/save/', { _flag: 'userBillFlow', params: { id: flow, money: 4 } });
    expect(await balance(member)).toBe(3.8);
    await t.post('/api/action/save/', { _flag: 'userBillFlow', params: { id: flow, type: 2 } });
    expect(await balance(member)).toBe(-4.2);
    // a refused save changes nothing
    expect((await t.post('/api/action/save/', { _flag: 'userBillFlow', params: { id: flow, type: 7 } })).statusCode).toBe(400);
    expect(await balance(member)).toBe(-4.2);
    await t.post('/api/action/delete/', { _flag: 'userBillFlow', id: flow });
    expect(await balance(member)).toBe(-0.2);
    // moving a flow to another member moves its effect
    const other = (await t.post('/api/action/save/', { _flag: 'sys_member', params: { name: '另一位', phone: '13900000001' } })).json().data.id as number;
    const moved = (await t.post('/api/action/save/', { _flag: 'userBillFlow', params: { memberid: member, type: 1, money: 5 } })).json().data.id;
    await t.post('/api/action/save/', { _flag: 'userBillFlow', params: { id: moved, memberid: other } });
    expect([await balance(member), await balance(other)]).toEqual([-0.2, 5]);
  });
});

describe.runIf(process.env.TEST_PG_URL)('a defined table on another data source', () => {
  let t: TestApp;
  const table = `gadget_${Date.now().toString(36)}`;
  const onPg = async (text: string) => {
    const client = new pg.Client({ connectionString: process.env.TEST_PG_URL });
    await client.connect();
    await client.query(text);
    await client.end();
  };
  beforeAll(async () => {
    t = await startTestApp();
    await onPg(`create table ${table} (id serial primary key, label varchar(40) not null)`);
  });
  afterAll(async () => {
    await t?.close();
    await onPg(`drop table if exists ${table}`);
  });

  it('reads and writes its rows through the source’s own pool', async () => {
    const u = new URL(process.env.TEST_PG_URL!);
    const source = await t.ctx.conn.db
      .insertInto('sys_connsql')
      .values({
        name: 'pg',
        englishName: 'pg',
        sqlType: 4,
        mainAddr: u.hostname,
        port: Number(u.port || 5432),
        databaseName: u.pathname.slice(1),
        databaseUser: u.username || 'postgres',
        databasePsd: u.password || '',
        isdelete: 0,
      })
      .executeTakeFirstOrThrow();
    const sourceId = Number(source.insertId);
    await defineTable(t, { tableName: table, intro: '小工具', parentid: sourceId }, [
      { columnName: 'id', type: 'int', primaryKey: 1, autoIncrement: 1 },
      { columnName: 'label', type: 'nvarchar', length: 40, nonEmpty: 1, intro: '名称' },
    ]);
    await t.ctx.registrySync.reload();
    const saved = await t.post('/api/action/save/', { _flag: table, params: { label: '扳手' } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await t.select(table)).body).toMatchObject({ total: 1, data: [{ label: '扳手' }] });
    // the rows are on PostgreSQL, not in the local SQLite database
    expect(await t.ctx.conn.db.selectFrom('sqlite_master').select('name').where('name', '=', table).execute()).toEqual([]);
    expect((await t.post('/api/action/delete/', { _flag: table, id: saved.json().data.id })).statusCode).toBe(200);
    expect((await t.select(table)).body.total).toBe(0);
  });
});
