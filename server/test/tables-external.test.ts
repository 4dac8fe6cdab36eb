import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rand, scratchMaria, scratchPostgres } from './scratchSources.ts';
import { engines, startTestApp, type TestApp } from './helpers.ts';
import { addField, defineTable, history, threeColumns } from './tables-helpers.ts';

/** Connections saved through the generic save (write-only encrypted password) and external PostgreSQL/MariaDB sources (issue 11). */

const PG_URL = process.env.TEST_PG_URL;
const MYSQL_URL = process.env.TEST_MYSQL_URL;
const en = { 'accept-language': 'en-US' };

const saveSource = (t: TestApp, params: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.post(
    '/api/action/save/',
    {
      _flag: 'sys_connsql',
      params: { name: '外部库', englishName: 'ext', sqlType: 4, mainAddr: '127.0.0.1', port: 5432, databaseName: 'x', databaseUser: 'u', ...params },
    },
    headers,
  );
const rawPassword = async (t: TestApp, id: number) =>
  String((await t.ctx.conn.db.selectFrom('sys_connsql').select('databasePsd').where('id', '=', id).executeTakeFirstOrThrow()).databasePsd);

describe.each(engines)('saving a connection (app on %s)', (engine, url) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine, url);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('encrypts the password at rest, never answers it, and keeps it when an edit leaves it empty', async () => {
    const r = await saveSource(t, { databasePsd: 'Geheim-密码-1' });
    expect(r.statusCode, r.body).toBe(200);
    const id = Number(r.json().data.id);
    const stored = await rawPassword(t, id);
    expect(stored).toMatch(/^v1:/);
    expect(stored).not.toContain('Geheim');
    expect(t.ctx.sources.secretBox.decrypt(stored)).toBe('Geheim-密码-1');

    const list = await t.select('sys_connsql');
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).not.toMatch(/databasePsd|Geheim|v1:/);
    const exported = await t.get(`/api/export/table/?_flag=sys_connsql&format=csv`);
    expect(exported.statusCode).toBe(200);
    expect(exported.body).toContain('外部库');
    expect(exported.body).not.toMatch(/Geheim|v1:|密码/);
    const filtered = await t.select('sys_connsql', { wheres: { databasePsd: stored } });
    expect(filtered.status).toBe(400);
    const log = await t.ctx.conn.db.selectFrom('sys_operationLog').select('changes').where('flag', '=', 'sys_connsql').execute();
    expect(JSON.stringify(log)).not.toMatch(/Geheim|v1:/);

    for (const edit of [{ name: '改名' }, { name: '改名2', databasePsd: '' }, { databasePsd: null }]) {
      const e = await saveSource(t, { id, ...edit });
      expect(e.statusCode, e.body).toBe(200);
      expect(await rawPassword(t, id)).toBe(stored);
    }
    const changed = await saveSource(t, { id, databasePsd: 'new-pass' });
    expect(changed.statusCode).toBe(200);
    const now = await rawPassword(t, id);
    expect(now).not.toBe(stored);
    expect(t.ctx.sources.secretBox.decrypt(now)).toBe('new-pass');
  });

  it('refuses a new connection without a password, a bad type or port, over-long names; nothing is stored', async () => {
    const count = async () => (await t.ctx.conn.db.selectFrom('sys_connsql').select('id').execute()).length;
    const before = await count();
    const zh = await saveSource(t, { databasePsd: '' });
    expect(zh.statusCode).toBe(400);
    expect(zh.json().message).toBe('请输入数据库密码');
    expect((await saveSource(t, {}, en)).json().message).toBe('Please enter the database password');
    expect((await saveSource(t, { databasePsd: 'p', sqlType: 9 })).statusCode).toBe(400);
    expect((await saveSource(t, { databasePsd: 'p', port: 70000 })).statusCode).toBe(400);
    expect((await saveSource(t, { databasePsd: 'p', port: 0 })).statusCode).toBe(400);
    expect((await saveSource(t, { databasePsd: 'p', name: 'n'.repeat(21) })).statusCode).toBe(400);
    expect((await saveSource(t, { databasePsd: 'p', englishName: '' })).statusCode).toBe(400);
    expect(await count()).toBe(before);
  });

  it('keeps working with a plain-text password stored before encryption', async () => {
    const r = await saveSource(t, { databasePsd: 'x' });
    const id = Number(r.json().data.id);
    await t.ctx.conn.db.updateTable('sys_connsql').set({ databasePsd: 'old-plain' }).where('id', '=', id).execute();
    expect(await t.ctx.sources.storedPassword(id, { sqlType: 4, mainAddr: '127.0.0.1', port: 5432, databaseName: 'x', databaseUser: 'u' })).toBe('old-plain');
  });
});

