import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestApp, type TestApp } from './helpers.ts';

/**
 * Deleting a row that other live rows still use (tables/inUse.ts, docs/decisions.md): a 409 ROW_IN_USE naming what
 * uses it, on every delete path (the generic delete, a save setting isdelete 1, master-slave), with nothing changed;
 * what belongs to the row alone (a role's grants, a menu's layout and grants) goes with it, logged.
 */
describe.each(engines)('deleting rows in use on %s', (engine, url) => {
  let t: TestApp;
  const en = { 'accept-language': 'en-US,en;q=0.9' };
  const save = async (flag: string, params: Record<string, unknown>) => {
    const r = await t.post('/api/action/save/', { _flag: flag, params });
    expect(r.statusCode, r.body).toBe(200);
    return Number(r.json().data.id);
  };
  const isdelete = async (table: string, id: number) =>
    Number((await t.ctx.conn.db.selectFrom(table).select('isdelete').where('id', '=', id).executeTakeFirstOrThrow()).isdelete);
  const grantsLog = (flag: string, id: number) =>
    t.ctx.conn.db
      .selectFrom('sys_operationLog')
      .select(['action', 'changes'])
      .where('flag', '=', flag)
      .where('rowId', '=', String(id))
      .where('action', '=', 'grants')
      .execute();

  beforeAll(async () => {
    t = await startTestApp(engine, url);
  });
  afterAll(async () => t?.close());

  it('refuses a role with a child role and an account, on every delete path, naming them in both languages', async () => {
    const parent = await save('sys_role', { name: '编辑部', department: 'ed' });
    await save('sys_role', { name: '编辑组', department: 'ed', parentId: parent });
    const user = await t.post('/api/user/save/', { params: { loginid: 'zhangsan', name: '张三' } });
    expect((await t.post('/api/user/roles/', { id: user.json().data.id, roleIds: [parent] })).statusCode).toBe(200);

    const del = await t.post('/api/action/delete/', { _flag: 'sys_role', id: parent });
    expect(del.statusCode).toBe(409);
    expect(del.json().code).toBe('ROW_IN_USE');
    expect(del.json().message).toBe('该角色“编辑部”仍被以下数据使用，不能删除：子角色 1 个（编辑组）；账号 1 个（zhangsan）');
    const viaSave = await t.post('/api/action/save/', { _flag: 'sys_role', params: { id: parent, isdelete: 1 } }, en);
    expect(viaSave.statusCode).toBe(409);
    expect(viaSave.json().message).toBe('The role "编辑部" is still used by 1 child role (编辑组); 1 account (zhangsan); it cannot be deleted');
    expect(await isdelete('sys_role', parent)).toBe(0);
    // the account's roles still name it
    expect((await t.get(`/api/user/roles/?id=${user.json().data.id}`)).json().data.roleIds).toEqual([parent]);
  });

  it('deletes a role and its child together, and a role with grants only, taking its grants along (logged)', async () => {
    const parent = await save('sys_role', { name: 'p-role', department: 'x' });
    const child = await save('sys_role', { name: 'c-role', department: 'x', parentId: parent });
    const menu = Number((await t.ctx.conn.db.selectFrom('sys_menu').select('id').where('url', '=', '/manage/questionBank').executeTakeFirstOrThrow()).id);
    expect((await t.post('/api/access/role/', { roleId: child, grants: [{ menuId: menu, actions: ['view'] }] })).statusCode).toBe(200);
    const r = await t.post('/api/action/delete/', { _flag: 'sys_role', id: [parent, child] });
    expect(r.statusCode, r.body).toBe(200);
    expect(await isdelete('sys_role', child)).toBe(1);
    expect(await t.ctx.conn.db.selectFrom('sys_roleMenu').select('id').where('roleId', '=', child).execute()).toHaveLength(0);
    const log = await grantsLog('sys_role', child);
    expect(log.at(-1)!.changes).toContain('[]');
  });

  it("an account's roles leave out a role deleted before deletes were checked, so that saving them back works", async () => {
    const role = await save('sys_role', { name: 'old-role', department: 'x' });
    const user = (await t.post('/api/user/save/', { params: { loginid: 'lisi', name: '李四' } })).json().data.id;
    expect((await t.post('/api/user/roles/', { id: user, roleIds: [role] })).statusCode).toBe(200);
    // as an earlier release left it: the role deleted, the link kept
    await t.ctx.conn.db.updateTable('sys_role').set({ isdelete: 1 }).where('id', '=', role).execute();
    const roles = (await t.get(`/api/user/roles/?id=${user}`)).json().data.roleIds;
    expect(roles).toEqual([]);
    expect((await t.post('/api/user/roles/', { id: user, roleIds: roles })).statusCode).toBe(200);
  });

  it('refuses a data source that a table definition and a form definition use', async () => {
    const db = t.ctx.conn.db;
    await db
      .insertInto('sys_connsql')
      .values({
        name: 'src',
        englishName: 'src',
        sqlType: 2,
        mainAddr: '127.0.0.1',
        port: 3306,
        databaseName: 'shop',
        databaseUser: 'root',
        databasePsd: '',
        isdelete: 0,
      })
      .execute();
    const source = Number((await db.selectFrom('sys_connsql').select('id').where('name', '=', 'src').executeTakeFirstOrThrow()).id);
    await save('sys_dataSheet', { tableName: 'orders', parentid: source });
    await save('sys_layTable', { name: '订单表单', databaseId: source });
    const r = await t.post('/api/action/delete/', { _flag: 'sys_connsql', id: source });
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toBe('该数据源“src”仍被以下数据使用，不能删除：数据表定义 1 个（orders）；表单定义 1 个（订单表单）');
    expect(await isdelete('sys_connsql', source)).toBe(0);
  });

  it('refuses a table definition whose page has a menu, also through master-slave', async () => {
    const sheet = await save('sys_dataSheet', { tableName: 'paged_t', parentid: 10000 });
    const menu = await save('sys_menu', { name: '分页表', url: '/manage/paged_t' });
    const ms = await t.post(
      '/api/action/masterSlave/',
      {
        _flag: 'sys_dataSheet',
        _flagChidren: 'sys_tableFields',
        bindField: 'parentid',
        mainData: { id: sheet, isdelete: 1 },
        chidrenData: [],
      },
      en,
    );
    expect(ms.statusCode).toBe(409);
    expect(ms.json().message).toBe('The table "paged_t" is still used by 1 menu (分页表); it cannot be deleted');
    expect(await isdelete('sys_dataSheet', sheet)).toBe(0);
    // once the menu is gone, the definition may go
    expect((await t.post('/api/action/delete/', { _flag: 'sys_menu', id: menu })).statusCode).toBe(200);
    expect((await t.post('/api/action/delete/', { _flag: 'sys_dataSheet', id: sheet })).statusCode).toBe(200);
  });

  it('refuses a menu with child menus, and deletes a menu with its layout and grants (logged)', async () => {
    const parent = await save('sys_menu', { name: '父菜单', url: '' });
    await save('sys_menu', { name: '子菜单A', url: '/manage/testList', parentMenu: parent });
    const r = await t.post('/api/action/delete/', { _flag: 'sys_menu', id: parent });
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toBe('该菜单“父菜单”仍被以下数据使用，不能删除：子菜单 1 个（子菜单A）');

    const menu = await save('sys_menu', { name: '布局菜单', url: '' });
    const layout = await save('sys_layList', { menuId: menu, layout: '{"flag":"sys_member","columns":["name"]}' });
    const role = await save('sys_role', { name: 'layout-role', department: 'x' });
    // a grant row as an administrator's grant page writes it (a menu without a page offers no action to grant)
    await t.ctx.conn.db.insertInto('sys_roleMenu').values({ roleId: role, menuId: menu, actions: 'view' }).execute();
    const d = await t.post('/api/action/delete/', { _flag: 'sys_menu', id: menu });
    expect(d.statusCode, d.body).toBe(200);
    expect(await isdelete('sys_layList', layout)).toBe(1);
    expect(await t.ctx.conn.db.selectFrom('sys_roleMenu').select('id').where('menuId', '=', menu).execute()).toHaveLength(0);
    expect(await grantsLog('sys_menu', menu)).toHaveLength(1);
    const layoutLog = await t.ctx.conn.db
      .selectFrom('sys_operationLog')
      .select('action')
      .where('flag', '=', 'sys_layList')
      .where('rowId', '=', String(layout))
      .where('action', '=', 'delete')
      .execute();
    expect(layoutLog).toHaveLength(1);
  });

  it('refuses a subject with child subjects, categories or questions, and a category with questions', async () => {
    const subject = await save('questionsClass', { name: '驾考科目', parentId: 0 });
    const child = await save('questionsClass', { name: '科目一', parentId: subject });
    const category = await save('questionsSmallClass', { name: '交通标志', subjectId: child });
    await save('questionBank', { name: '红灯应当如何？', parentId: child, typeId: category });
    const s = await t.post('/api/action/delete/', { _flag: 'questionsClass', id: subject });
    expect(s.statusCode).toBe(409);
    expect(s.json().message).toBe('该科目“驾考科目”仍被以下数据使用，不能删除：子科目 1 个（科目一）');
    const c = await t.post('/api/action/delete/', { _flag: 'questionsClass', id: child });
    expect(c.json().message).toBe('该科目“科目一”仍被以下数据使用，不能删除：题目分类 1 个（交通标志）；题目 1 个（红灯应当如何？）');
    const k = await t.post('/api/action/save/', { _flag: 'questionsSmallClass', params: { id: category, isdelete: 1 } }, en);
    expect(k.statusCode).toBe(409);
    expect(k.json().message).toBe('The category "交通标志" is still used by 1 question (红灯应当如何？); it cannot be deleted');
    expect(await isdelete('questionsSmallClass', category)).toBe(0);
  });
});
