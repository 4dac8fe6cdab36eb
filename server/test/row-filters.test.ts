// Row permissions (issue 33 #1, #3): a grant's row filter keeps a role to its rows on every engine. The 申论 editor
// (题库 granted with the filter parentId = 申论) lists, counts, exports, edits and deletes the 申论 questions only:
// another question is not found (404, as if absent), a save that would take a question out of 申论 or add one
// elsewhere is refused (403) and changes nothing; "created by me" ($CURRENT_USER on createdBy) and the union of two
// roles' filters; the grants API keeps, checks and answers the filter.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookBytes, q, QUESTION_HEADER, upload } from './import-fixtures.ts';
import { engines, startTestApp, type TestApp } from './helpers.ts';

describe.each(engines)('row filters on %s', (engine, url) => {
  let t: TestApp;
  let shenlun = 0;
  let other = 0;
  let category = 0;
  let questionMenu = 0;
  let homeMenu = 0;
  const roles: Record<string, number> = {};
  const users: Record<string, { id: number; token: string }> = {};
  const mine: Record<string, number[]> = { shenlun: [], other: [] };

  const as = (who: string) => ({
    get: (u: string) => t.app.inject({ method: 'GET', url: u, headers: { authorization: users[who]!.token } }),
    post: (u: string, body: unknown) => t.app.inject({ method: 'POST', url: u, payload: body as object, headers: { authorization: users[who]!.token } }),
    select: async (query: Record<string, unknown> = {}) => {
      const params = new URLSearchParams({ _flag: 'questionBank', row: '100' });
      for (const [k, v] of Object.entries(query)) params.set(k, typeof v === 'string' ? v : JSON.stringify(v));
      const r = await t.app.inject({ method: 'GET', url: `/api/select/?${params}`, headers: { authorization: users[who]!.token } });
      expect(r.statusCode, r.body).toBe(200);
      return r.json() as { data: Record<string, unknown>[]; total: number };
    },
  });
  const question = (id: number) => t.ctx.conn.db.selectFrom('questionBank').selectAll().where('id', '=', id).executeTakeFirst();
  const grant = (who: string, rowFilter: unknown, actions = ['view', 'save', 'delete', 'export']) =>
    t.post('/api/access/role/', {
      roleId: roles[who],
      grants: [
        { menuId: homeMenu, actions: ['view'] },
        { menuId: questionMenu, actions, ...(rowFilter === undefined ? {} : { rowFilter }) },
      ],
    });

  beforeAll(async () => {
    t = await startTestApp(engine, url);
    const subject = async (name: string) => Number((await t.post('/api/action/save/', { _flag: 'questionsClass', params: { name, isUp: 1 } })).json().data.id);
    shenlun = await subject('申论');
    other = await subject('行测');
    category = Number(
      (await t.post('/api/action/save/', { _flag: 'questionsSmallClass', params: { name: '分类', subjectId: shenlun, isUp: 1 } })).json().data.id,
    );
    for (const [key, parentId, n] of [
      ['shenlun', shenlun, 3],
      ['other', other, 2],
    ] as const)
      for (let i = 0; i < n; i++) {
        const r = await t.post('/api/action/save/', { _flag: 'questionBank', params: { parentId, name: `${key} 题 ${i}`, correctOptions: 'A' } });
        expect(r.statusCode, r.body).toBe(200);
        mine[key]!.push(Number(r.json().data.id));
      }
    const menuId = async (u: string) => Number((await t.ctx.conn.db.selectFrom('sys_menu').select('id').where('url', '=', u).executeTakeFirstOrThrow()).id);
    questionMenu = await menuId('/manage/questionBank');
    homeMenu = await menuId('/manage/home');
    for (const who of ['editor', 'author', 'both']) {
      if (who !== 'both')
        roles[who] = Number((await t.post('/api/action/save/', { _flag: 'sys_role', params: { name: `r-${who}`, department: 'test' } })).json().data.id);
      const user = await t.post('/api/user/save/', { params: { loginid: who, name: who } });
      const id = Number(user.json().data.id);
      const roleIds = who === 'both' ? [roles.editor!, roles.author!] : [roles[who]!];
      expect((await t.post('/api/user/roles/', { id, roleIds })).statusCode).toBe(200);
      users[who] = { id, token: (await t.login(who, user.json().data.password as string)).json().token };
    }
    expect((await grant('editor', { parentId: shenlun })).statusCode).toBe(200);
    expect((await grant('author', { createdBy: '$CURRENT_USER' }, ['view', 'save'])).statusCode).toBe(200);
  }, 120_000);
  afterAll(async () => t?.close());

  it('lists, counts and exports only the rows of the filter; the list filters within them', async () => {
    const all = await as('editor').select();
    expect(all.total).toBe(3);
    expect(all.data.map((r) => Number(r.id)).sort()).toEqual([...mine.shenlun!].sort());
    expect((await as('editor').select({ wheres: { parentId: other } })).total).toBe(0);
    expect((await as('editor').select({ wheres: { id: mine.other![0] } })).data).toEqual([]);
    expect((await as('editor').select({ wheres: { name: { type: 'like', value: '题' } } })).total).toBe(3);
    // the administrator sees every row (the seed's too)
    const live = await t.ctx.conn.db.selectFrom('questionBank').select('id').where('isdelete', '=', 0).execute();
    expect((await t.select('questionBank', { row: 100 })).body.total).toBe(live.length);
    const csv = await as('editor').get('/api/export/table/?_flag=questionBank&format=csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('shenlun 题 0');
    expect(csv.body).not.toContain('other 题');
  });

  it('answers a row outside as not found on save and delete, and changes nothing', async () => {
    const outside = mine.other![0]!;
    const save = await as('editor').post('/api/action/save/', { _flag: 'questionBank', params: { id: outside, name: '改了' } });
    expect(save.statusCode).toBe(404);
    const del = await as('editor').post('/api/action/delete/', { _flag: 'questionBank', id: outside });
    expect(del.statusCode).toBe(404);
    // a list of ids with one outside: nothing deleted
    const some = await as('editor').post('/api/action/delete/', { _flag: 'questionBank', id: [mine.shenlun![2], outside] });
    expect(some.statusCode).toBe(404);
    expect(await question(outside)).toMatchObject({ name: 'other 题 0', isdelete: 0 });
    expect(await question(mine.shenlun![2]!)).toMatchObject({ isdelete: 0 });
  });

  it('refuses a save that takes a row out of the filter or adds one outside it, and writes the creator', async () => {
    const inside = mine.shenlun![0]!;
    const away = await as('editor').post('/api/action/save/', { _flag: 'questionBank', params: { id: inside, parentId: other } });
    expect(away.statusCode, away.body).toBe(403);
    expect(away.json().code).toBe('ROW_OUT_OF_SCOPE');
    expect(await question(inside)).toMatchObject({ parentId: shenlun });
    const before = (await t.select('questionBank', { row: 100 })).body.total;
    const elsewhere = await as('editor').post('/api/action/save/', { _flag: 'questionBank', params: { parentId: other, name: '别处' } });
    expect(elsewhere.statusCode).toBe(403);
    expect((await t.select('questionBank', { row: 100 })).body.total).toBe(before);
    const added = await as('editor').post('/api/action/save/', { _flag: 'questionBank', params: { parentId: shenlun, name: '新申论题' } });
    expect(added.statusCode, added.body).toBe(200);
    const row = await question(Number(added.json().data.id));
    expect(Number(row!.createdBy)).toBe(users.editor!.id);
    // lists name the creator beside its id
    const listed = (await t.select('questionBank', { wheres: { id: Number(added.json().data.id) } })).body.data[0];
    expect(listed).toMatchObject({ createdBy: users.editor!.id, createdByName: 'editor' });
    expect(Number((await question(inside))!.createdBy ?? 0)).not.toBe(users.editor!.id);
    const edited = await as('editor').post('/api/action/save/', { _flag: 'questionBank', params: { id: inside, name: '改过的申论题' } });
    expect(edited.statusCode).toBe(200);
    const deleted = await as('editor').post('/api/action/delete/', { _flag: 'questionBank', id: Number(added.json().data.id) });
    expect(deleted.statusCode).toBe(200);
  });

  it('keeps a role to the rows its account created ($CURRENT_USER), and gives two roles the union of their rows', async () => {
    expect((await as('author').select()).total).toBe(0);
    const added = await as('author').post('/api/action/save/', { _flag: 'questionBank', params: { parentId: other, name: '作者的题' } });
    expect(added.statusCode, added.body).toBe(200);
    const id = Number(added.json().data.id);
    expect((await as('author').select()).data.map((r) => Number(r.id))).toEqual([id]);
    // the account of both roles: the 申论 questions and the rows it created, not the author's
    expect((await as('both').select()).total).toBe(3);
    const own = await as('both').post('/api/action/save/', { _flag: 'questionBank', params: { parentId: other, name: '两个角色的题' } });
    expect(own.statusCode, own.body).toBe(200);
    const ids = (await as('both').select()).data.map((r) => Number(r.id));
    expect(ids).toHaveLength(4);
    expect(ids).toContain(Number(own.json().data.id));
    expect(ids).not.toContain(id);
  });

  it('imports only rows of the filter: a question file into another subject is refused whole', async () => {
    const file = bookBytes([QUESTION_HEADER, q('导入的题一', ['甲', '乙'], 'A'), q('导入的题二', ['甲', '乙'], 'B')]);
    const fileUrl = await upload(t, 'q.xlsx', file);
    expect((await grant('editor', { parentId: shenlun }, ['view', 'save', 'import'])).statusCode).toBe(200);
    const outsideType = Number(
      (await t.post('/api/action/save/', { _flag: 'questionsSmallClass', params: { name: '行测分类', subjectId: other, isUp: 1 } })).json().data.id,
    );
    const refused = await as('editor').post('/api/action/import/', { fileUrl, parentId: other, typeId: outsideType });
    expect(refused.statusCode, refused.body).toBe(403);
    expect((await t.ctx.conn.db.selectFrom('questionBank').select('id').where('name', 'like', '导入的题%').execute()).length).toBe(0);
    const done = await as('editor').post('/api/action/import/', { fileUrl, parentId: shenlun, typeId: category });
    expect(done.statusCode, done.body).toBe(200);
    const rows = await t.ctx.conn.db.selectFrom('questionBank').select(['createdBy']).where('name', 'like', '导入的题%').execute();
    expect(rows.map((r) => Number(r.createdBy))).toEqual([users.editor!.id, users.editor!.id]);
    expect((await grant('editor', { parentId: shenlun })).statusCode).toBe(200);
  });

  it('shows history, deleted rows, restore and undelete of its rows only', async () => {
    // a question of 申论 moved to 行测 and back by the administrator: its history holds a revision outside the filter
    const moved = Number((await t.post('/api/action/save/', { _flag: 'questionBank', params: { parentId: shenlun, name: '搬来搬去' } })).json().data.id);
    expect((await t.post('/api/action/save/', { _flag: 'questionBank', params: { id: moved, parentId: other } })).statusCode).toBe(200);
    expect((await t.post('/api/action/save/', { _flag: 'questionBank', params: { id: moved, parentId: shenlun, name: '搬回来了' } })).statusCode).toBe(200);
    const outside = mine.other![1]!;
    expect((await as('editor').get(`/api/history/?_flag=questionBank&id=${outside}`)).statusCode).toBe(404);
    const history = await as('editor').get(`/api/history/?_flag=questionBank&id=${moved}`);
    expect(history.statusCode, history.body).toBe(200);
    const revisions = history.json().data.revisions as { id: number; changes: { column: string; after: unknown }[] }[];
    const toOther = revisions.find((r) => r.changes.some((c) => c.column === 'parentId' && Number(c.after) === other))!;
    expect(toOther).toBeDefined();
    const restore = await as('editor').post('/api/history/restore/', { _flag: 'questionBank', id: moved, revision: toOther.id });
    expect(restore.statusCode, restore.body).toBe(403);
    expect(await question(moved)).toMatchObject({ parentId: shenlun, name: '搬回来了' });
    const outsideRevision = Number((await t.get(`/api/history/?_flag=questionBank&id=${outside}`)).json().data.revisions[0].id);
    expect((await as('editor').post('/api/history/restore/', { _flag: 'questionBank', id: outside, revision: outsideRevision })).statusCode).toBe(404);
    // deleted: one of each subject, by the administrator
    expect((await t.post('/api/action/delete/', { _flag: 'questionBank', id: [moved, outside] })).statusCode).toBe(200);
    const deleted = await as('editor').get('/api/history/deleted/?_flag=questionBank');
    expect(deleted.statusCode, deleted.body).toBe(200);
    const ids = (deleted.json().data as { id: number }[]).map((r) => Number(r.id));
    expect(ids).toContain(moved);
    expect(ids).not.toContain(outside);
    expect((await as('editor').post('/api/history/undelete/', { _flag: 'questionBank', id: outside })).statusCode).toBe(404);
    expect(await question(outside)).toMatchObject({ isdelete: 1 });
    expect((await as('editor').post('/api/history/undelete/', { _flag: 'questionBank', id: moved })).statusCode).toBe(200);
    expect(await question(moved)).toMatchObject({ isdelete: 0 });
    expect((await t.post('/api/history/undelete/', { _flag: 'questionBank', id: outside })).statusCode).toBe(200);
  });

  it('matches an import only on its rows: an outside row is answered as a missing one', async () => {
    const memberMenu = Number((await t.ctx.conn.db.selectFrom('sys_menu').select('id').where('url', '=', '/manage/member').executeTakeFirstOrThrow()).id);
    const saved = await t.post('/api/action/save/', { _flag: 'sys_member', params: { name: '别人的会员', phone: '13600000001' } });
    const outside = Number(saved.json().data.id);
    const role = Number((await t.post('/api/action/save/', { _flag: 'sys_role', params: { name: 'r-members', department: 'test' } })).json().data.id);
    const grants = [{ menuId: memberMenu, actions: ['view', 'save', 'import'], rowFilter: { createdBy: '$CURRENT_USER' } }];
    expect((await t.post('/api/access/role/', { roleId: role, grants })).statusCode).toBe(200);
    expect((await t.post('/api/user/roles/', { id: users.author!.id, roleIds: [roles.author!, role] })).statusCode).toBe(200);
    t.ctx.sessions.forgetAll();
    const answer = async (id: number) => {
      const fileUrl = await upload(t, 'm.csv', Buffer.from(`ID,昵称\n${id},改名\n`));
      const r = await as('author').post('/api/action/importTable/', { _flag: 'sys_member', fileUrl, keyColumn: 'id', mode: 'update' });
      return { status: r.statusCode, problems: JSON.stringify(r.json().data?.problems ?? r.json().message).replaceAll(String(id), '#') };
    };
    const missing = await answer(99_999_999);
    expect(missing.status).toBe(400);
    expect(await answer(outside)).toEqual(missing);
    expect((await t.ctx.conn.db.selectFrom('sys_member').select('name').where('id', '=', outside).executeTakeFirstOrThrow()).name).toBe('别人的会员');
  });

  it('answers, keeps and checks a grant’s filter; a broken stored filter gives no row', async () => {
    const editors = (await as('editor').select()).total;
    expect(editors).toBeGreaterThanOrEqual(3);
    const read = await t.get(`/api/access/role/?roleId=${roles.editor}`);
    expect(read.json().data.grants).toContainEqual({
      menuId: questionMenu,
      actions: ['view', 'save', 'delete', 'export'],
      rowFilter: { parentId: shenlun },
      fieldRules: null,
    });
    // a save that says nothing of the filter keeps it
    expect((await grant('editor', undefined)).statusCode).toBe(200);
    expect((await as('editor').select()).total).toBe(editors);
    for (const [filter, menu] of [
      [{ nothing: 1 }, questionMenu],
      [{ parentId: { type: 'sounds', value: 1 } }, questionMenu],
      [{ parentId: shenlun }, homeMenu],
    ] as const) {
      const r = await t.post('/api/access/role/', { roleId: roles.editor, grants: [{ menuId: menu, actions: ['view'], rowFilter: filter }] });
      expect(r.statusCode, JSON.stringify(filter)).toBe(400);
    }
    expect((await as('editor').select()).total).toBe(editors);
    // a value nested far deeper than the grammar's shapes: refused, not a stack overflow (was a 500)
    for (const deep of [`{"name":${'{"type":"like","value":'.repeat(5000)}1${'}'.repeat(5000)}}`, `{"parentId":${'['.repeat(5000)}${']'.repeat(5000)}}`]) {
      const payload = `{"roleId":${roles.editor},"grants":[{"menuId":${questionMenu},"actions":["view"],"rowFilter":${deep}}]}`;
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/access/role/',
        payload,
        headers: { authorization: t.token, 'content-type': 'application/json' },
      });
      expect(r.statusCode).toBe(400);
    }
    await t.ctx.conn.db
      .updateTable('sys_roleMenu')
      .set({ rowFilter: 'not json' })
      .where('roleId', '=', roles.editor!)
      .where('menuId', '=', questionMenu)
      .execute();
    t.ctx.sessions.forgetAll();
    expect((await as('editor').select()).total).toBe(0);
    // null: every row again
    expect((await grant('editor', null)).statusCode).toBe(200);
    expect((await as('editor').select()).total).toBe((await t.select('questionBank', { row: 100 })).body.total);
  });

  it('binds $NOW to the time of each call: rows made before it, none after it', async () => {
    const all = (await t.select('questionBank', { row: 100 })).body.total as number;
    expect((await grant('author', { createTime: { type: 'lte', value: '$NOW' } }, ['view'])).statusCode).toBe(200);
    expect((await as('author').select()).total).toBe(all);
    expect((await grant('author', { createTime: { type: 'gt', value: '$NOW' } }, ['view'])).statusCode).toBe(200);
    expect((await as('author').select()).total).toBe(0);
    // the literal text is no time: had the variable not been bound, the filter would have been refused or matched nothing
    expect((await grant('author', { createTime: { type: 'lte', value: '$NOW' } }, ['view'])).statusCode).toBe(200);
    const like = { name: { type: 'like', value: 'shenlun' } };
    const expected = (await t.select('questionBank', { row: 100, wheres: like })).body.total as number;
    expect(expected).toBeGreaterThan(0);
    expect((await as('author').select({ wheres: like })).total).toBe(expected);
  });
});