async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('the connection test route', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a closed port is "unreachable" (502) at once', async () => {
    const port = await closedPort();
    const r = await t.post('/api/datasources/test/', { sqlType: 4, mainAddr: '127.0.0.1', port, databaseName: 'x', databaseUser: 'u', databasePsd: 'p' }, en);
    expect(r.statusCode).toBe(502);
    expect(r.json()).toMatchObject({ status: false, code: 'CONNECT_UNREACHABLE' });
    expect(r.json().message).toContain(`Cannot reach 127.0.0.1:${port}`);
  });

  it('a server that accepts and never answers is a timeout (504) within 6 s, while /api/health answers at once', async () => {
    const sockets = new Set<net.Socket>();
    const server = net.createServer((s) => {
      sockets.add(s);
      s.on('error', () => {});
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as net.AddressInfo).port;
    try {
      for (const sqlType of [4, 2]) {
        const started = Date.now();
        const pending = t.post('/api/datasources/test/', { sqlType, mainAddr: '127.0.0.1', port, databaseName: 'x', databaseUser: 'u', databasePsd: 'p' });
        await new Promise((r) => setTimeout(r, 200));
        const h0 = Date.now();
        const health = await t.app.inject({ method: 'GET', url: '/api/health' });
        expect(health.statusCode).toBe(200);
        expect(Date.now() - h0).toBeLessThan(500);
        const r = await pending;
        expect(Date.now() - started).toBeLessThan(6000);
        expect(r.statusCode).toBe(504);
        expect(r.json().code).toBe('CONNECT_TIMEOUT');
      }
    } finally {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => server.close(resolve));
    }
  }, 20_000);
});

interface External {
  label: string;
  sqlType: number;
  port: number;
  database: string;
  user: string;
  password: string;
  setup(): Promise<void>;
  /** SQL run on the external database itself */
  run(sql: string): Promise<Record<string, unknown>[]>;
  /** connections this server holds to it */
  connections(sourceId: number): Promise<number>;
  teardown(): Promise<void>;
}

function postgresExternal(): External {
  const source = scratchPostgres('t_ext');
  return {
    ...source,
    connections: async (id) =>
      Number(
        (
          await source.admin('select count(*) as n from pg_stat_activity where application_name = $1 and datname = $2', [`qb-source-${id}`, source.database])
        )[0]!.n,
      ),
  };
}

function mariaExternal(): External {
  const source = scratchMaria('t_ext', { ownSchema: true });
  return {
    ...source,
    connections: async () => Number((await source.admin('select count(*) as n from information_schema.processlist where user = ?', [source.user]))[0]!.n),
  };
}

const externals: [string, () => External][] = [
  ...(PG_URL ? ([['PostgreSQL', postgresExternal]] as [string, () => External][]) : []),
  ...(MYSQL_URL ? ([['MariaDB', mariaExternal]] as [string, () => External][]) : []),
];

