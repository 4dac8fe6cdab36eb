// Issue 33 #3, the paths row-filters.test.ts and field-rules.test.ts leave out, on every engine:
// - a lazy tree's option list (the cascader's `_hasChildren`): a filtered role's category whose only child is outside
//   its rows is answered without children (no expand arrow telling of a row it cannot see); a history's reference to a
//   row outside carries no label (its name);
// - the master-slave save with a row filter and field rules on the children (a member and its bill flows): a child
//   outside the filter is 404 as a missing one and nothing is written, a new child outside is 403, a read-only column
//   is left as it is, a hidden one is 400 UNKNOWN_COLUMN reading exactly as a missing column;
// - the generic import's matching: a read-only column is no match column (refused as keyColumn, as a hidden one);
// - the generic import's reference labels: a filtered role's file naming a row outside (a parent of a self-referencing
//   table) by its label is refused as one naming no row;
// - the category import and the categories named by question files (selectAddTypes) match only the role's categories:
//   one of the same name outside ("created by me") is neither skipped as present, answered, nor a parent;
// - undelete of a row deleted for good (a table without a delete mark) by a role with field rules: the hidden and the
//   read-only columns come back as they were (not as the role's insert would write them: empty).
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestApp, type TestApp } from './helpers.ts';
import { bookBytes, CATEGORY_HEADER, upload } from './import-fixtures.ts';
import { defineTable } from './tables-helpers.ts';

const MISSING = 987_654;

