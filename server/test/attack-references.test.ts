import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageDeclaration } from '../src/access/pages.ts';
import { referenceRefusal } from '../src/schema/references.ts';
import { engines, startTestApp, type TestApp } from './helpers.ts';
import { defineTable, threeColumns } from './tables-helpers.ts';

/**
 * Issue 17 #1: a column reference gives `view` on the referenced table to every role granted the referencing page, so
 * a reference may never point at a system table or a table of another source, on any write path of sys_tableFields,
 * and what an earlier release stored is not honoured either.
 */

const unique = (prefix = 'ref') => `${prefix}${crypto.randomBytes(4).toString('hex')}`;

describe.each(engines)('references cannot widen grants (%s)', (engine, url) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const roles: Record<string, number> = {};
  let table: string;
  let sheetId: number;
  let titleField: number;
  let systemFlags: string[];
  const menuId = async (u: string) => Number((await t.ctx.conn.db.selectFrom('sys_menu').select('id').where('url', '=', u).executeTakeFirstOrThrow()).id);
  const as = (who: string) => ({
    get: (u: string) => t.app.inject({ method: 'GET', url: u, headers: { authorization: tokens[who]! } }),
    post: (u: string, body: unknown) => t.app.inject({ method: 'POST', url: u, payload: body as object, headers: { authorization: tokens[who]! } }),
  });
  const grant = async (who: string, grants: { menuId: number; actions: string[] }[]) => {
    const r = await t.post('/api/access/role/', { roleId: roles[who], grants });
    expect(r.statusCode, r.body).toBe(200);
  };
  const fieldRow = (id: number) => t.ctx.conn.db.selectFrom('sys_tableFields').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  beforeAll(async () => {
    t = await startTestApp(engine, url);
    for (const who of ['generated', 'dataMana']) {
      roles[who] = Number((await t.post('/api/action/save/', { _flag: 'sys_role', params: { name: `r-${who}`, department: 'test' } })).json().data.id);
      const user = await t.post('/api/user/save/', { params: { loginid: `u-${who}`, name: who } });
      expect((await t.post('/api/user/roles/', { id: user.json().data.id, roleIds: [roles[who]] })).statusCode).toBe(200);
      tokens[who] = (await t.login(`u-${who}`, user.json().data.password as string)).json().token;
    }
    table = unique();
    sheetId = await defineTable(t, table, [...threeColumns(), { columnName: 'subject', type: 'int', intro: '科目' }]);
    expect((await t.post('/api/action/createSqlTable/', { id: sheetId })).statusCode).toBe(200);
    const menu = await t.post('/api/datasources/menu/', { sheetId });
    expect(menu.statusCode, menu.body).toBe(200);
    await grant('generated', [{ menuId: await menuId(`/manage/${table}`), actions: ['view'] }]);
    await grant('dataMana', [{ menuId: await menuId('/manage/dataMana'), actions: ['view', 'save', 'delete', 'export'] }]);
    titleField = Number(
      (
        await t.ctx.conn.db
          .selectFrom('sys_tableFields')
          .select('id')
          .where('parentid', '=', sheetId)
          .where('columnName', '=', 'subject')
          .executeTakeFirstOrThrow()
      ).id,
    );
    systemFlags = t.ctx.registry.flags().filter((f) => !t.ctx.registry.get(f).dynamic && !t.ctx.registry.get(f).referable);
    expect(systemFlags).toEqual(expect.arrayContaining(['sys_operationLog', 'sys_user', 'sys_loginLog', 'sys_connsql', 'sys_member', 'sys_role']));
  });
  afterAll(async () => t?.close());

  it('every system table is refused as a reference on every write path, and nothing is written', async () => {
    for (const flag of systemFlags) {
      for (const spelling of [flag, flag.toUpperCase()]) {
        const before = await fieldRow(titleField);
        const update = await as('dataMana').post('/api/action/save/', { _flag: 'sys_tableFields', params: { id: titleField, refTable: spelling } });
        expect(update.statusCode, `${spelling}: ${update.body}`).toBe(400);
        expect(update.json().code).toBe('REFERENCE_REFUSED');
        expect(await fieldRow(titleField)).toEqual(before);
      }
      const insert = await as('dataMana').post('/api/action/save/', {
        _flag: 'sys_tableFields',
        params: { parentid: sheetId, columnName: 'who', type: 'int', refTable: flag, refLabel: 'id' },
      });
      expect(insert.statusCode, insert.body).toBe(400);
      const sheetsBefore = await t.ctx.conn.db.selectFrom('sys_dataSheet').select('id').execute();
      const master = await as('dataMana').post('/api/action/masterSlave/', {
        _flag: 'sys_dataSheet',
        _flagChidren: 'sys_tableFields',
        bindField: 'parentid',
        mainData: { tableName: unique(), parentid: 10000 },
        chidrenData: [...threeColumns(), { columnName: 'who', type: 'int', refTable: flag }],
      });
      expect(master.statusCode, master.body).toBe(400);
      expect(await t.ctx.conn.db.selectFrom('sys_dataSheet').select('id').execute()).toHaveLength(sheetsBefore.length);
    }
    expect(
      await t.ctx.conn.db.selectFrom('sys_tableFields').select('id').where('parentid', '=', sheetId).where('columnName', '=', 'who').execute(),
    ).toHaveLength(0);
    // the generated page's role still sees none of them
    for (const flag of systemFlags) expect((await as('generated').get(`/api/select/?_flag=${flag}`)).statusCode, flag).toBe(403);
  });

  it('content tables of the local database and operator tables of the same source may be referenced, with a real label column', async () => {
    const other = unique('oth');
    const otherSheet = await defineTable(t, other, [...threeColumns(), { columnName: 'name', type: 'nvarchar', length: 20 }]);
    expect((await t.post('/api/action/createSqlTable/', { id: otherSheet })).statusCode).toBe(200);
    for (const [refTable, refLabel] of [
      ['questionsClass', 'name'],
      [other, 'title'],
      [table, 'title'],
    ]) {
      const r = await as('dataMana').post('/api/action/save/', { _flag: 'sys_tableFields', params: { id: titleField, refTable, refLabel } });
      expect(r.statusCode, `${refTable}: ${r.body}`).toBe(200);
      const info = (await as('generated').get('/api/user/userInfo/')).json().data[0];
      expect(info.grants[refTable], refTable).toContain('view');
    }
    // a label column the table does not have, or a secret one, is refused
    for (const [refTable, refLabel] of [
      ['questionsClass', 'nope'],
      [other, 'pass'],
      [table, 'nope'],
    ]) {
      const r = await as('dataMana').post('/api/action/save/', { _flag: 'sys_tableFields', params: { id: titleField, refTable, refLabel } });
      expect(r.statusCode, `${refTable}.${refLabel}: ${r.body}`).toBe(400);
    }
    // an unknown or not yet created table is refused
    const notCreated = unique('nc');
    await defineTable(t, notCreated, threeColumns());
    for (const refTable of [notCreated, 'no_such_table']) {
      const r = await as('dataMana').post('/api/action/save/', { _flag: 'sys_tableFields', params: { id: titleField, refTable, refLabel: 'title' } });
      expect(r.statusCode, r.body).toBe(400);
    }
  });

  it('a table of another data source references nothing of the local database, and no local table references it', async () => {
    const source = await t.post('/api/action/save/', {
      _flag: 'sys_connsql',
      params: {
        name: 'elsewhere',
        englishName: 'elsewhere',
        sqlType: 4,
        mainAddr: '127.0.0.1',
        port: 5432,
        databaseName: 'elsewhere',
        databaseUser: 'postgres',
        databasePsd: 'x',
      },
    });
    expect(source.statusCode, source.body).toBe(200);
    const foreignSheet = await defineTable(t, unique('far'), threeColumns(), Number(source.json().data.id));
    for (const refTable of ['questionsClass', table]) {
      const r = await as('dataMana').post('/api/action/save/', {
        _flag: 'sys_tableFields',
        params: { parentid: foreignSheet, columnName: 'ref', type: 'int', refTable, refLabel: 'id' },
      });
      expect(r.statusCode, `${refTable}: ${r.body}`).toBe(400);
      expect(r.json().code).toBe('REFERENCE_REFUSED');
    }
    // the rule itself, both ways
    expect(referenceRefusal({ flag: 'a', source: 10000, dynamic: true }, { flag: 'b', source: 10001, dynamic: true })).toBeDefined();
    expect(referenceRefusal({ flag: 'a', source: 10001, dynamic: true }, { flag: 'b', source: 10000, dynamic: true })).toBeDefined();
    expect(referenceRefusal({ flag: 'a', source: 10001, dynamic: true }, { flag: 'b', source: 10001, dynamic: true })).toBeUndefined();
  });

  it('a reference to a system table stored by an earlier release is not served and gives no grant', async () => {
    await t.ctx.conn.db.updateTable('sys_tableFields').set({ refTable: 'sys_operationLog', refLabel: 'flag' }).where('id', '=', titleField).execute();
    await t.ctx.registrySync.reload();
    t.ctx.sessions.forgetAll();
    expect(t.ctx.registry.get(table).columns.get('subject')?.references).toBeUndefined();
    expect((await as('generated').get('/api/user/userInfo/')).json().data[0].grants.sys_operationLog).toBeUndefined();
    expect((await as('generated').get('/api/select/?_flag=sys_operationLog')).statusCode).toBe(403);
    // the table itself is still served
    expect((await as('generated').get(`/api/select/?_flag=${table}`)).statusCode).toBe(200);
    await t.ctx.conn.db.updateTable('sys_tableFields').set({ refTable: null, refLabel: null }).where('id', '=', titleField).execute();
    await t.ctx.registrySync.reload();
  });

  it('no page of the seed gives view on a system table it does not declare', async () => {
    const menus = await t.ctx.conn.db.selectFrom('sys_menu').select(['id', 'url']).where('isdelete', '=', 0).execute();
    const answer = (await t.get('/api/access/menuActions/')).json().data as { menuId: number; actions: string[] }[];
    const offered = Object.fromEntries(answer.map((m) => [String(m.menuId), m.actions]));
    let checked = 0;
    for (const menu of menus) {
      const declaration = pageDeclaration(menu.url === null ? '' : String(menu.url), t.ctx.registry);
      const actions = offered[String(menu.id)] ?? [];
      if (!declaration || actions.length === 0) continue;
      await grant('generated', [{ menuId: Number(menu.id), actions }]);
      const grants = (await as('generated').get('/api/user/userInfo/')).json().data[0].grants as Record<string, string[]>;
      for (const flag of Object.keys(grants)) {
        const allowed = flag in declaration.tables || t.ctx.registry.get(flag).referable || t.ctx.registry.get(flag).dynamic;
        expect(allowed, `${menu.url} gives view on ${flag}`).toBe(true);
      }
      checked++;
    }
    expect(checked).toBeGreaterThan(15);
  });
});
