import { SOURCE_NO_PASSWORD } from '@qb/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestApp, type TestApp } from './helpers.ts';

/**
 * A database without a password (issue 19 #8): MariaDB's root with an empty password, PostgreSQL with trust
 * authentication. The form says so explicitly (SOURCE_NO_PASSWORD on save, noPassword on the test), the source is
 * stored with the empty password, and moving it elsewhere does not ask for a password it never had. The real
 * servers at TEST_MYSQL_URL and TEST_PG_URL are the sources when set (both passwordless here).
 */
const targets = [
  { name: 'mysql', url: process.env.TEST_MYSQL_URL, sqlType: 2 },
  { name: 'postgres', url: process.env.TEST_PG_URL, sqlType: 4 },
]
  .filter((x) => x.url && new URL(x.url).password === '')
  .map((x) => {
    const u = new URL(x.url!);
    return { ...x, mainAddr: u.hostname, port: Number(u.port), databaseName: u.pathname.slice(1), databaseUser: decodeURIComponent(u.username) };
  });

describe.each(engines)('sources without a password, stored on %s', (engine, url) => {
  let t: TestApp;
  const stored = async (id: number) =>
    (await t.ctx.conn.db.selectFrom('sys_connsql').select('databasePsd').where('id', '=', id).executeTakeFirstOrThrow()).databasePsd;
  const base = { englishName: 'nopass', sqlType: 2, mainAddr: '127.0.0.1', port: 3306, databaseName: 'test', databaseUser: 'root' };

  beforeAll(async () => {
    t = await startTestApp(engine, url);
  });
  afterAll(async () => t?.close());

  it('refuses a new source with no password unless it says it has none, and stores the empty password', async () => {
    const none = await t.post('/api/action/save/', { _flag: 'sys_connsql', params: { ...base, name: 'np-1' } });
    expect(none.statusCode).toBe(400);
    expect(none.json().code).toBe('SOURCE_PASSWORD_REQUIRED');
    const r = await t.post('/api/action/save/', { _flag: 'sys_connsql', params: { ...base, name: 'np-1', databasePsd: SOURCE_NO_PASSWORD } });
    expect(r.statusCode, r.body).toBe(200);
    const id = Number(r.json().data.id);
    expect(await stored(id)).toBe('');
    // an edit that moves it (host, port, database, user) keeps 'no password' without asking for one
    const moved = await t.post('/api/action/save/', { _flag: 'sys_connsql', params: { id, databaseName: 'other', port: 3307 } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await stored(id)).toBe('');
    // a password typed later replaces 'none' (encrypted), and 'none' said again clears it
    expect((await t.post('/api/action/save/', { _flag: 'sys_connsql', params: { id, databasePsd: 'secret-1' } })).statusCode).toBe(200);
    expect(String(await stored(id))).toMatch(/^v1:/);
    expect((await t.post('/api/action/save/', { _flag: 'sys_connsql', params: { id, databasePsd: SOURCE_NO_PASSWORD } })).statusCode).toBe(200);
    expect(await stored(id)).toBe('');
  });

  it('still asks for the password again when a source with one moves', async () => {
    const r = await t.post('/api/action/save/', { _flag: 'sys_connsql', params: { ...base, name: 'np-2', databasePsd: 'secret-2' } });
    const moved = await t.post('/api/action/save/', { _flag: 'sys_connsql', params: { id: r.json().data.id, databaseName: 'other' } });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().code).toBe('SOURCE_PASSWORD_REQUIRED');
  });

  it.each(targets)('tests and saves the passwordless $name server, and lists its tables', async (target) => {
    const conn = {
      sqlType: target.sqlType,
      mainAddr: target.mainAddr,
      port: target.port,
      databaseName: target.databaseName,
      databaseUser: target.databaseUser,
    };
    const test = await t.post('/api/datasources/test/', { ...conn, noPassword: true });
    expect(test.statusCode, test.body).toBe(200);
    const saved = await t.post('/api/action/save/', {
      _flag: 'sys_connsql',
      params: { ...conn, name: `np-${target.name}`, englishName: 'np', databasePsd: SOURCE_NO_PASSWORD },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const id = Number(saved.json().data.id);
    // an edit's test with the stored (empty) password
    expect((await t.post('/api/datasources/test/', { ...conn, id })).statusCode).toBe(200);
    const tables = await t.get(`/api/datasources/tables/?sourceId=${id}`);
    expect(tables.statusCode, tables.body).toBe(200);
    expect(Array.isArray(tables.json().data)).toBe(true);
  });
});
