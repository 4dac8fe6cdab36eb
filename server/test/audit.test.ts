import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, sha, startTestApp, type TestApp } from './helpers.ts';

/** The operation log (who, when, what, before and after, in the write's transaction) and the login log. */
describe.each(engines)('audit trail on %s', (engine, url) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine, url);
  });
  afterAll(async () => t?.close());

  const logOf = async (flag: string, rowId?: unknown) => {
    let q = t.ctx.conn.db.selectFrom('sys_operationLog').selectAll().where('flag', '=', flag);
    if (rowId !== undefined) q = q.where('rowId', '=', String(rowId));
    const rows = (await q.orderBy('id').execute()) as Record<string, unknown>[];
    return rows.map((r) => ({ ...r, changes: r.changes ? JSON.parse(String(r.changes)) : null }) as Record<string, any>);
  };

  it('logs an insert, an update with only its changed fields, and a delete, by the admin', async () => {
    const id = (await t.post('/api/action/save/', { _flag: 'sys_member', params: { name: '审计会员', phone: '13800000000', gender: 1 } })).json().data.id;
    await t.post('/api/action/save/', { _flag: 'sys_member', params: { id, name: '审计会员二', phone: '13800000000' } });
    await t.post('/api/action/delete/', { _flag: 'sys_member', id });
    const log = await logOf('sys_member', id);
    expect(log.map((e) => [e.action, e.loginid])).toEqual([
      ['save', 'admin'],
      ['save', 'admin'],
      ['delete', 'admin'],
    ]);
    expect(log[0]!.changes).toEqual(expect.arrayContaining([{ column: 'name', before: null, after: '审计会员' }]));
    expect(log[1]!.changes).toEqual([{ column: 'name', before: '审计会员', after: '审计会员二' }]);
    expect(log[2]!.changes).toEqual([{ column: 'isdelete', before: 0, after: 1 }]);
    expect(Number(log[0]!.userId)).toBe(1);
  });

  it('never logs a secret column, and logs accounts, roles and password resets', async () => {
    const made = (await t.post('/api/user/save/', { params: { loginid: 'audited', name: '审计' } })).json().data;
    const reset = await t.post('/api/user/resetPassword/', { id: made.id });
    expect(reset.statusCode).toBe(200);
    const password = reset.json().data.password as string;
    expect(password).toMatch(/^\S{6}$/);
    expect((await t.login('audited', made.password)).statusCode).toBe(400);
    expect((await t.login('audited', password)).statusCode).toBe(200);
    await t.post('/api/user/roles/', { id: made.id, roleIds: [2] });
    const log = await logOf('sys_user', made.id);
    expect(log.map((e) => e.action)).toEqual(['save', 'resetPassword', 'roles']);
    expect(JSON.stringify(log)).not.toMatch(/"pass"|argon2/);
    expect(log[2]!.changes).toEqual([{ column: 'roles', before: [], after: [2] }]);
  });

  it('a refused write leaves no entry; an import is one entry with its counts', async () => {
    const before = (await logOf('sys_member')).length;
    expect((await t.post('/api/action/save/', { _flag: 'sys_member', params: { name: 'x', gender: 7 } })).statusCode).toBe(400);
    expect((await t.post('/api/action/delete/', { _flag: 'sys_member', id: [1, 999_999] })).statusCode).toBe(404);
    expect((await logOf('sys_member')).length).toBe(before);
    const subject = (await t.select('questionsClass', { row: '1', wheres: { parentId: 0 } })).body.data[0].id;
    const r = await t.post('/api/coustomApi/selectAddTypes/', { parentId: subject, fileName: ['审计分类甲.xlsx', '审计分类乙.xlsx'] });
    expect(r.statusCode).toBe(200);
    const imported = (await logOf('questionsSmallClass')).filter((e) => e.action === 'import');
    expect(imported).toHaveLength(1);
    expect(JSON.parse(String(imported[0]!.summary))).toEqual({ files: 2, created: 2 });
  });

  it('logs every login with its result, reason, address and browser', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/user/login/',
      payload: { loginid: 'admin', pass: sha('wrong-password') },
      headers: { 'user-agent': 'AuditTest/1.0' },
    });
    await t.app.inject({ method: 'POST', url: '/api/user/login/', payload: { loginid: 'nobody', pass: sha('x') }, headers: { 'user-agent': 'AuditTest/1.0' } });
    const rows = await t.ctx.conn.db.selectFrom('sys_loginLog').selectAll().where('userAgent', '=', 'AuditTest/1.0').orderBy('id').execute();
    expect(rows.map((r) => [r.loginid, Number(r.success), r.reason])).toEqual([
      ['admin', 0, 'loginWrong'],
      ['nobody', 0, 'loginWrong'],
    ]);
    expect(rows[0]!.ip).toBeTruthy();
    const ok = await t.ctx.conn.db.selectFrom('sys_loginLog').select(['success', 'userId']).where('loginid', '=', 'admin').where('success', '=', 1).execute();
    expect(ok.length).toBeGreaterThanOrEqual(1);
    // the logs are read like any table, and written by nobody through the API
    const list = await t.select('sys_loginLog', { row: '50' });
    expect(list.status).toBe(200);
    expect(list.body.total).toBeGreaterThanOrEqual(3);
    for (const flag of ['sys_loginLog', 'sys_operationLog']) {
      expect((await t.post('/api/action/save/', { _flag: flag, params: { loginid: 'forged' } })).statusCode).toBe(400);
      expect((await t.post('/api/action/delete/', { _flag: flag, id: 1 })).statusCode).toBe(400);
    }
    expect((await t.get('/api/schema/sys_operationLog')).json().data.readOnly).toBe(true);
  });

  it('lists live sessions without tokens and ends one by force', async () => {
    const other = (await t.login('admin', 'admin-pass-1')).json().token as string;
    const sessions = await t.get('/api/access/sessions/');
    expect(sessions.statusCode).toBe(200);
    const list = sessions.json().data as { id: number; current: boolean; loginid: string }[];
    expect(list.filter((s) => s.current)).toHaveLength(1);
    expect(JSON.stringify(list)).not.toContain(other);
    const victim = list.find((s) => !s.current && s.loginid === 'admin')!;
    const before = await t.app.inject({ method: 'GET', url: '/api/user/userInfo/', headers: { authorization: other } });
    expect(before.statusCode).toBe(200);
    expect((await t.post('/api/access/sessions/logout/', { id: victim.id })).statusCode).toBe(200);
    // the newest other session was the one just made
    const after = await t.app.inject({ method: 'GET', url: '/api/user/userInfo/', headers: { authorization: other } });
    expect(after.statusCode).toBe(401);
    expect((await t.get('/api/user/userInfo/')).statusCode).toBe(200);
    expect((await t.post('/api/access/sessions/logout/', { id: 987_654 })).statusCode).toBe(404);
  });
});

