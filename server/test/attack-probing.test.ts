import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestApp, type TestApp } from './helpers.ts';

/**
 * Issue 17 (also weak): names of tables and columns a caller may not see cannot be probed. Whether a table or a column
 * exists, a call on a table the caller has no grant for is 403, before any name in it is checked.
 */
describe.each(engines)('no probing of table and column names (%s)', (engine, url) => {
  let t: TestApp;
  let token: string;
  const as = {
    get: (u: string) => t.app.inject({ method: 'GET', url: u, headers: { authorization: token } }),
    post: (u: string, body: unknown) => t.app.inject({ method: 'POST', url: u, payload: body as object, headers: { authorization: token } }),
  };
  beforeAll(async () => {
    t = await startTestApp(engine, url);
    const role = Number((await t.post('/api/action/save/', { _flag: 'sys_role', params: { name: 'r-probe', department: 'x' } })).json().data.id);
    const user = await t.post('/api/user/save/', { params: { loginid: 'u-probe', name: 'probe' } });
    await t.post('/api/user/roles/', { id: user.json().data.id, roleIds: [role] });
    const menu = await t.ctx.conn.db.selectFrom('sys_menu').select('id').where('url', '=', '/manage/questionBank').executeTakeFirstOrThrow();
    expect(
      (await t.post('/api/access/role/', { roleId: role, grants: [{ menuId: Number(menu.id), actions: ['view', 'save', 'delete', 'export'] }] })).statusCode,
    ).toBe(200);
    token = (await t.login('u-probe', user.json().data.password as string)).json().token;
  });
  afterAll(async () => t?.close());

  it('a table the role may not see answers 403 whether the table or the column exists', async () => {
    const hidden = ['sys_user', 'sys_operationLog', 'sys_connsql', 'no_such_table', 'constructor'];
    for (const flag of hidden) {
      for (const column of ['loginid', 'flag', 'id', 'no_such_column']) {
        const q = new URLSearchParams({ _flag: flag, wheres: JSON.stringify({ [column]: 'x' }) });
        expect((await as.get(`/api/select/?${q}`)).statusCode, `select ${flag}.${column}`).toBe(403);
        const s = new URLSearchParams({ _flag: flag, sort: column, sortType: 'asc' });
        expect((await as.get(`/api/select/?${s}`)).statusCode, `sort ${flag}.${column}`).toBe(403);
        const e = new URLSearchParams({ _flag: flag, format: 'csv', columns: JSON.stringify([{ name: column }]) });
        expect((await as.get(`/api/export/table/?${e}`)).statusCode, `export ${flag}.${column}`).toBe(403);
        expect((await as.post('/api/action/save/', { _flag: flag, params: { [column]: 'x' } })).statusCode, `save ${flag}.${column}`).toBe(403);
      }
      expect((await as.post('/api/action/delete/', { _flag: flag, id: 1 })).statusCode, `delete ${flag}`).toBe(403);
      expect((await as.get(`/api/schema/${flag}`)).statusCode, `schema ${flag}`).toBe(403);
      const master = await as.post('/api/action/masterSlave/', { _flag: 'questionBank', _flagChidren: flag, bindField: 'nope', mainData: {}, chidrenData: [] });
      expect(master.statusCode, `masterSlave child ${flag}`).toBe(403);
      // a referenced table in an export column is checked before its label column
      const e = new URLSearchParams({
        _flag: 'questionBank',
        format: 'csv',
        columns: JSON.stringify([{ name: 'parentId', ref: { flag, labelField: 'nope' } }]),
      });
      expect((await as.get(`/api/export/table/?${e}`)).statusCode, `export ref ${flag}`).toBe(403);
    }
    // its own table keeps the 400s that help a client
    const own = await as.get(`/api/select/?${new URLSearchParams({ _flag: 'questionBank', wheres: JSON.stringify({ no_such_column: 1 }) })}`);
    expect(own.statusCode).toBe(400);
    expect(own.json().code).toBe('UNKNOWN_COLUMN');
    // and an administrator still learns that a table is unknown
    expect((await t.select('no_such_table')).status).toBe(400);
  });
});