async function eventually(check: () => Promise<boolean>, ms = 3000): Promise<boolean> {
  const until = Date.now() + ms;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > until) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.skipIf(externals.length === 0).each(externals)('an external %s source', (_label, make) => {
  const ext = make();
  let t: TestApp;
  let sourceId: number;
  const q = (name: string) => (ext.sqlType === 2 ? `\`${name}\`` : `"${name}"`);
  beforeAll(async () => {
    await ext.setup();
    t = await startTestApp('sqlite');
  });
  afterAll(async () => {
    await t?.close();
    await ext.teardown();
  });

  it('is saved, tested by the test button (stored password when left empty), and a wrong password is "login refused"', async () => {
    const saved = await saveSource(t, { sqlType: ext.sqlType, port: ext.port, databaseName: ext.database, databaseUser: ext.user, databasePsd: ext.password });
    expect(saved.statusCode, saved.body).toBe(200);
    sourceId = Number(saved.json().data.id);
    const body = { sqlType: ext.sqlType, mainAddr: '127.0.0.1', port: ext.port, databaseName: ext.database, databaseUser: ext.user };
    const r = await t.post('/api/datasources/test/', { ...body, id: sourceId, databasePsd: '' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ success: true, message: '连接成功', data: { ok: true, elapsedMs: expect.any(Number) } });
    const unknownDb = await t.post('/api/datasources/test/', { ...body, databaseName: 'no_such_db_x', databasePsd: ext.password });
    expect(unknownDb.statusCode).toBe(502);
    // MariaDB answers a database the user may not see as a refused login
    expect(unknownDb.json().code).toMatch(ext.sqlType === 2 ? /^CONNECT_(UNKNOWN_DATABASE|LOGIN_REFUSED)$/ : /^CONNECT_UNKNOWN_DATABASE$/);
    if (ext.sqlType === 2) {
      const wrong = await t.post('/api/datasources/test/', { ...body, databasePsd: 'wrong' });
      expect(wrong.statusCode).toBe(502);
      expect(wrong.json().code).toBe('CONNECT_LOGIN_REFUSED');
    }
  });

  it('creates a defined table there, alters it, and serves it through the generic calls', async () => {
    const name = `goods_${rand()}`;
    const id = await defineTable(t, name, threeColumns(), sourceId, '外部商品');
    const preview = await t.post('/api/action/createSqlTable/', { id, preview: true });
    expect(preview.json().data).toMatchObject({ sourceId, applied: false, created: false });
    expect(await ext.run(`select count(*) as n from information_schema.tables where table_name = '${name}'`)).toMatchObject([{ n: expect.anything() }]);
    const run = await t.post('/api/action/createSqlTable/', { id });
    expect(run.statusCode, run.body).toBe(200);
    const cols = await ext.run(`select column_name as c from information_schema.columns where table_name = '${name}' order by ordinal_position`);
    expect(cols.map((c) => c.c ?? c.C)).toEqual(['id', 'title', 'price']);
    expect((await history(t, id)).map((h) => h.result)).toEqual(['ok']);

    await addField(t, id, { columnName: 'stock', type: 'int', intro: '库存' });
    const title = await t.ctx.conn.db
      .selectFrom('sys_tableFields')
      .select('id')
      .where('parentid', '=', id)
      .where('columnName', '=', 'title')
      .executeTakeFirstOrThrow();
    await t.post('/api/action/save/', { _flag: 'sys_tableFields', params: { id: title.id, length: 100 } });
    const alter = await t.post('/api/action/createSqlTable/', { id });
    expect(alter.statusCode, alter.body).toBe(200);
    expect(alter.json().data.statements).toHaveLength(2);
    const after = await ext.run(
      `select column_name as c, character_maximum_length as l from information_schema.columns where table_name = '${name}' order by ordinal_position`,
    );
    expect(after.map((c) => [c.c ?? c.C, c.l === null || c.l === undefined ? null : Number(c.l ?? c.L)])).toEqual([
      ['id', null],
      ['title', 100],
      ['price', null],
      ['stock', null],
    ]);

    // the generated page's calls: add, find, edit, delete
    const saved = await t.post('/api/action/save/', { _flag: name, params: { title: 'x'.repeat(90), price: 9.5, stock: 3 } });
    expect(saved.statusCode, saved.body).toBe(200);
    const rowId = saved.json().data.id;
    expect((await ext.run(`select title, stock from ${q(name)}`))[0]).toMatchObject({ title: 'x'.repeat(90), stock: 3 });
    const found = await t.select(name, { wheres: { title: 'x'.repeat(90) } });
    expect(found.body.total).toBe(1);
    expect((await t.post('/api/action/save/', { _flag: name, params: { id: rowId, stock: 4 } })).statusCode).toBe(200);
    expect((await ext.run(`select stock from ${q(name)}`))[0]).toMatchObject({ stock: 4 });
    expect((await t.post('/api/action/delete/', { _flag: name, id: rowId })).statusCode).toBe(200);
    expect(await ext.run(`select * from ${q(name)}`)).toEqual([]);

    const menu = await t.post('/api/datasources/menu/', { sheetId: id });
    expect(menu.statusCode, menu.body).toBe(200);
    expect(menu.json().data.url).toBe(`/manage/${name}`);
  });

  it('lists its tables and reads an existing one back into a definition', async () => {
    const name = `legacy_${rand()}`;
    const auto = ext.sqlType === 2 ? 'INT AUTO_INCREMENT PRIMARY KEY' : 'INTEGER GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY';
    await ext.run(
      `CREATE TABLE ${q(name)} (${q('id')} ${auto}, ${q('label')} VARCHAR(40) NOT NULL, ${q('at')} ${ext.sqlType === 2 ? 'DATETIME' : 'TIMESTAMP'}, ${q('score')} DOUBLE PRECISION)`,
    );
    await ext.run(`INSERT INTO ${q(name)} (${q('label')}) VALUES ('old row')`);
    const list = await t.get(`/api/datasources/tables/?sourceId=${sourceId}`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data).toContainEqual({ tableName: name, defined: false });
    expect(list.json().data.filter((x: { defined: boolean }) => x.defined)).toHaveLength(1);
    const r = await t.post('/api/datasources/readBack/', { sourceId, tableName: name });
    expect(r.statusCode, r.body).toBe(200);
    const fields = await t.ctx.conn.db.selectFrom('sys_tableFields').selectAll().where('parentid', '=', r.json().data.id).orderBy('id').execute();
    expect(fields.map((f) => [f.columnName, f.type, Number(f.primaryKey), Number(f.nonEmpty), Number(f.autoIncrement)])).toEqual([
      ['id', 'int', 1, 0, 1],
      ['label', 'nvarchar', 0, 1, 0],
      ['at', 'datetime', 0, 0, 0],
      ['score', 'float', 0, 0, 0],
    ]);
    expect(Number(fields[1]!.length)).toBe(40);
    const rows = await t.select(name);
    expect(rows.body.data).toMatchObject([{ label: 'old row' }]);
    expect((await t.post('/api/datasources/readBack/', { sourceId, tableName: name })).statusCode).toBe(409);
    expect((await t.post('/api/datasources/readBack/', { sourceId, tableName: 'nothing_here' })).statusCode).toBe(404);
  });

  it('deleting the source closes its pool', async () => {
    expect(t.ctx.sources.openSourceIds()).toContain(sourceId);
    expect(await ext.connections(sourceId)).toBeGreaterThan(0);
    // a source in use is not deleted (409 ROW_IN_USE naming its tables, issue 19): its menus and definitions go first
    const refused = await t.post('/api/action/delete/', { _flag: 'sys_connsql', id: sourceId });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().code).toBe('ROW_IN_USE');
    const sheets = await t.ctx.conn.db
      .selectFrom('sys_dataSheet')
      .select(['id', 'tableName'])
      .where('parentid', '=', sourceId)
      .where('isdelete', '=', 0)
      .execute();
    for (const sheet of sheets) {
      const menus = await t.ctx.conn.db.selectFrom('sys_menu').select('id').where('url', '=', `/manage/${sheet.tableName}`).where('isdelete', '=', 0).execute();
      for (const m of menus) expect((await t.post('/api/action/delete/', { _flag: 'sys_menu', id: Number(m.id) })).statusCode).toBe(200);
      const d = await t.post('/api/action/delete/', { _flag: 'sys_dataSheet', id: Number(sheet.id) });
      expect(d.statusCode, d.body).toBe(200);
    }
    const r = await t.post('/api/action/delete/', { _flag: 'sys_connsql', id: sourceId });
    expect(r.statusCode, r.body).toBe(200);
    expect(t.ctx.sources.openSourceIds()).not.toContain(sourceId);
    expect(await eventually(async () => (await ext.connections(sourceId)) === 0)).toBe(true);
  });
});
