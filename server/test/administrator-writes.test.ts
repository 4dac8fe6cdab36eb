import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestApp, type TestApp } from './helpers.ts';

/**
 * Writes that change what grants mean are an administrator's (access/administratorWrites.ts).
 * Being an administrator is a role property: a role granted 角色管理 (save and delete on sys_role) may edit roles,
 * but neither make one an administrator role (its own included) nor change or delete an administrator role.
 * Each refusal is 403 ADMINISTRATOR_ROLE with the rows as they were.
 */
describe.each(engines)('administrator roles on %s', (engine, url) => {
  let t: TestApp;
  let token = '';
  let managerRole = 0;
  let adminRole = 0;
  const asManager = (u: string, body: unknown) => t.app.inject({ method: 'POST', url: u, payload: body as object, headers: { authorization: token } });
  const role = async (id: number) =>
    (await t.ctx.conn.db.selectFrom('sys_role').select(['name', 'isAdmin', 'isdelete']).where('id', '=', id).executeTakeFirst()) as
      { name: string; isAdmin: number; isdelete: number } | undefined;

  beforeAll(async () => {
    t = await startTestApp(engine, url);
    const db = t.ctx.conn.db;
    adminRole = Number((await db.selectFrom('sys_role').select('id').where('isAdmin', '=', 1).orderBy('id').executeTakeFirstOrThrow()).id);
    const roleMenu = Number((await db.selectFrom('sys_menu').select('id').where('url', '=', '/manage/role').executeTakeFirstOrThrow()).id);
    managerRole = Number((await t.post('/api/action/save/', { _flag: 'sys_role', params: { name: 'role-manager', department: 'ops' } })).json().data.id);
    expect((await t.post('/api/access/role/', { roleId: managerRole, grants: [{ menuId: roleMenu, actions: ['view', 'save', 'delete'] }] })).statusCode).toBe(
      200,
    );
    const user = await t.post('/api/user/save/', { params: { loginid: 'rolemgr', name: 'Role manager' } });
    expect((await t.post('/api/user/roles/', { id: user.json().data.id, roleIds: [managerRole] })).statusCode).toBe(200);
    token = (await t.login('rolemgr', user.json().data.password)).json().token;
  });
  afterAll(async () => t?.close());

  it('edits an ordinary role (the grant works)', async () => {
    const r = await asManager('/api/action/save/', { _flag: 'sys_role', params: { id: managerRole, department: 'ops-2' } });
    expect(r.statusCode).toBe(200);
  });

  it('cannot raise its own role to an administrator role', async () => {
    const r = await asManager('/api/action/save/', { _flag: 'sys_role', params: { id: managerRole, isAdmin: 1 } });
    expect(r.statusCode).toBe(403);
    expect(r.json().code).toBe('ADMINISTRATOR_ROLE');
    expect(Number((await role(managerRole))!.isAdmin)).toBe(0);
    // and the caller is still no administrator
    const info = await t.app.inject({ method: 'GET', url: '/api/user/userInfo/', headers: { authorization: token } });
    expect(info.json().data[0].isAdmin).toBe(false);
  });

  it('cannot add an administrator role', async () => {
    const r = await asManager('/api/action/save/', { _flag: 'sys_role', params: { name: 'sneaky', department: 'x', isAdmin: '1' } });
    expect(r.statusCode).toBe(403);
    const rows = await t.ctx.conn.db.selectFrom('sys_role').select('id').where('name', '=', 'sneaky').execute();
    expect(rows).toHaveLength(0);
  });

  it('cannot rename, demote or delete an administrator role', async () => {
    const before = await role(adminRole);
    for (const params of [
      { id: adminRole, name: 'renamed' },
      { id: adminRole, isAdmin: 0 },
      { id: adminRole, isdelete: 1 },
    ]) {
      const r = await asManager('/api/action/save/', { _flag: 'sys_role', params });
      expect(r.statusCode).toBe(403);
    }
    const del = await asManager('/api/action/delete/', { _flag: 'sys_role', id: adminRole });
    expect(del.statusCode).toBe(403);
    expect(await role(adminRole)).toEqual(before);
  });

  it('an administrator may make a role an administrator role', async () => {
    const r = await t.post('/api/action/save/', { _flag: 'sys_role', params: { name: 'second-admins', department: 'it', isAdmin: 1 } });
    expect(r.statusCode).toBe(200);
    expect(Number((await role(Number(r.json().data.id)))!.isAdmin)).toBe(1);
  });

  it('a role granted 菜单管理 edits menus but cannot move an existing menu to another route', async () => {
    const db = t.ctx.conn.db;
    const menuMenu = Number((await db.selectFrom('sys_menu').select('id').where('url', '=', '/manage/menu').executeTakeFirstOrThrow()).id);
    const home = Number((await db.selectFrom('sys_menu').select('id').where('url', '=', '/manage/home').executeTakeFirstOrThrow()).id);
    const roleMenu = Number((await db.selectFrom('sys_menu').select('id').where('url', '=', '/manage/role').executeTakeFirstOrThrow()).id);
    expect(
      (
        await t.post('/api/access/role/', {
          roleId: managerRole,
          grants: [
            { menuId: roleMenu, actions: ['view', 'save', 'delete'] },
            { menuId: menuMenu, actions: ['view', 'save', 'delete'] },
            { menuId: home, actions: ['view'] },
          ],
        })
      ).statusCode,
    ).toBe(200);
    const moved = await asManager('/api/action/save/', { _flag: 'sys_menu', params: { id: home, url: '/manage/user' } });
    expect(moved.statusCode).toBe(403);
    expect(moved.json().code).toBe('ADMINISTRATOR_MENU_ROUTE');
    expect((await db.selectFrom('sys_menu').select('url').where('id', '=', home).executeTakeFirstOrThrow()).url).toBe('/manage/home');
    // the rest of a menu is the manager's to edit, and a new menu opens nothing until an administrator grants it
    expect((await asManager('/api/action/save/', { _flag: 'sys_menu', params: { id: home, sortNum: 999 } })).statusCode).toBe(200);
    const added = await asManager('/api/action/save/', { _flag: 'sys_menu', params: { name: 'users again', url: '/manage/user', parentMenu: 0 } });
    expect(added.statusCode).toBe(200);
    const info = await t.app.inject({ method: 'GET', url: '/api/user/userInfo/', headers: { authorization: token } });
    expect(info.json().data[0].grants.sys_user ?? []).not.toContain('save');
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/action/delete/', payload: { _flag: 'sys_user', id: 1 }, headers: { authorization: token } })).statusCode,
    ).toBe(403);
  });
});