describe.each(engines)('row and field permissions on the remaining paths on %s', (engine, url) => {
  let t: TestApp;
  const ids: Record<string, number> = {};
  const tokens: Record<string, string> = {};

  const as = (who: string) => ({
    get: (u: string) => t.app.inject({ method: 'GET', url: u, headers: { authorization: tokens[who]! } }),
    post: (u: string, body: unknown) => t.app.inject({ method: 'POST', url: u, payload: body as object, headers: { authorization: tokens[who]! } }),
  });
  const saved = async (flag: string, params: Record<string, unknown>) => {
    const r = await t.post('/api/action/save/', { _flag: flag, params });
    expect(r.statusCode, r.body).toBe(200);
    return Number(r.json().data.id);
  };
  /** A refusal as the caller reads it, the names that differ between a call and its twin taken out. */
  const refusal = (r: LightMyRequestResponse, names: (string | number)[]) => {
    let message = String(r.json().message);
    for (const n of names) message = message.split(String(n)).join('∅');
    return { status: r.statusCode, code: r.json().code, message };
  };

  beforeAll(async () => {
    t = await startTestApp(engine, url);
    const menuId = async (u: string) => Number((await t.ctx.conn.db.selectFrom('sys_menu').select('id').where('url', '=', u).executeTakeFirstOrThrow()).id);
    const [home, categories, members, flows] = await Promise.all(
      ['/manage/home', '/manage/questionsSmallClass', '/manage/member', '/manage/billFlow'].map(menuId),
    );
    ids.subjectA = await saved('questionsClass', { name: '申论', isUp: 1 });
    ids.subjectB = await saved('questionsClass', { name: '行测', isUp: 1 });
    // a category of 申论 whose only child is of 行测, and one of 申论 with a child of 申论
    ids.parent = await saved('questionsSmallClass', { name: '父分类', subjectId: ids.subjectA, isUp: 1 });
    ids.child = await saved('questionsSmallClass', { name: 'OUTCHILD 子分类', subjectId: ids.subjectB, parentId: ids.parent, isUp: 1 });
    ids.parentIn = await saved('questionsSmallClass', { name: '父分类二', subjectId: ids.subjectA, isUp: 1 });
    ids.childIn = await saved('questionsSmallClass', { name: '子分类二', subjectId: ids.subjectA, parentId: ids.parentIn, isUp: 1 });
    // a category of 申论 under one of 行测: its history names the parent
    ids.parentOut = await saved('questionsSmallClass', { name: 'OUTPARENT 外面的父分类', subjectId: ids.subjectB, isUp: 1 });
    ids.childOfOut = await saved('questionsSmallClass', { name: '子分类三', subjectId: ids.subjectA, parentId: ids.parentOut, isUp: 1 });
    await saved('questionsSmallClass', { id: ids.childOfOut, parentId: ids.parentIn });
    ids.member = await saved('sys_member', { name: '会员甲', phone: '13500000001', gender: 1 });
    ids.income = await saved('userBillFlow', { memberid: ids.member, type: 1, title: '收入', money: 10 });
    ids.expense = await saved('userBillFlow', { memberid: ids.member, type: 2, title: 'OUTFLOW 支出', money: 5 });
    const grants: Record<string, object[]> = {
      categories: [{ menuId: categories, actions: ['view', 'save'], rowFilter: { subjectId: ids.subjectA } }],
      flows: [
        { menuId: members, actions: ['view', 'save'] },
        { menuId: flows, actions: ['view', 'save'], rowFilter: { type: 1 }, fieldRules: { hidden: ['title'], readOnly: ['money'] } },
      ],
      importer: [{ menuId: members, actions: ['view', 'save', 'import'], fieldRules: { hidden: ['phone'], readOnly: ['gender'] } }],
    };
    for (const [who, given] of Object.entries(grants)) {
      const roleId = await saved('sys_role', { name: `r33-${who}`, department: 'test' });
      const r = await t.post('/api/access/role/', { roleId, grants: [{ menuId: home, actions: ['view'] }, ...given] });
      expect(r.statusCode, r.body).toBe(200);
      const user = await t.post('/api/user/save/', { params: { loginid: `u33${who}`, name: who } });
      expect((await t.post('/api/user/roles/', { id: Number(user.json().data.id), roleIds: [roleId] })).statusCode).toBe(200);
      tokens[who] = (await t.login(`u33${who}`, user.json().data.password as string)).json().token;
    }
  }, 120_000);
  afterAll(async () => t?.close());

  it('answers a tree’s rows without a child outside the filter (the cascader’s option list)', async () => {
    const tree = async (get: (u: string) => Promise<LightMyRequestResponse>) => {
      const r = await get(`/api/select/?_flag=questionsSmallClass&row=100&_hasChildren=parentId`);
      expect(r.statusCode, r.body).toBe(200);
      return new Map((r.json().data as { id: number; hasChildren: boolean }[]).map((row) => [Number(row.id), row.hasChildren]));
    };
    const administrators = await tree(t.get);
    expect(administrators.get(ids.parent!)).toBe(true);
    const role = await tree(as('categories').get);
    expect([...role.keys()].sort((a, b) => a - b)).toEqual([ids.parent, ids.parentIn, ids.childIn, ids.childOfOut].sort((a, b) => a - b));
    expect(role.get(ids.parent!)).toBe(false);
    expect(role.get(ids.parentIn!)).toBe(true);
    // the children of the parent, as the cascader asks for them: none
    const children = await as('categories').get(
      `/api/select/?_flag=questionsSmallClass&_hasChildren=parentId&wheres=${encodeURIComponent(JSON.stringify({ parentId: ids.parent }))}`,
    );
    expect(children.json()).toMatchObject({ total: 0, data: [] });
  });

  it('names no row outside the filter in a history: a reference to one has no label', async () => {
    const administrators = await t.get(`/api/history/?_flag=questionsSmallClass&id=${ids.childOfOut}`);
    expect(administrators.body).toContain('OUTPARENT');
    const role = await as('categories').get(`/api/history/?_flag=questionsSmallClass&id=${ids.childOfOut}`);
    expect(role.statusCode, role.body).toBe(200);
    expect(role.body).not.toContain('OUTPARENT');
    expect(role.json().data.fields.parentId.labels).toEqual({ [ids.parentIn!]: '父分类二' });
  });

  it('master-slave: a child outside the filter is not found, a new one outside refused, nothing written', async () => {
    const before = await t.ctx.conn.db.selectFrom('userBillFlow').selectAll().orderBy('id').execute();
    const member = () => t.ctx.conn.db.selectFrom('sys_member').select(['name']).where('id', '=', ids.member!).executeTakeFirstOrThrow();
    const save = (children: object[]) =>
      as('flows').post('/api/action/masterSlave/', {
        _flag: 'sys_member',
        _flagChidren: 'userBillFlow',
        bindField: 'memberid',
        mainData: { id: ids.member, name: '会员乙' },
        chidrenData: children,
      });
    const outside = await save([{ id: ids.expense, money: 1 }]);
    const missing = await save([{ id: MISSING, money: 1 }]);
    expect(outside.statusCode).toBe(404);
    expect(refusal(outside, [ids.expense!])).toEqual(refusal(missing, [MISSING]));
    expect(outside.body).not.toContain('OUTFLOW');
    const added = await save([{ type: 2, money: 3 }]);
    expect(added.statusCode, added.body).toBe(403);
    expect(added.json().code).toBe('ROW_OUT_OF_SCOPE');
    expect(await t.ctx.conn.db.selectFrom('userBillFlow').selectAll().orderBy('id').execute()).toEqual(before);
    expect(await member()).toMatchObject({ name: '会员甲' });
  });

  it('master-slave: a hidden child column reads as a missing one, a read-only one is left as it is', async () => {
    const save = (child: object) =>
      as('flows').post('/api/action/masterSlave/', {
        _flag: 'sys_member',
        _flagChidren: 'userBillFlow',
        bindField: 'memberid',
        mainData: { id: ids.member },
        chidrenData: [child],
      });
    const hidden = await save({ id: ids.income, title: '改了' });
    const missing = await save({ id: ids.income, nocolumn: '改了' });
    expect(hidden.statusCode).toBe(400);
    expect(hidden.json().code).toBe('UNKNOWN_COLUMN');
    expect(refusal(hidden, ['title'])).toEqual(refusal(missing, ['nocolumn']));
    const flow = () =>
      t.ctx.conn.db.selectFrom('userBillFlow').select(['title', 'money', 'answerDate']).where('id', '=', ids.income!).executeTakeFirstOrThrow();
    const written = await save({ id: ids.income, money: 99, answerDate: '2026-11-28 08:00:00' });
    expect(written.statusCode, written.body).toBe(200);
    const now = await flow();
    expect(now.title).toBe('收入');
    expect(Number(now.money)).toBe(10);
    expect(now.answerDate).not.toBeNull();
    // the list answers neither the hidden column nor a flow outside
    const list = await as('flows').get('/api/select/?_flag=userBillFlow&row=1000');
    const rows = list.json().data as Record<string, unknown>[];
    expect(list.json().total).toBe(rows.length);
    expect(rows.some((r) => Number(r.id) === ids.income)).toBe(true);
    expect(rows.every((r) => Number(r.type) === 1 && !('title' in r))).toBe(true);
    expect(list.body).not.toContain('OUTFLOW');
  });

  it('import: a read-only column is no match column and refused as keyColumn, as a hidden one', async () => {
    const options = await as('importer').get('/api/import/tableOptions/?_flag=sys_member');
    expect(options.statusCode, options.body).toBe(200);
    expect(options.json().data.matchColumns).not.toContain('gender');
    expect(options.json().data.matchColumns).not.toContain('phone');
    const keyed = (keyColumn: string) =>
      as('importer').post('/api/action/importTable/', { _flag: 'sys_member', fileUrl: '/upload/none.xlsx', mode: 'update', keyColumn });
    const readOnly = await keyed('gender');
    expect(readOnly.statusCode, readOnly.body).toBe(400);
    expect(refusal(readOnly, [])).toEqual(refusal(await keyed('phone'), []));
    expect(refusal(readOnly, [])).toEqual(refusal(await keyed('nocolumn'), []));
  });

  it('undelete of a row deleted for good brings its hidden and read-only columns back as they were', async () => {
    const sheet = await defineTable(t, 'seats33', [
      { columnName: 'code', type: 'nvarchar', length: 20, primaryKey: 1, nonEmpty: 1 },
      { columnName: 'hall', type: 'nvarchar', length: 40 },
      { columnName: 'places', type: 'int' },
      { columnName: 'note', type: 'nvarchar', length: 40 },
    ]);
    expect((await t.post('/api/action/createSqlTable/', { id: sheet })).statusCode).toBe(200);
    const menuId = await saved('sys_menu', { name: '座位', url: '/manage/seats33', parentMenu: 0 });
    const roleId = await saved('sys_role', { name: 'r33-seats', department: 'test' });
    const grant = { menuId, actions: ['view', 'save', 'delete'], fieldRules: { hidden: ['places'], readOnly: ['hall'] } };
    expect((await t.post('/api/access/role/', { roleId, grants: [grant] })).statusCode).toBe(200);
    const user = await t.post('/api/user/save/', { params: { loginid: 'u33seats', name: 'seats' } });
    expect((await t.post('/api/user/roles/', { id: Number(user.json().data.id), roleIds: [roleId] })).statusCode).toBe(200);
    tokens.seats = (await t.login('u33seats', user.json().data.password as string)).json().token;
    expect((await t.post('/api/action/save/', { _flag: 'seats33', params: { code: 'A-01', hall: '东楼', places: 30, note: '靠窗' } })).statusCode).toBe(200);
    expect((await t.post('/api/action/delete/', { _flag: 'seats33', id: 'A-01' })).statusCode).toBe(200);
    const back = await as('seats').post('/api/history/undelete/', { _flag: 'seats33', id: 'A-01' });
    expect(back.statusCode, back.body).toBe(200);
    const row = await t.ctx.conn.db.selectFrom('seats33').selectAll().where('code', '=', 'A-01').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ hall: '东楼', places: 30, note: '靠窗' });
  });

  it('import: a reference label names only the rows of the filter (an outside parent is refused as a missing one)', async () => {
    const sheet = await defineTable(t, 'nodes33', [
      { columnName: 'id', type: 'int', primaryKey: 1, autoIncrement: 1 },
      { columnName: 'title', type: 'nvarchar', length: 40 },
      { columnName: 'grp', type: 'nvarchar', length: 10 },
      { columnName: 'parent', type: 'int', refTable: 'nodes33', refLabel: 'title' } as never,
    ]);
    expect((await t.post('/api/action/createSqlTable/', { id: sheet })).statusCode).toBe(200);
    const menuId = await saved('sys_menu', { name: '节点', url: '/manage/nodes33', parentMenu: 0 });
    const roleId = await saved('sys_role', { name: 'r33-nodes', department: 'test' });
    const grant = { menuId, actions: ['view', 'save', 'import'], rowFilter: { grp: 'A' } };
    expect((await t.post('/api/access/role/', { roleId, grants: [grant] })).statusCode).toBe(200);
    const user = await t.post('/api/user/save/', { params: { loginid: 'u33nodes', name: 'nodes' } });
    expect((await t.post('/api/user/roles/', { id: Number(user.json().data.id), roleIds: [roleId] })).statusCode).toBe(200);
    tokens.nodes = (await t.login('u33nodes', user.json().data.password as string)).json().token;
    await saved('nodes33', { title: 'OUTNODE', grp: 'B' });
    const inside = await saved('nodes33', { title: 'INNODE', grp: 'A' });
    const imported = async (parent: string) => {
      const file = await upload(
        t,
        'n.xlsx',
        bookBytes(
          [
            ['title', 'grp', 'parent'],
            ['新节点', 'A', parent],
          ],
          'xlsx',
          'nodes',
        ),
      );
      return as('nodes').post('/api/action/importTable/', { _flag: 'nodes33', fileUrl: file });
    };
    const outside = await imported('OUTNODE');
    expect(outside.statusCode, outside.body).toBe(400);
    const refused = await imported('NONODE');
    expect(refusal(outside, ['OUTNODE'])).toEqual(refusal(refused, ['NONODE']));
    const under = await imported('INNODE');
    expect(under.statusCode, under.body).toBe(200);
    const rows = await t.ctx.conn.db.selectFrom('nodes33').selectAll().where('title', '=', '新节点').execute();
    expect(rows.map((r) => Number(r.parent))).toEqual([inside]);
    // the label column hidden from the role: no label names a row (its values are not the role's to match on)
    const rules = { ...grant, rowFilter: null, fieldRules: { hidden: ['title'], readOnly: [] } };
    expect((await t.post('/api/access/role/', { roleId, grants: [rules] })).statusCode).toBe(200);
    const file = await upload(
      t,
      'h.xlsx',
      bookBytes(
        [
          ['grp', 'parent'],
          ['A', 'INNODE'],
        ],
        'xlsx',
        'nodes',
      ),
    );
    const hidden = await as('nodes').post('/api/action/importTable/', { _flag: 'nodes33', fileUrl: file });
    expect(hidden.statusCode, hidden.body).toBe(400);
    expect(hidden.json().data.problems[0].message).toBe(refused.json().data.problems[0].message.replace('NONODE', 'INNODE'));
  });

  it('category import: a category of the same name outside the filter is no match (not skipped, not told of)', async () => {
    const menuId = Number(
      (await t.ctx.conn.db.selectFrom('sys_menu').select('id').where('url', '=', '/manage/questionsSmallClass').executeTakeFirstOrThrow()).id,
    );
    const roleId = await saved('sys_role', { name: 'r33-own', department: 'test' });
    const grant = { menuId, actions: ['view', 'save', 'import'], rowFilter: { createdBy: '$CURRENT_USER' } };
    expect((await t.post('/api/access/role/', { roleId, grants: [grant] })).statusCode).toBe(200);
    const user = await t.post('/api/user/save/', { params: { loginid: 'u33own', name: 'own' } });
    expect((await t.post('/api/user/roles/', { id: Number(user.json().data.id), roleIds: [roleId] })).statusCode).toBe(200);
    tokens.own = (await t.login('u33own', user.json().data.password as string)).json().token;
    // the administrator's category of 申论: outside the role's rows
    await saved('questionsSmallClass', { name: 'OUTCAT', subjectId: ids.subjectA, isUp: 1 });
    const file = await upload(t, 'c.xlsx', bookBytes([CATEGORY_HEADER, ['OUTCAT', '', '1', '是']], 'xlsx', '分类'));
    const r = await as('own').post('/api/coustomApi/typesImport/', { fileUrl: file, subjectId: ids.subjectA, tableName: 'questionsSmallClass' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data).toMatchObject({ inserted: 1, skipped: 0 });
    // imported again: its own one now matches
    const again = await as('own').post('/api/coustomApi/typesImport/', { fileUrl: file, subjectId: ids.subjectA, tableName: 'questionsSmallClass' });
    expect(again.json().data).toMatchObject({ inserted: 0, skipped: 1 });
    // the categories named by question files (selectAddTypes): an outside one of that name is neither answered nor a parent
    const outside = await saved('questionsSmallClass', { name: 'OUTCAT2', subjectId: ids.subjectA, isUp: 1 });
    const added = await as('own').post('/api/coustomApi/selectAddTypes/', { parentId: ids.subjectA, fileName: 'OUTCAT2.xlsx' });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().data).toEqual([expect.objectContaining({ name: 'OUTCAT2', created: true })]);
    expect(added.json().data[0].id).not.toBe(outside);
    const under = (typeId: number) => as('own').post('/api/coustomApi/selectAddTypes/', { parentId: ids.subjectA, typeId, fileName: '子.xlsx' });
    const underOutside = await under(outside);
    expect(underOutside.statusCode).toBe(404);
    expect(refusal(underOutside, [outside])).toEqual(refusal(await under(MISSING), [MISSING]));
  });
});
