import type { GrantAction } from '@qb/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageDeclaration } from '../src/access/pages.ts';
import { engines, sha, startTestApp, type TestApp } from './helpers.ts';

/**
 * The authorization matrix (issue 10): for every table of the registry × every action × (administrator, a role
 * granted it, a role not granted it, no role), allowed or refused through the HTTP API. Allowed means anything but
 * 403 (a save may still be refused for its values); refused is exactly 403 and nothing written.
 */
const ACTIONS: GrantAction[] = ['view', 'save', 'delete', 'export', 'import'];
const IMPORT_KIND: Record<string, string> = { questionBank: 'question', questionsSmallClass: 'category', sys_member: 'table' };

describe.each(engines.filter(([e]) => e !== 'mysql'))('authorization matrix on %s', (engine, url) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const roles: Record<string, number> = {};
  let homeMenu = 0;

  const as = (who: string) => ({
    get: (u: string) => t.app.inject({ method: 'GET', url: u, headers: { authorization: tokens[who]! } }),
    post: (u: string, body: unknown) => t.app.inject({ method: 'POST', url: u, payload: body as object, headers: { authorization: tokens[who]! } }),
  });

  beforeAll(async () => {
    t = await startTestApp(engine, url);
    tokens.admin = t.token;
    homeMenu = Number((await t.ctx.conn.db.selectFrom('sys_menu').select('id').where('url', '=', '/manage/home').executeTakeFirstOrThrow()).id);
    for (const who of ['granted', 'denied', 'norole']) {
      if (who !== 'norole') {
        const role = await t.post('/api/action/save/', { _flag: 'sys_role', params: { name: `r-${who}`, department: 'test' } });
        roles[who] = Number(role.json().data.id);
      }
      const user = await t.post('/api/user/save/', { params: { loginid: who, name: who } });
      const password = user.json().data.password as string;
      if (roles[who]) expect((await t.post('/api/user/roles/', { id: user.json().data.id, roleIds: [roles[who]] })).statusCode).toBe(200);
      tokens[who] = (await t.login(who, password)).json().token;
    }
    // the role not granted a table still holds a grant: the home page
    expect((await t.post('/api/access/role/', { roleId: roles.denied, grants: [{ menuId: homeMenu, actions: ['view'] }] })).statusCode).toBe(200);
  });
  afterAll(async () => t?.close());

  /** The call that takes `action` on `flag`, as `who`: its status. */
  async function attempt(who: string, flag: string, action: GrantAction): Promise<number> {
    const c = as(who);
    switch (action) {
      case 'view':
        return (await c.get(`/api/select/?_flag=${flag}&row=1`)).statusCode;
      case 'export':
        return (await c.get(`/api/export/table/?_flag=${flag}&format=csv`)).statusCode;
      case 'save':
        return (
          await (flag === 'sys_user'
            ? c.post('/api/user/save/', { params: { id: 999_999, name: 'x' } })
            : c.post('/api/action/save/', { _flag: flag, params: { id: 999_999 } }))
        ).statusCode;
      case 'delete':
        return (await c.post('/api/action/delete/', { _flag: flag, id: 999_999 })).statusCode;
      case 'import':
        // the generic import (docs/import.md "Import into any table") has a template per table
        if (IMPORT_KIND[flag] === 'table') return (await c.get(`/api/import/tableTemplate/?_flag=${flag}`)).statusCode;
        return (await c.get(`/api/import/template/?kind=${IMPORT_KIND[flag]}`)).statusCode;
    }
  }

  it('allows and refuses every table × action × caller as granted', async () => {
    const menus = await t.ctx.conn.db.selectFrom('sys_menu').select(['id', 'url']).where('isdelete', '=', 0).orderBy('id').execute();
    const rows: string[] = [];
    let combos = 0;
    for (const flag of t.ctx.registry.flags()) {
      for (const action of ACTIONS) {
        if (action === 'import' && !IMPORT_KIND[flag]) continue;
        const menu = menus.find((m) => pageDeclaration(m.url as string, t.ctx.registry)?.tables[flag]?.includes(action));
        await t.post('/api/access/role/', { roleId: roles.granted, grants: menu ? [{ menuId: Number(menu.id), actions: [action] }] : [] });
        const expected = { admin: true, granted: Boolean(menu), denied: false, norole: false };
        for (const [who, allowed] of Object.entries(expected)) {
          const status = await attempt(who, flag, action);
          const ok = allowed ? status !== 403 && status < 500 : status === 403;
          if (!ok) rows.push(`${flag} ${action} ${who}: ${status}, expected ${allowed ? 'allowed' : '403'}`);
        }
        combos++;
      }
    }
    expect(rows).toEqual([]);
    expect(combos).toBeGreaterThan(70);
  }, 120_000);

  it('answers only the granted menus, tables and pages; 403 says why; nothing was written by refused calls', async () => {
    const question = menusByUrl(await t.ctx.conn.db.selectFrom('sys_menu').select(['id', 'url', 'parentMenu']).execute(), '/manage/questionBank');
    await t.post('/api/access/role/', { roleId: roles.granted, grants: [{ menuId: question.id, actions: ['view', 'save'] }] });
    const menu = (await as('granted').get('/api/system/menu/')).json().data as { id: number; url: string }[];
    // the landing page for everyone, and the granted page
    expect(
      menu
        .map((m) => m.url)
        .filter(Boolean)
        .sort(),
    ).toEqual(['/manage/home', '/manage/questionBank']);
    expect(menu.map((m) => m.id)).toContain(question.parentMenu);
    const schema = (await as('granted').get('/api/schema/'))
      .json()
      .data.map((m: { flag: string }) => m.flag)
      .sort();
    // the question table and the tables its rows point to (labels and dropdowns)
    expect(schema).toEqual(['questionBank', 'questionsClass', 'questionsSmallClass']);
    const refused = await as('granted').get('/api/schema/sys_user');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ status: false, code: 'FORBIDDEN', message: '没有访问权限，拒绝访问' });
    const info = (await as('granted').get('/api/user/userInfo/')).json().data[0];
    expect(info).toMatchObject({ isAdmin: false, grants: { questionBank: ['view', 'save'], questionsClass: ['view'], questionsSmallClass: ['view'] } });
    expect((await as('granted').get('/api/dashboard/summary/')).statusCode).toBe(403);
    // a save that deletes needs the delete grant
    const q = (await t.select('questionBank', { row: '1' })).body.data[0];
    expect((await as('granted').post('/api/action/save/', { _flag: 'questionBank', params: { id: q.id, isdelete: 1 } })).statusCode).toBe(403);
    expect((await as('granted').post('/api/action/save/', { _flag: 'questionBank', params: { id: q.id, name: `${q.name} ` } })).statusCode).toBe(200);
    const row = await t.ctx.conn.db.selectFrom('questionBank').select(['isdelete']).where('id', '=', q.id).executeTakeFirstOrThrow();
    expect(Number(row.isdelete)).toBe(0);
    // administrator routes
    for (const [u, body] of [
      ['/api/access/role/', { roleId: roles.granted, grants: [] }],
      ['/api/user/roles/', { id: 1, roleIds: [] }],
      ['/api/user/resetPassword/', { id: 1 }],
    ] as const) {
      expect((await as('granted').post(u, body)).statusCode, u).toBe(403);
    }
    expect((await as('granted').get('/api/access/sessions/')).statusCode).toBe(403);
  });

  it('takes a changed grant at once, and a disabled role gives nothing', async () => {
    const member = menusByUrl(await t.ctx.conn.db.selectFrom('sys_menu').select(['id', 'url', 'parentMenu']).execute(), '/manage/member');
    expect((await as('granted').get('/api/select/?_flag=sys_member')).statusCode).toBe(403);
    await t.post('/api/access/role/', { roleId: roles.granted, grants: [{ menuId: member.id, actions: ['view'] }] });
    expect((await as('granted').get('/api/select/?_flag=sys_member')).statusCode).toBe(200);
    await t.post('/api/action/save/', { _flag: 'sys_role', params: { id: roles.granted, enable: 0 } });
    expect((await as('granted').get('/api/select/?_flag=sys_member')).statusCode).toBe(403);
    await t.post('/api/action/save/', { _flag: 'sys_role', params: { id: roles.granted, enable: 1 } });
    expect((await as('granted').get('/api/select/?_flag=sys_member')).statusCode).toBe(200);
    // an administrator role makes an administrator, whatever the account is called
    await t.post('/api/action/save/', { _flag: 'sys_role', params: { id: roles.denied, isAdmin: 1 } });
    expect((await as('denied').get('/api/select/?_flag=sys_user')).statusCode).toBe(200);
    await t.post('/api/action/save/', { _flag: 'sys_role', params: { id: roles.denied, isAdmin: 0 } });
    expect((await as('denied').get('/api/select/?_flag=sys_user')).statusCode).toBe(403);
  });

  it('refuses a grant of an unknown menu or of an action the page does not offer, changing nothing', async () => {
    // bill flows are money records the system writes: their page offers no import (docs/import.md)
    const member = menusByUrl(await t.ctx.conn.db.selectFrom('sys_menu').select(['id', 'url', 'parentMenu']).execute(), '/manage/billFlow');
    const before = await t.ctx.conn.db.selectFrom('sys_roleMenu').selectAll().where('roleId', '=', roles.granted).execute();
    for (const grants of [[{ menuId: 987_654, actions: ['view'] }], [{ menuId: member.id, actions: ['import'] }], [{ menuId: member.id, actions: ['fly'] }]]) {
      const r = await t.post('/api/access/role/', { roleId: roles.granted, grants });
      expect(r.statusCode, JSON.stringify(grants)).toBeGreaterThanOrEqual(400);
      expect(r.statusCode).toBeLessThan(500);
    }
    expect(await t.ctx.conn.db.selectFrom('sys_roleMenu').selectAll().where('roleId', '=', roles.granted).execute()).toEqual(before);
  });

  void sha;
});

function menusByUrl(rows: { id: unknown; url: unknown; parentMenu: unknown }[], url: string) {
  const m = rows.find((r) => r.url === url)!;
  return { id: Number(m.id), parentMenu: Number(m.parentMenu) };
}