/** Thousands of entries in one write (an import logs one per row), with the count cache on as in production. */
describe.each(engines)('operation log batches on %s', (engine, url) => {
  let c: TestApp;
  beforeAll(async () => {
    c = await startTestApp(engine, url, { COUNT_CACHE: 'on' });
  });
  afterAll(async () => c?.close());

  const logOf = async (flag: string) => {
    const rows = (await c.ctx.conn.db.selectFrom('sys_operationLog').selectAll().where('flag', '=', flag).orderBy('id').execute()) as Record<string, unknown>[];
    return rows.map((r) => ({ ...r, changes: r.changes ? JSON.parse(String(r.changes)) : null }) as Record<string, any>);
  };

  it('writes thousands of entries in batches, each with its own values, and the log’s page total follows at once', async () => {
    const before = (await c.select('sys_operationLog', { row: 1 })).body.total as number;
    const entries = Array.from({ length: 2345 }, (_, i) => ({
      flag: 'auditBatch',
      action: 'import',
      rowId: String(i + 1),
      changes: [{ column: 'name', before: null, after: `第 ${i + 1} 行` }],
    }));
    // twice: the second write (2,000 entries: full batches only) reuses the first one's statement; the page's total
    // is read, and cached, between them
    const write = (round: number, count: number) =>
      c.ctx.crud.writeTransaction([], (trx) =>
        c.ctx.crud.auditLog.write(
          trx,
          undefined,
          entries.slice(0, count).map((e) => ({ ...e, summary: `round ${round}` })),
        ),
      );
    await write(1, 2345);
    expect((await c.select('sys_operationLog', { row: 1 })).body.total).toBe(before + 2345);
    await write(2, 2000);
    const log = await logOf('auditBatch');
    expect(log).toHaveLength(4345);
    expect(log[0]).toMatchObject({ action: 'import', rowId: '1', loginid: 'system', summary: 'round 1' });
    expect(log[2344]).toMatchObject({ rowId: '2345', changes: [{ column: 'name', before: null, after: '第 2345 行' }] });
    expect(log[3500]).toMatchObject({ rowId: '1156', summary: 'round 2', changes: [{ column: 'name', before: null, after: '第 1156 行' }] });
    // the log's page total, cached after the first write, is seen stale by no one: a write made only of reused
    // batches still tells the count cache that the log was written (crud/countCache.ts WrittenTables)
    expect((await c.select('sys_operationLog', { row: 1 })).body.total).toBe(before + 4345);
  });
});

describe('runs of keys (an import logs its inserted rows so: audit/log.ts)', () => {
  it('groups integer keys into runs of consecutive keys, whatever their order, and reads a run back', async () => {
    const { keyRuns, keyRunRowId, runHolds, isKeyRun } = await import('@qb/contracts/keyRuns');
    expect(keyRuns([5, 3, 4, 10, 11, 20])).toEqual([
      [3, 5],
      [10, 11],
      [20, 20],
    ]);
    expect(keyRuns([1, 2, 3])).toEqual([[1, 3]]);
    expect(keyRuns([7, 7, 8])).toEqual([[7, 8]]);
    expect(keyRuns([-2, -1, 0, 1])).toEqual([[-2, 1]]);
    expect(keyRuns([])).toEqual([]);
    expect(keyRunRowId(1001, 2000)).toBe('#1001-2000');
    expect(runHolds('#1001-2000', 1001)).toBe(true);
    expect(runHolds('#1001-2000', 2000)).toBe(true);
    expect(runHolds('#1001-2000', 2001)).toBe(false);
    expect(runHolds('#-2-1', 0)).toBe(true);
    for (const text of ['1001', '#1001', '#a-b', '#1-5x', ' #1-5', '#1-5 ', null, undefined]) expect(isKeyRun(text), String(text)).toBe(false);
  });
});
