import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestApp, type TestApp } from './helpers.ts';

describe.each(engines)('generic save, delete and master-slave on %s', (engine, url) => {
  let t: TestApp;
  const db = () => t.ctx.conn.db;
  beforeAll(async () => {
    t = await startTestApp(engine, url);
  });
  afterAll(async () => t?.close());

  it('inserts without id, fills createTime and defaults, and updates only the sent fields with id', async () => {
    const r = await t.post('/api/action/save/', { _flag: 'sys_member', params: { name: '测试会员', phone: 13912345678 } });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ status: 200, success: true, message: '保存成功' });
    const id = r.json().data.id;
    let row = await db().selectFrom('sys_member').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: '测试会员', phone: '13912345678', gender: 0 });
    expect(Number(row.balance)).toBe(0);
    expect(String(row.createTime)).toMatch(/^\d{4}-\d{2}-\d{2}/);

    // the balance is the bill flows' (docs/decisions.md): a client's value is ignored
    const u = await t.post('/api/action/save/', { _flag: 'sys_member', params: { id, balance: '12.345', gender: 2 } });
    expect(u.json().data).toEqual({ id, created: false });
    row = await db().selectFrom('sys_member').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: '测试会员', gender: 2 });
    expect(Number(row.balance)).toBe(0);
    // money is rounded to cents
    const flow = await t.post('/api/action/save/', { _flag: 'userBillFlow', params: { memberid: id, type: 1, title: '奖励', money: '12.345' } });
    expect(Number((await db().selectFrom('userBillFlow').select('money').where('id', '=', flow.json().data.id).executeTakeFirstOrThrow()).money)).toBe(12.35);
  });

  it('takes the last element of a cascader path for parentId and stores typeId lists comma-joined', async () => {
    const parents = (await t.select('questionsClass', { wheres: { parentId: 0 } })).body.data;
    const child = (await t.select('questionsClass', { wheres: { parentId: parents[0].id } })).body.data[0];
    const r = await t.post('/api/action/save/', {
      _flag: 'questionsClass',
      params: { name: '科目二', parentId: JSON.stringify([parents[0].id, child.id]), isUp: 1, sortNum: 5 },
    });
    const row = await db().selectFrom('questionsClass').selectAll().where('id', '=', r.json().data.id).executeTakeFirstOrThrow();
    expect(Number(row.parentId)).toBe(child.id);

    const c = await t.post('/api/action/save/', { _flag: 'questionsSmallClass', params: { name: '多选分类', typeId: '[3,5,8]', subjectId: [parents[0].id] } });
    const stored = await db().selectFrom('questionsSmallClass').selectAll().where('id', '=', c.json().data.id).executeTakeFirstOrThrow();
    expect(stored.typeId).toBe('3,5,8');
    expect(Number(stored.subjectId)).toBe(parents[0].id);
    const answered = (await t.select('questionsSmallClass', { wheres: { id: c.json().data.id } })).body.data[0];
    expect(answered.typeId).toEqual([3, 5, 8]);
    const top = await t.post('/api/action/save/', { _flag: 'questionsClass', params: { name: '顶层', parentId: '[]' } });
    const topRow = await db().selectFrom('questionsClass').select('parentId').where('id', '=', top.json().data.id).executeTakeFirstOrThrow();
    expect(Number(topRow.parentId)).toBe(0);
  });

  it('accepts both spellings of the role parent', async () => {
    const r = await t.post('/api/action/save/', { _flag: 'sys_role', params: { name: '审核员', department: '内容部', parentid: 2 } });
    const row = await db().selectFrom('sys_role').selectAll().where('id', '=', r.json().data.id).executeTakeFirstOrThrow();
    expect(Number(row.parentId)).toBe(2);
    expect(Number(row.enable)).toBe(1);
  });

  it.each([
    ['a missing required field', { _flag: 'sys_member', params: { name: '无手机' } }, 'phone'],
    ['an empty required field on update', { _flag: 'sys_member', params: { id: 1, name: '' } }, 'name'],
    ['an unknown column', { _flag: 'sys_member', params: { name: 'a', phone: '1', hack: 1 } }, 'hack'],
    ['a text where a number belongs', { _flag: 'sys_member', params: { name: 'a', phone: '1', gender: 'x' } }, 'gender'],
    [
      'a text where money belongs, said in Chinese',
      { _flag: 'userBillFlow', params: { memberid: 1, type: 1, money: 'lots' } },
      '字段 money 的值不正确：需要数字',
    ],
    ['a too long text', { _flag: 'sys_member', params: { name: 'x'.repeat(51), phone: '1' } }, '50'],
    ['a bad datetime', { _flag: 'userBillFlow', params: { answerDate: '2024-02-30' } }, 'answerDate'],
    ['params that are not an object', { _flag: 'sys_member', params: 'name=a' }, 'params'],
    ['an unknown flag', { _flag: 'sqlite_master', params: { name: 'a' } }, 'sqlite_master'],
    ['a password hash sent for an account', { _flag: 'sys_user', params: { loginid: 'x1', name: 'x', pass: 'abc' } }, 'pass'],
  ])('refuses %s with 400 and writes nothing', async (_name, body, fragment) => {
    const count = async () =>
      Number(
        (
          await db()
            .selectFrom('sys_member')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const r = await t.post('/api/action/save/', body);
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ status: false, success: false });
    expect(r.json().message).toContain(fragment);
    expect(await count()).toBe(before);
  });

  it('says in English what kind of value was expected', async () => {
    const r = await t.post('/api/action/save/', { _flag: 'sys_member', params: { name: 'a', phone: '1', gender: 'x' } }, { 'accept-language': 'en-US,en' });
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toBe('Value of gender is invalid: expected an integer');
  });

  it('answers 404 for an update or delete of a row that does not exist or was deleted', async () => {
    const save = await t.post('/api/action/save/', { _flag: 'sys_member', params: { id: 999999, name: 'x' } });
    expect(save.statusCode).toBe(404);
    const del = await t.post('/api/action/delete/', { _flag: 'sys_member', id: 999999 });
    expect(del.statusCode).toBe(404);
  });

  it('deletes a list of ids all or nothing', async () => {
    const ids: number[] = [];
    for (const name of ['甲', '乙']) ids.push((await t.post('/api/action/save/', { _flag: 'testList', params: { name } })).json().data.id);
    const partly = await t.post('/api/action/delete/', { _flag: 'testList', id: [...ids, 999999] });
    expect(partly.statusCode).toBe(404);
    const rows = await db().selectFrom('testList').select('isdelete').where('id', 'in', ids).execute();
    expect(rows.map((r) => Number(r.isdelete))).toEqual([0, 0]);
    const all = await t.post('/api/action/delete/', { _flag: 'testList', id: ids.join(',') });
    expect(all.json()).toMatchObject({ status: 200, success: true, message: '删除成功' });
    const after = await db().selectFrom('testList').select('isdelete').where('id', 'in', ids).execute();
    expect(after.map((r) => Number(r.isdelete))).toEqual([1, 1]);
    const again = await t.post('/api/action/delete/', { _flag: 'testList', id: ids[0] });
    expect(again.statusCode).toBe(404);
  });

  it('refuses to delete the signed-in account', async () => {
    const me = (await t.get('/api/user/userInfo/')).json().data[0];
    const r = await t.post('/api/action/delete/', { _flag: 'sys_user', id: me.id });
    expect(r.statusCode).toBe(400);
  });

  it('saves a sheet and its columns in one transaction, marking removed columns deleted', async () => {
    const r = await t.post('/api/action/masterSlave/', {
      _flag: 'sys_dataSheet',
      _flagChidren: 'sys_tableFields',
      bindField: 'parentid',
      mainData: { tableName: 'exam_room', intro: '考场', parentid: 10000 },
      chidrenData: [
        { columnName: 'roomName', type: 'nvarchar', length: 50, nonEmpty: 1 },
        { columnName: 'seats', type: 'int' },
        { columnName: 'dropped', type: 'int', isdelete: 1 },
      ],
    });
    expect(r.statusCode).toBe(200);
    const { id, children } = r.json().data;
    expect(children).toHaveLength(2);
    const fields = await db().selectFrom('sys_tableFields').selectAll().where('parentid', '=', id).orderBy('id').execute();
    expect(fields.map((f) => f.columnName)).toEqual(['roomName', 'seats']);
    expect(Number(fields[1]!.length)).toBe(50);

    const edit = await t.post('/api/action/masterSlave/', {
      _flag: 'sys_dataSheet',
      _flagChidren: 'sys_tableFields',
      bindField: 'parentid',
      mainData: { id, intro: '考场信息' },
      chidrenData: [
        { id: children[1], isdelete: 1 },
        { columnName: 'floor', type: 'int' },
      ],
    });
    expect(edit.statusCode).toBe(200);
    const live = (await t.select('sys_tableFields', { wheres: { parentid: id } })).body.data;
    expect(live.map((f: any) => f.columnName).sort()).toEqual(['floor', 'roomName']);
  });

  it('writes nothing of a master-slave save when one child is invalid', async () => {
    const count = async (table: string) =>
      Number(
        (
          await db()
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const sheets = await count('sys_dataSheet');
    const fields = await count('sys_tableFields');
    const r = await t.post('/api/action/masterSlave/', {
      _flag: 'sys_dataSheet',
      _flagChidren: 'sys_tableFields',
      bindField: 'parentid',
      mainData: { tableName: 'broken', parentid: 10000 },
      chidrenData: [
        { columnName: 'ok', type: 'int' },
        { columnName: 'bad', length: 'long' },
      ],
    });
    expect(r.statusCode).toBe(400);
    expect(await count('sys_dataSheet')).toBe(sheets);
    expect(await count('sys_tableFields')).toBe(fields);
  });

  it('refuses a child that belongs to another sheet', async () => {
    const a = await t.post('/api/action/masterSlave/', {
      _flag: 'sys_dataSheet',
      _flagChidren: 'sys_tableFields',
      bindField: 'parentid',
      mainData: { tableName: 'a1', parentid: 10000 },
      chidrenData: [{ columnName: 'x', type: 'int' }],
    });
    const b = await t.post('/api/action/masterSlave/', {
      _flag: 'sys_dataSheet',
      _flagChidren: 'sys_tableFields',
      bindField: 'parentid',
      mainData: { tableName: 'b1', parentid: 10000 },
      chidrenData: [{ id: a.json().data.children[0], isdelete: 1 }],
    });
    expect(b.statusCode).toBe(404);
  });

  it('answers a malformed JSON body with 400', async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/action/save/',
      headers: { authorization: t.token, 'content-type': 'application/json' },
      payload: '{"_flag":',
    });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ status: false, success: false });
  });
});
