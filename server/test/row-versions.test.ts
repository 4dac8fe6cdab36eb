import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestApp, type TestApp } from './helpers.ts';

/** Issue 18 #4/#6: no silent lost update. Every answered row carries `_version`; a write carrying an older one is a 409. */
describe.each(engines)('row versions and stale saves on %s', (engine, url) => {
  let t: TestApp;
  const db = () => t.ctx.conn.db;
  const save = (flag: string, params: Record<string, unknown>, headers?: Record<string, string>) =>
    t.post('/api/action/save/', { _flag: flag, params }, headers);
  const listed = async (flag: string, id: number) => (await t.select(flag, { wheres: { id } })).body.data[0];
  const stored = (id: number) => db().selectFrom('sys_member').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const logCount = async () =>
    Number(
      (
        await db()
          .selectFrom('sys_operationLog')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const newMember = async (name = '会员', phone = '13800000000') => (await save('sys_member', { name, phone })).json().data.id as number;

  beforeAll(async () => {
    t = await startTestApp(engine, url);
  });
  afterAll(async () => t?.close());

  it('answers a version with every row of a list, the menu and the account list, and a new one once the row changes', async () => {
    const id = await newMember('版本', '13800000001');
    const first = await listed('sys_member', id);
    expect(first._version).toMatch(/^[0-9a-v]{12}$/);
    // the same row answers the same version
    expect((await listed('sys_member', id))._version).toBe(first._version);
    expect((await save('sys_member', { id, name: '版本二' })).statusCode).toBe(200);
    const second = await listed('sys_member', id);
    expect(second._version).not.toBe(first._version);
    // a change and its undoing give the row back its version: the version is of the values, not a counter
    await save('sys_member', { id, name: '版本' });
    expect((await listed('sys_member', id))._version).toBe(first._version);

    const menu = (await t.get('/api/system/menu/')).json().data;
    expect(menu.every((m: any) => typeof m._version === 'string')).toBe(true);
    const users = (await t.get('/api/user/list/')).json().data;
    expect(users.every((u: any) => typeof u._version === 'string' && !('pass' in u))).toBe(true);
  });

  it('refuses a save carrying an older version: 409 CONFLICT with the current row, nothing written, nothing logged', async () => {
    const id = await newMember('甲', '13800000002');
    const opened = await listed('sys_member', id);
    // operator A changes the name
    expect((await save('sys_member', { id, name: '甲改', _version: opened._version })).statusCode).toBe(200);
    const current = await listed('sys_member', id);
    const logs = await logCount();
    // operator B, whose dialog opened before, changes the phone
    const stale = await save('sys_member', { id, phone: '13999999999', _version: opened._version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ status: false, success: false, code: 'CONFLICT', message: '该数据已被他人修改，请刷新后重试', data: current });
    expect(await stored(id)).toMatchObject({ name: '甲改', phone: '13800000002' });
    expect(await logCount()).toBe(logs);
    const english = await save('sys_member', { id, phone: '13999999999', _version: opened._version }, { 'accept-language': 'en-US' });
    expect(english.json().message).toBe('This row was changed by someone else; reload it and try again');

    // B saves again on top of the current row: both changes are kept
    expect((await save('sys_member', { id, phone: '13999999999', _version: stale.json().data._version })).statusCode).toBe(200);
    expect(await stored(id)).toMatchObject({ name: '甲改', phone: '13999999999' });
  });

  it("keeps today's behaviour for a save without a version (clients of the spec, imports)", async () => {
    const id = await newMember('乙', '13800000003');
    await save('sys_member', { id, name: '乙改' });
    for (const none of [undefined, null, '']) {
      const r = await save('sys_member', { id, phone: '13700000000', _version: none });
      expect(r.statusCode).toBe(200);
    }
    expect(await stored(id)).toMatchObject({ name: '乙改', phone: '13700000000' });
    // a version is no column: anything but a version's text is a 400 naming it
    for (const bad of [12, 'not a version!', ['a']]) {
      const r = await save('sys_member', { id, name: 'x', _version: bad });
      expect(r.statusCode).toBe(400);
      expect(r.json()).toMatchObject({ code: 'BAD_PARAM' });
      expect(r.json().message).toContain('_version');
    }
    // a new row has nothing to conflict with: a version sent with it is not compared
    expect((await save('sys_member', { name: '丙', phone: '1', _version: 'abc' })).statusCode).toBe(200);
  });

  it("lets exactly one of two parallel saves with the same version win; the other gets the winner's row", async () => {
    const id = await newMember('并发', '13800000004');
    const { _version } = await listed('sys_member', id);
    const phones = ['13100000001', '13100000002', '13100000003', '13100000004'];
    const answers = await Promise.all(phones.map((phone) => save('sys_member', { id, phone, _version })));
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409]);
    const winner = phones[answers.findIndex((a) => a.statusCode === 200)];
    const row = await stored(id);
    expect(row.phone).toBe(winner);
    for (const lost of answers.filter((a) => a.statusCode === 409)) expect(lost.json().data).toMatchObject({ id, phone: winner });
  });

  it('refuses a master-slave save whose main row is stale, writing neither the main row nor any child', async () => {
    const made = await t.post('/api/action/masterSlave/', {
      _flag: 'sys_dataSheet',
      _flagChidren: 'sys_tableFields',
      bindField: 'parentid',
      mainData: { tableName: 'versioned_room', intro: '考场', parentid: 10000 },
      chidrenData: [{ columnName: 'seats', type: 'int' }],
    });
    const sheet = made.json().data.id as number;
    const opened = await listed('sys_dataSheet', sheet);
    expect((await save('sys_dataSheet', { id: sheet, intro: '别人改的', _version: opened._version })).statusCode).toBe(200);
    const fields = async () => (await t.select('sys_tableFields', { wheres: { parentid: sheet } })).body.data.map((f: any) => f.columnName).sort();
    const stale = await t.post('/api/action/masterSlave/', {
      _flag: 'sys_dataSheet',
      _flagChidren: 'sys_tableFields',
      bindField: 'parentid',
      mainData: { id: sheet, intro: '我的', _version: opened._version },
      chidrenData: [{ columnName: 'floor', type: 'int' }],
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'CONFLICT', data: { id: sheet, intro: '别人改的' } });
    expect((await listed('sys_dataSheet', sheet)).intro).toBe('别人改的');
    expect(await fields()).toEqual(['seats']);
    // a stale child is refused the same way, and takes the main row's change back with it
    const child = (await t.select('sys_tableFields', { wheres: { parentid: sheet } })).body.data[0];
    await save('sys_tableFields', { id: child.id, intro: '座位数' });
    const current = await listed('sys_dataSheet', sheet);
    const staleChild = await t.post('/api/action/masterSlave/', {
      _flag: 'sys_dataSheet',
      _flagChidren: 'sys_tableFields',
      bindField: 'parentid',
      mainData: { id: sheet, intro: '我的', _version: current._version },
      chidrenData: [{ id: child.id, intro: '旧的', _version: child._version }],
    });
    expect(staleChild.statusCode).toBe(409);
    expect(staleChild.json().data).toMatchObject({ id: child.id, intro: '座位数' });
    expect((await listed('sys_dataSheet', sheet)).intro).toBe('别人改的');
  });

  it("never writes a balance back from a client: a bill flow moving it leaves the member dialog's version valid", async () => {
    const id = await newMember('余额', '13800000005');
    const opened = await listed('sys_member', id);
    expect(opened.balance).toBe(0);
    // while the member's edit dialog is open, a bill flow moves the balance
    expect((await save('userBillFlow', { memberid: id, type: 1, title: '奖励', money: 25.5 })).statusCode).toBe(200);
    const moved = await listed('sys_member', id);
    expect(moved.balance).toBe(25.5);
    // the balance is the server's: its move makes no dialog stale
    expect(moved._version).toBe(opened._version);
    // the dialog saves back what it read, old balance included: the name is saved, the balance is not reverted
    const r = await save('sys_member', { ...opened, name: '余额改' });
    expect(r.statusCode).toBe(200);
    const row = await stored(id);
    expect(row.name).toBe('余额改');
    expect(Number(row.balance)).toBe(25.5);
    // nor by any client without a version, nor on insert
    await save('sys_member', { id, balance: 999 });
    expect(Number((await stored(id)).balance)).toBe(25.5);
    const fresh = (await save('sys_member', { name: '新', phone: '1', balance: 50 })).json().data.id;
    expect(Number((await stored(fresh)).balance)).toBe(0);
    // the schema says so: the column is kept by the server
    const meta = (await t.get('/api/schema/sys_member')).json().data;
    expect(meta.columns.find((c: any) => c.name === 'balance')).toMatchObject({ serverFilled: true });
  });

  it('refuses a delete carrying an older version (409, nothing deleted); without a version it deletes as before', async () => {
    const id = await newMember('删', '13800000006');
    const opened = await listed('sys_member', id);
    await save('sys_member', { id, name: '删改' });
    const logs = await logCount();
    const stale = await t.post('/api/action/delete/', { _flag: 'sys_member', id, _version: opened._version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'CONFLICT', data: { id, name: '删改' } });
    expect(Number((await stored(id)).isdelete)).toBe(0);
    expect(await logCount()).toBe(logs);
    // with the current version it goes
    const current = await listed('sys_member', id);
    expect((await t.post('/api/action/delete/', { _flag: 'sys_member', id, _version: current._version })).statusCode).toBe(200);
    expect(Number((await stored(id)).isdelete)).toBe(1);
    // a deleted row stays a 404 whatever the version
    expect((await t.post('/api/action/delete/', { _flag: 'sys_member', id, _version: current._version })).statusCode).toBe(404);
    // without a version: today's behaviour, after any change
    const other = await newMember('删二', '13800000007');
    await save('sys_member', { id: other, name: '删二改' });
    expect((await t.post('/api/action/delete/', { _flag: 'sys_member', id: other })).statusCode).toBe(200);
    // a version names one row: with a batch it is a 400
    const a = await newMember('批一', '1');
    const b = await newMember('批二', '2');
    const batch = await t.post('/api/action/delete/', { _flag: 'sys_member', id: [a, b], _version: current._version });
    expect(batch.statusCode).toBe(400);
    expect(batch.json().message).toContain('_version');
  });

  it('compares versions on the account service too', async () => {
    const made = await t.post('/api/user/save/', { params: { loginid: 'versioned', name: '版本用户' } });
    const id = made.json().data.id;
    const opened = (await t.get(`/api/user/list/?wheres=${encodeURIComponent(JSON.stringify({ id }))}`)).json().data[0];
    expect((await t.post('/api/user/save/', { params: { id, name: '改名', _version: opened._version } })).statusCode).toBe(200);
    const stale = await t.post('/api/user/save/', { params: { id, intro: '旧', _version: opened._version } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'CONFLICT', data: { id, name: '改名' } });
    expect(stale.json().data.pass).toBeUndefined();
    const viaGeneric = await save('sys_user', { id, intro: '旧', _version: opened._version });
    expect(viaGeneric.statusCode).toBe(409);
  });
});
