import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestApp, type TestApp } from './helpers.ts';
import { defineTable, threeColumns } from './tables-helpers.ts';

/**
 * Attack (issue 11/12 review): the routes of data sources, table definitions and bound forms called by roles that
 * hold other pages only, and the menus they can make. Refused is exactly 403 and nothing written.
 */

const unique = (prefix = 'atk') => `${prefix}${crypto.randomBytes(4).toString('hex')}`;

describe.each(engines)('authorization of the data-source and form routes (%s)', (engine, url) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const roles: Record<string, number> = {};
  const menuId = async (u: string) => Number((await t.ctx.conn.db.selectFrom('sys_menu').select('id').where('url', '=', u).executeTakeFirstOrThrow()).id);
  const as = (who: string) => ({
    get: (u: string) => t.app.inject({ method: 'GET', url: u, headers: { authorization: tokens[who]! } }),
    post: (u: string, body: unknown) => t.app.inject({ method: 'POST', url: u, payload: body as object, headers: { authorization: tokens[who]! } }),
  });
  const grant = async (who: string, grants: { menuId: number; actions: string[] }[]) => {
    const r = await t.post('/api/access/role/', { roleId: roles[who], grants });
    expect(r.statusCode, r.body).toBe(200);
  };

  beforeAll(async () => {
    t = await startTestApp(engine, url);
    for (const who of ['question', 'dataMana', 'menus']) {
      roles[who] = Number((await t.post('/api/action/save/', { _flag: 'sys_role', params: { name: `r-${who}`, department: 'test' } })).json().data.id);
      const user = await t.post('/api/user/save/', { params: { loginid: `u-${who}`, name: who } });
      expect((await t.post('/api/user/roles/', { id: user.json().data.id, roleIds: [roles[who]] })).statusCode).toBe(200);
      tokens[who] = (await t.login(`u-${who}`, user.json().data.password as string)).json().token;
    }
    await grant('question', [{ menuId: await menuId('/manage/questionBank'), actions: ['view', 'save', 'delete', 'import', 'export'] }]);
    await grant('dataMana', [{ menuId: await menuId('/manage/dataMana'), actions: ['view', 'save', 'delete', 'export'] }]);
    await grant('menus', [{ menuId: await menuId('/manage/menu'), actions: ['view', 'save', 'delete', 'export'] }]);
  });
  afterAll(async () => t?.close());

  it('a role of the question pages only is refused every new route, and the DDL history', async () => {
    const sheet = await defineTable(t, unique(), threeColumns());
    const [layId] = await t.ctx.conn.db
      .selectFrom('sys_layTable')
      .select('id')
      .limit(1)
      .execute()
      .then((r) => r.map((x) => Number(x.id)));
    const calls: [string, string, unknown?][] = [
      ['POST', '/api/datasources/test/', { sqlType: 4, mainAddr: '127.0.0.1', databaseName: 'x', databaseUser: 'u', databasePsd: 'p' }],
      ['POST', '/api/action/createSqlTable/', { id: sheet, preview: true }],
      ['POST', '/api/action/createSqlTable/', { id: sheet }],
      ['GET', '/api/datasources/tables/?sourceId=10000'],
      ['POST', '/api/datasources/readBack/', { sourceId: 10000, tableName: 'anything' }],
      ['POST', '/api/datasources/menu/', { sheetId: sheet }],
      ['POST', '/api/forms/createTable/', { id: layId ?? 1, preview: true }],
      ['GET', '/api/select/?_flag=sys_ddlHistory'],
      ['GET', '/api/export/table/?_flag=sys_ddlHistory&format=csv'],
      ['GET', '/api/schema/sys_ddlHistory'],
      ['GET', '/api/select/?_flag=sys_connsql'],
    ];
    for (const [method, u, body] of calls) {
      const r = method === 'GET' ? await as('question').get(u) : await as('question').post(u, body);
      expect(r.statusCode, `${method} ${u}: ${r.body}`).toBe(403);
    }
    const created = await t.ctx.conn.db.selectFrom('sys_dataSheet').select('created').where('id', '=', sheet).executeTakeFirstOrThrow();
    expect(Number(created.created)).toBe(0);
  });

  it('a role of the data-table page may define and create tables but not test connections or make menus', async () => {
    const c = as('dataMana');
    expect(
      (await c.post('/api/datasources/test/', { sqlType: 4, mainAddr: '127.0.0.1', databaseName: 'x', databaseUser: 'u', databasePsd: 'p' })).statusCode,
    ).toBe(403);
    expect(
      (
        await c.post('/api/action/save/', {
          _flag: 'sys_connsql',
          params: { name: 'x', englishName: 'x', sqlType: 4, mainAddr: 'h', databaseName: 'd', databaseUser: 'u', databasePsd: 'p' },
        })
      ).statusCode,
    ).toBe(403);
    const name = unique();
    const sheet = await defineTable(t, name, threeColumns());
    const run = await c.post('/api/action/createSqlTable/', { id: sheet });
    expect(run.statusCode, run.body).toBe(200);
    expect((await c.get('/api/select/?_flag=sys_ddlHistory')).statusCode).toBe(200);
    const menusBefore = (await t.ctx.conn.db.selectFrom('sys_menu').select('id').execute()).length;
    expect((await c.post('/api/datasources/menu/', { sheetId: sheet })).statusCode).toBe(403);
    expect((await t.ctx.conn.db.selectFrom('sys_menu').select('id').execute()).length).toBe(menusBefore);
    // the created table's own page is not theirs: creating a table grants nothing
    expect((await c.get(`/api/select/?_flag=${name}`)).statusCode).toBe(403);
    // and a role of the menu page alone cannot make a table's menu either
    expect((await as('menus').post('/api/datasources/menu/', { sheetId: sheet })).statusCode).toBe(403);
  });

  it('read-back never offers or takes the app own tables, whatever their spelling', async () => {
    const listed = (await t.get('/api/datasources/tables/?sourceId=10000')).json().data as { tableName: string }[];
    expect(listed.filter((x) => /^(sys_|kysely_|sqlite_)/i.test(x.tableName) || t.ctx.registry.isBuiltinName(x.tableName))).toEqual([]);
    const sheets = async () => (await t.ctx.conn.db.selectFrom('sys_dataSheet').select('id').execute()).length;
    const before = await sheets();
    for (const tableName of [
      'sys_user',
      'SYS_USER',
      'Sys_User',
      'kysely_migration',
      'kysely_migration_lock',
      'sqlite_sequence',
      'sqlite_master',
      'questionBank',
      'testList',
      'sys_loginFailure',
      'sys_session',
    ]) {
      const r = await t.post('/api/datasources/readBack/', { sourceId: 10000, tableName });
      expect(r.statusCode, `${tableName}: ${r.body}`).toBeGreaterThanOrEqual(400);
      expect(r.statusCode, `${tableName}: ${r.body}`).toBeLessThan(500);
    }
    expect(await sheets()).toBe(before);
  });

  it('making a table menu grants nothing to anyone; a menu pointed at a system table offers no grant', async () => {
    const name = unique();
    const sheet = await defineTable(t, name, threeColumns());
    expect((await t.post('/api/action/createSqlTable/', { id: sheet })).statusCode).toBe(200);
    const grantsBefore = await t.ctx.conn.db.selectFrom('sys_roleMenu').selectAll().orderBy('roleId').orderBy('menuId').execute();
    const made = await t.post('/api/datasources/menu/', { sheetId: sheet });
    expect(made.statusCode, made.body).toBe(200);
    expect(await t.ctx.conn.db.selectFrom('sys_roleMenu').selectAll().orderBy('roleId').orderBy('menuId').execute()).toEqual(grantsBefore);
    for (const who of ['question', 'dataMana', 'menus']) expect((await as(who).get(`/api/select/?_flag=${name}`)).statusCode).toBe(403);

    // a menu-page role makes a menu at the generic address of the accounts table, the sources or the grants' roles
    for (const flag of ['sys_user', 'sys_connsql', 'sys_role', 'sys_ddlHistory']) {
      const menu = await as('menus').post('/api/action/save/', {
        _flag: 'sys_menu',
        params: { name: `报表${flag}`, url: `/manage/${flag}`, menuType: 1, display: 1, parentMenu: 0 },
      });
      expect(menu.statusCode, menu.body).toBe(200);
      // such a menu offers nothing: an administrator's grant of it is refused, and the role has nothing on that table
      const refused = await t.post('/api/access/role/', {
        roleId: roles.question,
        grants: [{ menuId: Number(menu.json().data.id), actions: ['view', 'save', 'delete', 'export'] }],
      });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().message).toMatch(/offers no view/);
      const info = (await as('question').get('/api/user/userInfo/')).json().data[0];
      expect(info.grants[flag], flag).toBeUndefined();
      expect((await as('question').get(`/api/select/?_flag=${flag}`)).statusCode, flag).toBe(403);
    }
    expect((await as('question').post('/api/user/save/', { params: { loginid: 'sneaky', name: 'x' } })).statusCode).toBe(403);
  });
});
