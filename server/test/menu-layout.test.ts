import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestApp, type TestApp } from './helpers.ts';

/**
 * GET /api/system/layout/: the layout record (数据设计) of a menu, for whoever may open that menu — a role granted
 * only a generated page reads its page's layout, and nothing else of sys_layList.
 */
describe.each(engines)('menu layouts on %s', (engine, url) => {
  let t: TestApp;
  let token = '';
  let listMenu = 0;
  let userMenu = 0;
  const asViewer = (u: string) => t.app.inject({ method: 'GET', url: u, headers: { authorization: token } });
  const layout = JSON.stringify({ flag: 'testList', columns: ['name', 'age'], search: ['name'], formFields: ['name', 'age'] });

  beforeAll(async () => {
    t = await startTestApp(engine, url);
    const db = t.ctx.conn.db;
    listMenu = Number((await db.selectFrom('sys_menu').select('id').where('url', '=', '/manage/testList').executeTakeFirstOrThrow()).id);
    userMenu = Number((await db.selectFrom('sys_menu').select('id').where('url', '=', '/manage/user').executeTakeFirstOrThrow()).id);
    expect((await t.post('/api/action/save/', { _flag: 'sys_layList', params: { menuId: listMenu, layout } })).statusCode).toBe(200);
    expect(
      (await t.post('/api/action/save/', { _flag: 'sys_layList', params: { menuId: userMenu, layout: '{"flag":"sys_user","columns":["name"]}' } })).statusCode,
    ).toBe(200);
    const role = Number((await t.post('/api/action/save/', { _flag: 'sys_role', params: { name: 'list-viewer', department: 'ops' } })).json().data.id);
    expect((await t.post('/api/access/role/', { roleId: role, grants: [{ menuId: listMenu, actions: ['view'] }] })).statusCode).toBe(200);
    const user = await t.post('/api/user/save/', { params: { loginid: 'viewer', name: 'Viewer' } });
    expect((await t.post('/api/user/roles/', { id: user.json().data.id, roleIds: [role] })).statusCode).toBe(200);
    token = (await t.login('viewer', user.json().data.password)).json().token;
  });
  afterAll(async () => t?.close());

  it("answers the layout of a menu the caller may open, under the page's own grant", async () => {
    const r = await asViewer(`/api/system/layout/?menuId=${listMenu}`);
    expect(r.statusCode).toBe(200);
    expect(r.json().data).toMatchObject({ menuId: listMenu, layout });
    // the layout records themselves stay the menu page's
    expect((await asViewer('/api/select/?_flag=sys_layList')).statusCode).toBe(403);
  });

  it("refuses another menu's layout and answers null for a menu without one", async () => {
    expect((await asViewer(`/api/system/layout/?menuId=${userMenu}`)).statusCode).toBe(403);
    expect((await asViewer('/api/system/layout/?menuId=abc')).statusCode).toBe(400);
    const home = Number((await t.ctx.conn.db.selectFrom('sys_menu').select('id').where('url', '=', '/manage/home').executeTakeFirstOrThrow()).id);
    const none = await t.get(`/api/system/layout/?menuId=${home}`);
    expect(none.statusCode).toBe(200);
    expect(none.json().data).toBeNull();
    expect((await t.get(`/api/system/layout/?menuId=${userMenu}`)).json().data.layout).toContain('sys_user');
  });
});
