import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addField, defineTable } from './tables-helpers.ts';
import { bookBytes, upload } from './import-fixtures.ts';
import { engines, startTestApp, type TestApp } from './helpers.ts';

/** Every row's history, restore and undelete (issue 23, docs/history.md), on each engine, through the HTTP API. */
describe.each(engines)('row history and restore on %s', (engine, url) => {
  let t: TestApp;
  let subject = 0;
  let otherSubject = 0;
  let category = 0;
  const tokens: Record<string, string> = {};

  const as = (who: string) => ({
    get: (u: string) => t.app.inject({ method: 'GET', url: u, headers: { authorization: tokens[who]! } }),
    post: (u: string, body: unknown) => t.app.inject({ method: 'POST', url: u, payload: body as object, headers: { authorization: tokens[who]! } }),
  });
  const save = async (flag: string, params: Record<string, unknown>) => {
    const r = await t.post('/api/action/save/', { _flag: flag, params });
    expect(r.statusCode, r.body).toBe(200);
    return r.json().data.id as number;
  };
  const historyOf = async (flag: string, id: number | string, who = 'admin') => {
    const r = await as(who).get(`/api/history/?_flag=${flag}&id=${id}`);
    expect(r.statusCode, r.body).toBe(200);
    return r.json().data as {
      revisions: {
        id: number;
        action: string;
        loginid: string;
        current: boolean;
        restorable: boolean;
        refusal?: { code: string };
        changes: { column: string; before: unknown; after: unknown }[];
      }[];
      deleted: boolean;
      fields: Record<string, { title: { zh: string; en: string }; enum?: unknown[]; removed?: boolean }>;
    };
  };
  const question = (id: number) =>
    t.ctx.conn.db.selectFrom('questionBank').selectAll().where('id', '=', id).executeTakeFirstOrThrow() as Promise<Record<string, unknown>>;
  const versionOf = async (flag: string, id: number) => {
    const r = await t.select(flag, { wheres: { id: { type: 'eq', value: id } } });
    return r.body.data[0]._version as string;
  };
  const newQuestion = (name: string) =>
    save('questionBank', { parentId: subject, typeId: category, name, options: '["甲","乙"]', correctOptions: 'A', typeLabel: undefined });

  beforeAll(async () => {
    t = await startTestApp(engine, url);
    tokens.admin = t.token;
    subject = await save('questionsClass', { name: '科目一' });
    otherSubject = await save('questionsClass', { name: '科目四' });
    category = await save('questionsSmallClass', { name: '第一章', subjectId: subject, parentId: 0 });
    // three accounts: one that may view the question bank, one that may also save, one that may also delete
    const menu = await t.ctx.conn.db.selectFrom('sys_menu').select('id').where('url', '=', '/manage/questionBank').executeTakeFirstOrThrow();
    for (const [who, actions] of [
      ['viewer', ['view']],
      ['editor', ['view', 'save']],
      ['remover', ['view', 'save', 'delete']],
    ] as const) {
      const role = await save('sys_role', { name: `r-${who}`, department: 'test' });
      expect((await t.post('/api/access/role/', { roleId: role, grants: [{ menuId: Number(menu.id), actions }] })).statusCode).toBe(200);
      const user = await t.post('/api/user/save/', { params: { loginid: who, name: who } });
      expect((await t.post('/api/user/roles/', { id: user.json().data.id, roleIds: [role] })).statusCode).toBe(200);
      tokens[who] = (await t.login(who, user.json().data.password)).json().token;
    }
  });
  afterAll(async () => t?.close());

  it('lists a row’s revisions newest first and restores an earlier text through the save, as a revision of its own', async () => {
    const id = await newQuestion('原来的题干');
    await save('questionBank', { id, name: '第二次的题干' });
    await save('questionBank', { id, name: '写错了的题干', correctOptions: 'B' });
    const h = await historyOf('questionBank', id);
    expect(h.revisions.map((r) => r.action)).toEqual(['save', 'save', 'save']);
    expect(h.revisions[0]).toMatchObject({ current: true, restorable: false, loginid: 'admin' });
    expect(h.revisions[0]!.changes).toEqual(
      expect.arrayContaining([
        { column: 'name', before: '第二次的题干', after: '写错了的题干' },
        { column: 'correctOptions', before: 'A', after: 'B' },
      ]),
    );
    expect(h.revisions[2]!.changes).toEqual(expect.arrayContaining([{ column: 'name', before: null, after: '原来的题干' }]));
    expect(h.fields.name!.title).toEqual({ zh: '题目', en: expect.any(String) });
    // a reference is named by its row's label; the key and the delete mark are no fields of a revision
    expect((h.fields.parentId as { labels?: Record<string, string> }).labels).toEqual({ [String(subject)]: '科目一' });
    expect(h.revisions[2]!.changes.map((c) => c.column)).not.toContain('isdelete');
    expect(h.revisions[2]!.changes.map((c) => c.column)).not.toContain('id');
    expect(h.revisions.slice(1).every((r) => r.restorable)).toBe(true);

    // back to the first revision: both later changes undone, createTime kept
    const createdAt = (await question(id)).createTime;
    const r = await t.post('/api/history/restore/', { _flag: 'questionBank', id, revision: h.revisions[2]!.id, _version: await versionOf('questionBank', id) });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data.columns.sort()).toEqual(['correctOptions', 'name']);
    expect(r.json().message).toBe('已恢复到所选版本');
    expect(await question(id)).toMatchObject({ name: '原来的题干', correctOptions: 'A', isdelete: 0 });
    expect(String((await question(id)).createTime)).toBe(String(createdAt));
    const after = await historyOf('questionBank', id);
    expect(after.revisions[0]).toMatchObject({ action: 'restore', current: true });
    expect(after.revisions[0]!.changes).toEqual(expect.arrayContaining([{ column: 'name', before: '写错了的题干', after: '原来的题干' }]));
    // and forward again, to the state right after the second save
    const again = await t.post('/api/history/restore/', { _flag: 'questionBank', id, revision: h.revisions[1]!.id });
    expect(again.statusCode, again.body).toBe(200);
    expect(await question(id)).toMatchObject({ name: '第二次的题干', correctOptions: 'A' });
  });

  it('refuses a restore over a row changed since it was read (409 with the row), writing nothing', async () => {
    const id = await newQuestion('版本一');
    await save('questionBank', { id, name: '版本二' });
    const stale = await versionOf('questionBank', id);
    await save('questionBank', { id, name: '版本三' });
    const h = await historyOf('questionBank', id);
    const r = await t.post('/api/history/restore/', { _flag: 'questionBank', id, revision: h.revisions[2]!.id, _version: stale });
    expect(r.statusCode, r.body).toBe(409);
    expect(r.json().code).toBe('CONFLICT');
    expect((await question(id)).name).toBe('版本三');
    expect((await historyOf('questionBank', id)).revisions).toHaveLength(3);
  });

  it('refuses what cannot be restored, with the reason, and writes nothing', async () => {
    // a reference to a row that is gone: the subject the question was in has been deleted since
    const gone = await save('questionsClass', { name: '将被删除的科目' });
    const id = await save('questionBank', { parentId: gone, typeId: category, name: '换了科目的题', options: '["甲","乙"]', correctOptions: 'A' });
    await save('questionBank', { id, parentId: otherSubject });
    expect((await t.post('/api/action/delete/', { _flag: 'questionsClass', id: gone })).statusCode).toBe(200);
    let h = await historyOf('questionBank', id);
    const refused = await t.post('/api/history/restore/', { _flag: 'questionBank', id, revision: h.revisions[1]!.id });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().code).toBe('RESTORE_REFERENCE_GONE');
    expect(refused.json().message).toContain('所属科目');
    expect(Number((await question(id)).parentId)).toBe(otherSubject);

    // a value a rule now refuses (the text is longer than the column allows: logged by an earlier rule)
    const long = await newQuestion('短题干');
    await save('questionBank', { id: long, name: '新题干' });
    h = await historyOf('questionBank', long);
    const entry = h.revisions[0]!;
    await t.ctx.conn.db
      .updateTable('sys_operationLog')
      .set({ changes: JSON.stringify([{ column: 'name', before: 'x'.repeat(5000), after: '新题干' }]) })
      .where('id', '=', entry.id)
      .execute();
    const tooLong = await t.post('/api/history/restore/', { _flag: 'questionBank', id: long, revision: h.revisions[1]!.id });
    expect(tooLong.statusCode, tooLong.body).toBe(400);
    expect(tooLong.json().code).toBe('TOO_LONG');
    expect((await question(long)).name).toBe('新题干');

    // a value too long to have been logged whole (an earlier release cut at 1,000 characters)
    await t.ctx.conn.db
      .updateTable('sys_operationLog')
      .set({ changes: JSON.stringify([{ column: 'name', before: `${'y'.repeat(1000)}…`, after: '新题干' }]) })
      .where('id', '=', entry.id)
      .execute();
    h = await historyOf('questionBank', long);
    expect(h.revisions[1]).toMatchObject({ restorable: false, refusal: { code: 'RESTORE_VALUE_CUT' } });
    const cut = await t.post('/api/history/restore/', { _flag: 'questionBank', id: long, revision: h.revisions[1]!.id });
    expect(cut.json().code).toBe('RESTORE_VALUE_CUT');

    // a revision of another row, and bad parameters
    expect((await t.post('/api/history/restore/', { _flag: 'questionBank', id, revision: entry.id })).statusCode).toBe(404);
    expect((await t.post('/api/history/restore/', { _flag: 'questionBank', id, revision: 'x' })).statusCode).toBe(400);
    expect((await t.get('/api/history/?_flag=nope&id=1')).statusCode).toBe(400);
    expect((await t.get('/api/history/?_flag=questionBank&id=abc')).statusCode).toBe(400);
    // the operation log itself is no table a restore writes
    expect((await t.post('/api/history/restore/', { _flag: 'sys_operationLog', id: 1, revision: 1 })).statusCode).toBe(400);
  });

  it('passes a restore through the rules of a form bound to the table since', async () => {
    const id = await save('testList', { name: 'abc1', age: 20, sex: 1 });
    await save('testList', { id, name: 'abc' });
    // a form now says a name has no digits
    const form = {
      version: 2,
      fields: [
        {
          kind: 'text',
          name: 'name',
          label: { zh: '姓名', en: 'Name' },
          rules: { patterns: [{ regex: '^[^0-9]*$', message: { zh: '姓名不能有数字', en: 'No digits' } }] },
        },
      ],
    };
    const bound = await t.post('/api/action/save/', {
      _flag: 'sys_layTable',
      params: { name: '历史测试表单', tableKey: 'h', tableName: 'testList', formJson: JSON.stringify(form) },
    });
    expect(bound.statusCode, bound.body).toBe(200);
    try {
      const h = await historyOf('testList', id);
      const r = await t.post('/api/history/restore/', { _flag: 'testList', id, revision: h.revisions[1]!.id });
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json()).toMatchObject({ code: 'FORM_VALUES_INVALID' });
      expect(r.json().message).toContain('姓名不能有数字');
      const row = await t.ctx.conn.db.selectFrom('testList').select('name').where('id', '=', id).executeTakeFirstOrThrow();
      expect(row.name).toBe('abc');
    } finally {
      await t.post('/api/action/delete/', { _flag: 'sys_layTable', id: bound.json().data.id });
    }
  });

  it('refuses a column since removed from an operator’s table', async () => {
    const sheet = await defineTable(t, 'rooms', [
      { columnName: 'id', type: 'int', primaryKey: 1, autoIncrement: 1 },
      { columnName: 'title', type: 'nvarchar', length: 40, intro: '考场' },
    ]);
    const note = await addField(t, sheet, { columnName: 'note', type: 'nvarchar', length: 40, intro: '备注' });
    expect((await t.post('/api/action/createSqlTable/', { id: sheet })).statusCode).toBe(200);
    const id = await save('rooms', { title: '一号考场', note: '旧备注' });
    await save('rooms', { id, note: '新备注' });
    await save('rooms', { id, title: '二号考场' });
    // the column goes: its field is deleted from the definition and the table altered
    expect((await t.post('/api/action/delete/', { _flag: 'sys_tableFields', id: note })).statusCode).toBe(200);
    const altered = await t.post('/api/action/createSqlTable/', { id: sheet });
    expect(altered.statusCode, altered.body).toBe(200);
    const h = await historyOf('rooms', id);
    expect(h.fields.note).toMatchObject({ removed: true });
    // back to right after the note changed: only the title is undone, which is fine
    expect(h.revisions[1]).toMatchObject({ restorable: true });
    // back to the first revision: the note would have to change
    expect(h.revisions[2]).toMatchObject({ restorable: false, refusal: { code: 'RESTORE_COLUMN_REMOVED' } });
    const r = await t.post('/api/history/restore/', { _flag: 'rooms', id, revision: h.revisions[2]!.id });
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toContain('note');
    const ok = await t.post('/api/history/restore/', { _flag: 'rooms', id, revision: h.revisions[1]!.id });
    expect(ok.statusCode, ok.body).toBe(200);
    const row = await t.ctx.conn.db.selectFrom('rooms').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.title).toBe('一号考场');
  });

  it('lists deleted rows and brings them back: soft deletes, and rows deleted for good with their values', async () => {
    const id = await newQuestion('被误删的题');
    expect((await t.post('/api/action/delete/', { _flag: 'questionBank', id })).statusCode).toBe(200);
    const list = await t.get('/api/history/deleted/?_flag=questionBank');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data[0]).toMatchObject({ id, label: '被误删的题', loginid: 'admin' });
    const h = await historyOf('questionBank', id);
    expect(h.deleted).toBe(true);
    expect(h.revisions[0]).toMatchObject({ action: 'delete', current: true });
    expect(h.revisions[1]).toMatchObject({ restorable: false, refusal: { code: 'RESTORE_ROW_DELETED' } });
    const back = await t.post('/api/history/undelete/', { _flag: 'questionBank', id });
    expect(back.statusCode, back.body).toBe(200);
    expect((await question(id)).isdelete).toBe(0);
    expect((await historyOf('questionBank', id)).revisions[0]).toMatchObject({ action: 'undelete' });
    expect((await t.get('/api/history/deleted/?_flag=questionBank')).json().data.map((r: { id: number }) => r.id)).not.toContain(id);
    expect((await t.post('/api/history/undelete/', { _flag: 'questionBank', id })).json().code).toBe('ROW_NOT_DELETED');

    // a table without a delete mark: the row is inserted again with its key and values
    const sheet = await defineTable(t, 'seats', [
      { columnName: 'code', type: 'nvarchar', length: 20, primaryKey: 1, nonEmpty: 1 },
      { columnName: 'hall', type: 'nvarchar', length: 40 },
      { columnName: 'places', type: 'int' },
    ]);
    expect((await t.post('/api/action/createSqlTable/', { id: sheet })).statusCode).toBe(200);
    expect((await t.post('/api/action/save/', { _flag: 'seats', params: { code: 'A-01', hall: '东楼', places: 30 } })).statusCode).toBe(200);
    expect((await t.post('/api/action/delete/', { _flag: 'seats', id: 'A-01' })).statusCode).toBe(200);
    const seats = await t.get('/api/history/deleted/?_flag=seats');
    expect(seats.json().data).toEqual([expect.objectContaining({ id: 'A-01', label: '东楼' })]);
    const again = await t.post('/api/history/undelete/', { _flag: 'seats', id: 'A-01' });
    expect(again.statusCode, again.body).toBe(200);
    const row = await t.ctx.conn.db.selectFrom('seats').selectAll().where('code', '=', 'A-01').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ hall: '东楼', places: 30 });
    // a text key that looks like an import's run of keys (#1-5) is a row of its own, with its own revisions
    expect((await t.post('/api/action/save/', { _flag: 'seats', params: { code: '#1-5', hall: '西楼' } })).statusCode).toBe(200);
    expect((await t.post('/api/action/save/', { _flag: 'seats', params: { id: '#1-5', hall: '北楼' } })).statusCode).toBe(200);
    const odd = (await t.get(`/api/history/?_flag=seats&id=${encodeURIComponent('#1-5')}`)).json().data;
    expect(odd.revisions.map((r: { action: string }) => r.action)).toEqual(['save', 'save']);
    expect(odd.revisions[0].changes).toEqual([{ column: 'hall', before: '西楼', after: '北楼' }]);
  });

  it('keeps the history of a master-slave save and of a restore of a child', async () => {
    const sheet = await defineTable(t, 'halls', [
      { columnName: 'id', type: 'int', primaryKey: 1, autoIncrement: 1 },
      { columnName: 'title', type: 'nvarchar', length: 40 },
    ]);
    const h = await historyOf('sys_dataSheet', sheet);
    expect(h.revisions[0]).toMatchObject({ action: 'masterSlave' });
    expect(h.revisions[0]!.changes).toEqual(expect.arrayContaining([{ column: 'tableName', before: null, after: 'halls' }]));
  });

  it('starts an imported row’s history with its import, and an update by import is a revision that can be undone', async () => {
    const sheet = await defineTable(t, 'exams', [
      { columnName: 'id', type: 'int', primaryKey: 1, autoIncrement: 1 },
      { columnName: 'code', type: 'nvarchar', length: 20 },
      { columnName: 'hall', type: 'nvarchar', length: 40 },
    ]);
    expect((await t.post('/api/action/createSqlTable/', { id: sheet })).statusCode).toBe(200);
    const importRows = async (rows: string[][], extra: Record<string, unknown> = {}) => {
      const fileUrl = await upload(t, 'exams.xlsx', bookBytes([['code', 'hall'], ...rows]));
      const r = await t.post('/api/action/importTable/', { _flag: 'exams', fileUrl, ...extra });
      expect(r.statusCode, r.body).toBe(200);
    };
    await importRows([
      ['E-1', '东楼'],
      ['E-2', '西楼'],
    ]);
    const row = await t.ctx.conn.db.selectFrom('exams').selectAll().where('code', '=', 'E-1').executeTakeFirstOrThrow();
    let h = await historyOf('exams', Number(row.id));
    expect(h.revisions).toHaveLength(1);
    expect(h.revisions[0]).toMatchObject({ action: 'import', current: true });
    expect(h.revisions[0]!.changes).toEqual(expect.arrayContaining([{ column: 'hall', before: null, after: '东楼' }]));
    // a second file updates the row on its code
    await importRows([['E-1', '南楼']], { mode: 'update', keyColumn: 'code' });
    h = await historyOf('exams', Number(row.id));
    expect(h.revisions.map((r) => r.action)).toEqual(['import', 'import']);
    // the rows' keys were logged as one run (#first-last): the row's first revision shows its values at the import
    const run = await t.ctx.conn.db.selectFrom('sys_operationLog').select('rowId').where('id', '=', h.revisions[1]!.id).executeTakeFirstOrThrow();
    expect(run.rowId).toMatch(/^#\d+-\d+$/);
    expect(h.revisions[1]!.changes).toEqual(
      expect.arrayContaining([
        { column: 'code', before: null, after: 'E-1' },
        { column: 'hall', before: null, after: '东楼' },
      ]),
    );
    // the other row of the run: its own values, its own history
    const other = await t.ctx.conn.db.selectFrom('exams').select('id').where('code', '=', 'E-2').executeTakeFirstOrThrow();
    const h2 = await historyOf('exams', Number(other.id));
    expect(h2.revisions.map((r) => [r.id, r.action])).toEqual([[h.revisions[1]!.id, 'import']]);
    expect(h2.revisions[0]!.changes).toEqual(expect.arrayContaining([{ column: 'hall', before: null, after: '西楼' }]));
    const r = await t.post('/api/history/restore/', { _flag: 'exams', id: row.id, revision: h.revisions[1]!.id });
    expect(r.statusCode, r.body).toBe(200);
    expect((await t.ctx.conn.db.selectFrom('exams').select('hall').where('id', '=', row.id).executeTakeFirstOrThrow()).hall).toBe('东楼');
  });

  it('asks for view to read, save to restore, save and delete to undelete', async () => {
    const id = await newQuestion('权限题');
    await save('questionBank', { id, name: '权限题（改）' });
    const h = await historyOf('questionBank', id, 'viewer');
    expect(h.revisions).toHaveLength(2);
    // the subject's name, as the page shows it to this role
    expect((h.fields.parentId as { labels?: Record<string, string> }).labels).toEqual({ [String(subject)]: '科目一' });
    const first = h.revisions[1]!.id;
    expect((await as('viewer').post('/api/history/restore/', { _flag: 'questionBank', id, revision: first })).statusCode).toBe(403);
    expect((await as('editor').post('/api/history/restore/', { _flag: 'questionBank', id, revision: first })).statusCode).toBe(200);
    expect((await question(id)).name).toBe('权限题');
    await t.post('/api/action/delete/', { _flag: 'questionBank', id });
    expect((await as('editor').get('/api/history/deleted/?_flag=questionBank')).statusCode).toBe(403);
    expect((await as('editor').post('/api/history/undelete/', { _flag: 'questionBank', id })).statusCode).toBe(403);
    expect((await question(id)).isdelete).toBe(1);
    expect((await as('remover').get('/api/history/deleted/?_flag=questionBank')).statusCode).toBe(200);
    expect((await as('remover').post('/api/history/undelete/', { _flag: 'questionBank', id })).statusCode).toBe(200);
    expect((await question(id)).isdelete).toBe(0);
    // no grant on a table: no history of its rows (the accounts' table among them)
    expect((await as('remover').get(`/api/history/?_flag=sys_user&id=1`)).statusCode).toBe(403);
    expect((await as('remover').get(`/api/history/?_flag=sys_member&id=1`)).statusCode).toBe(403);
    expect((await as('remover').post('/api/history/restore/', { _flag: 'questionsClass', id: subject, revision: 1 })).statusCode).toBe(403);
    // a password hash is never in a revision
    const user = await t.ctx.conn.db.selectFrom('sys_user').select('id').where('loginid', '=', 'viewer').executeTakeFirstOrThrow();
    await t.post('/api/user/resetPassword/', { id: user.id });
    const accounts = await historyOf('sys_user', Number(user.id));
    expect(JSON.stringify(accounts)).not.toMatch(/"pass"|argon2/);
  });
});
