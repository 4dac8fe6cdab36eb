// Field permissions (issue 33 #2, #3): a grant's field rules on its page's table, enforced by the server on every
// engine. The phone-less assistant (小程序用户管理 with phone hidden and gender read-only) gets members without their
// phone in lists, the table's metadata, exports, templates and history; cannot filter or sort on it nor write it;
// its saves leave gender as it is. A second role granting the page without rules shows the phone again (union).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestApp, type TestApp } from './helpers.ts';
import { readRows } from './import-fixtures.ts';

describe.each(engines)('field rules on %s', (engine, url) => {
  let t: TestApp;
  let memberMenu = 0;
  let homeMenu = 0;
  let member = 0;
  const roles: Record<string, number> = {};
  const users: Record<string, { id: number; token: string }> = {};

  const as = (who: string) => ({
    get: (u: string) => t.app.inject({ method: 'GET', url: u, headers: { authorization: users[who]!.token } }),
    post: (u: string, body: unknown) => t.app.inject({ method: 'POST', url: u, payload: body as object, headers: { authorization: users[who]!.token } }),
  });
  const stored = () => t.ctx.conn.db.selectFrom('sys_member').selectAll().where('id', '=', member).executeTakeFirstOrThrow();
  const grant = (who: string, fieldRules: unknown) =>
    t.post('/api/access/role/', {
      roleId: roles[who],
      grants: [
        { menuId: homeMenu, actions: ['view'] },
        { menuId: memberMenu, actions: ['view', 'save', 'export', 'import'], ...(fieldRules === undefined ? {} : { fieldRules }) },
      ],
    });

  beforeAll(async () => {
    t = await startTestApp(engine, url);
    const menuId = async (u: string) => Number((await t.ctx.conn.db.selectFrom('sys_menu').select('id').where('url', '=', u).executeTakeFirstOrThrow()).id);
    memberMenu = await menuId('/manage/member');
    homeMenu = await menuId('/manage/home');
    const saved = await t.post('/api/action/save/', { _flag: 'sys_member', params: { name: '会员甲', phone: '13800000001', gender: 1 } });
    expect(saved.statusCode, saved.body).toBe(200);
    member = Number(saved.json().data.id);
    for (const who of ['assistant', 'full', 'both']) {
      if (who !== 'both')
        roles[who] = Number((await t.post('/api/action/save/', { _flag: 'sys_role', params: { name: `f-${who}`, department: 'test' } })).json().data.id);
      const user = await t.post('/api/user/save/', { params: { loginid: `f${who}`, name: who } });
      const id = Number(user.json().data.id);
      const roleIds = who === 'both' ? [roles.assistant!, roles.full!] : [roles[who]!];
      expect((await t.post('/api/user/roles/', { id, roleIds })).statusCode).toBe(200);
      users[who] = { id, token: (await t.login(`f${who}`, user.json().data.password as string)).json().token };
    }
    expect((await grant('assistant', { hidden: ['phone'], readOnly: ['gender'] })).statusCode).toBe(200);
    expect((await grant('full', null)).statusCode).toBe(200);
  }, 120_000);
  afterAll(async () => t?.close());

  it('lists, describes and exports the rows without the hidden column, and refuses it in filters and sorts', async () => {
    const list = await as('assistant').get(`/api/select/?_flag=sys_member&row=100`);
    expect(list.statusCode, list.body).toBe(200);
    const row = (list.json().data as Record<string, unknown>[]).find((r) => Number(r.id) === member)!;
    expect(row).toMatchObject({ name: '会员甲', gender: 1 });
    expect(row).not.toHaveProperty('phone');
    expect(list.body).not.toContain('13800000001');
    const meta = (await as('assistant').get('/api/schema/sys_member')).json().data as { columns: { name: string; serverFilled?: boolean }[] };
    expect(meta.columns.map((c) => c.name)).not.toContain('phone');
    expect(meta.columns.find((c) => c.name === 'gender')).toMatchObject({ serverFilled: true });
    const all = (await as('assistant').get('/api/schema/')).json().data as { flag: string; columns: { name: string }[] }[];
    expect(all.find((m) => m.flag === 'sys_member')!.columns.map((c) => c.name)).not.toContain('phone');
    for (const query of [`wheres=${encodeURIComponent(JSON.stringify({ phone: '13800000001' }))}`, 'sort=phone&sortType=asc']) {
      const r = await as('assistant').get(`/api/select/?_flag=sys_member&${query}`);
      expect(r.statusCode, query).toBe(400);
      expect(r.json().code).toBe('UNKNOWN_COLUMN');
    }
    const csv = await as('assistant').get('/api/export/table/?_flag=sys_member&format=csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('会员甲');
    expect(csv.body).not.toContain('13800000001');
    expect(csv.body).not.toContain('手机号');
    const asked = await as('assistant').get(
      `/api/export/table/?_flag=sys_member&format=csv&columns=${encodeURIComponent(JSON.stringify([{ name: 'phone', title: 'p' }]))}`,
    );
    expect(asked.statusCode).toBe(400);
  });

  it('adds no row when a column every new row needs is hidden, naming no hidden column', async () => {
    // the phone is required and hidden from the assistant: a member without one would break the table's rule
    const before = await t.ctx.conn.db.selectFrom('sys_member').select(t.ctx.conn.db.fn.countAll().as('n')).executeTakeFirstOrThrow();
    const added = await as('assistant').post('/api/action/save/', { _flag: 'sys_member', params: { name: '会员乙', gender: 2 } });
    expect(added.statusCode, added.body).toBe(403);
    expect(added.json().code).toBe('INSERT_NEEDS_UNWRITABLE');
    expect(added.body).not.toMatch(/phone|手机/i);
    const after = await t.ctx.conn.db.selectFrom('sys_member').select(t.ctx.conn.db.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    // the page is told before anyone tries: its metadata says this role adds no row, a role that may write every column's does not
    const meta = await as('assistant').get('/api/schema/sys_member');
    expect(meta.statusCode, meta.body).toBe(200);
    expect(meta.json().data.insertNeedsUnwritable).toBe(true);
    expect((await as('full').get('/api/schema/sys_member')).json().data.insertNeedsUnwritable).toBeUndefined();
    // a role that may write every column adds as before
    const full = await as('full').post('/api/action/save/', { _flag: 'sys_member', params: { name: '会员丙', phone: '13800000003' } });
    expect(full.statusCode, full.body).toBe(200);
  });

  it('writes neither the hidden nor the read-only column', async () => {
    const hidden = await as('assistant').post('/api/action/save/', { _flag: 'sys_member', params: { id: member, phone: '13900000000' } });
    expect(hidden.statusCode).toBe(400);
    const save = await as('assistant').post('/api/action/save/', { _flag: 'sys_member', params: { id: member, name: '会员乙', gender: 2 } });
    expect(save.statusCode, save.body).toBe(200);
    expect(await stored()).toMatchObject({ name: '会员乙', gender: 1, phone: '13800000001' });
  });

  it('leaves the hidden column out of the history and the import template', async () => {
    expect((await t.post('/api/action/save/', { _flag: 'sys_member', params: { id: member, phone: '13700000002' } })).statusCode).toBe(200);
    const history = await as('assistant').get(`/api/history/?_flag=sys_member&id=${member}`);
    expect(history.statusCode, history.body).toBe(200);
    expect(history.body).not.toContain('1380000000');
    expect(history.body).not.toContain('1370000000');
    expect(Object.keys(history.json().data.fields)).not.toContain('phone');
    const template = await as('assistant').get('/api/import/tableTemplate/?_flag=sys_member&format=xlsx');
    expect(template.statusCode, template.body).toBe(200);
    const header = readRows(template.rawPayload)[0]!.join(' ');
    expect(header).toContain('昵称');
    expect(header).not.toContain('手机号');
    expect(header).not.toContain('性别');
  });

  it('refuses a restore that would change the read-only column, and says so in the history; restores the others', async () => {
    const id = Number((await t.post('/api/action/save/', { _flag: 'sys_member', params: { name: '恢复甲', phone: '13600000001', gender: 1 } })).json().data.id);
    for (const params of [{ name: '恢复乙' }, { gender: 2 }, { name: '恢复丙' }])
      expect((await t.post('/api/action/save/', { _flag: 'sys_member', params: { id, ...params } })).statusCode).toBe(200);
    const read = async (who: string) => {
      const r = who === 'admin' ? await t.get(`/api/history/?_flag=sys_member&id=${id}`) : await as(who).get(`/api/history/?_flag=sys_member&id=${id}`);
      expect(r.statusCode, r.body).toBe(200);
      return r.json().data.revisions as { id: number; restorable: boolean; refusal?: { code: string; message: string } }[];
    };
    // newest first: 恢复丙 (now), gender 1 → 2, 恢复乙, the insert
    const [, afterGender, beforeGender, insert] = await read('assistant');
    expect(afterGender).toMatchObject({ restorable: true });
    const refusal = { code: 'RESTORE_COLUMN_NOT_WRITABLE', message: '无法恢复：该版本的“性别”与现在不同，而您没有修改此字段的权限' };
    expect(beforeGender).toMatchObject({ restorable: false, refusal });
    expect(insert).toMatchObject({ restorable: false, refusal });
    // the administrator may write it: restorable
    expect((await read('admin')).find((r) => r.id === beforeGender!.id)).toMatchObject({ restorable: true });
    const refused = await as('assistant').post('/api/history/restore/', { _flag: 'sys_member', id, revision: beforeGender!.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject(refusal);
    const stored = () => t.ctx.conn.db.selectFrom('sys_member').select(['name', 'gender']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(await stored()).toMatchObject({ name: '恢复丙', gender: 2 });
    const restored = await as('assistant').post('/api/history/restore/', { _flag: 'sys_member', id, revision: afterGender!.id });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().data.columns).toEqual(['name']);
    expect(await stored()).toMatchObject({ name: '恢复乙', gender: 2 });
  });

  it('shows the column to an account another of whose roles grants the page without rules', async () => {
    const list = await as('both').get(`/api/select/?_flag=sys_member&row=100`);
    expect((list.json().data as Record<string, unknown>[]).find((r) => Number(r.id) === member)).toHaveProperty('phone');
  });

  it('answers, keeps and checks the rules', async () => {
    const read = await t.get(`/api/access/role/?roleId=${roles.assistant}`);
    expect(read.json().data.grants).toContainEqual(expect.objectContaining({ menuId: memberMenu, fieldRules: { hidden: ['phone'], readOnly: ['gender'] } }));
    expect((await grant('assistant', undefined)).statusCode).toBe(200);
    expect((await as('assistant').get(`/api/select/?_flag=sys_member&row=100`)).body).not.toContain('13700000002');
    for (const rules of [
      { hidden: ['nope'], readOnly: [] },
      { hidden: ['id'], readOnly: [] },
      { hidden: ['phone'], readOnly: ['phone'] },
    ]) {
      expect((await grant('assistant', rules)).statusCode, JSON.stringify(rules)).toBe(400);
    }
    expect((await as('assistant').get(`/api/select/?_flag=sys_member&row=100`)).body).not.toContain('13700000002');
    expect((await grant('assistant', null)).statusCode).toBe(200);
    expect((await as('assistant').get(`/api/select/?_flag=sys_member&row=100`)).body).toContain('13700000002');
  });
});
