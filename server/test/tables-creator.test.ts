// Issue 33 #1: a generated table records its creator when its definition asks for it (docs/datasources.md "Record the
// creator"): an int column createdBy in the definition is filled by every insert path with the inserting account, the
// list names it (createdByName), the import template leaves it out, and a grant's 仅本人创建 filter
// {"createdBy":"$CURRENT_USER"} keeps a role to its rows on the generated page. A definition edited later gets the
// column by ALTER, its earlier rows null.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestApp, type TestApp } from './helpers.ts';
import { bookBytes, readRows, upload } from './import-fixtures.ts';
import { addField, defineTable } from './tables-helpers.ts';

const unique = (prefix: string) => `${prefix}${crypto.randomBytes(3).toString('hex')}`;

describe.each(engines)('a generated table recording its creator on %s', (engine, url) => {
  let t: TestApp;
  let book: string;
  let menuId = 0;
  const users: Record<string, { id: number; token: string }> = {};
  const as = (who: string) => ({
    get: (u: string) => t.app.inject({ method: 'GET', url: u, headers: { authorization: users[who]!.token } }),
    post: (u: string, body: unknown) => t.app.inject({ method: 'POST', url: u, payload: body as object, headers: { authorization: users[who]!.token } }),
  });
  const list = async (who: string | undefined, flag: string) => {
    const params = new URLSearchParams({ _flag: flag, row: '100', sort: 'id', sortType: 'asc' });
    const r = who ? await as(who).get(`/api/select/?${params}`) : await t.get(`/api/select/?${params}`);
    expect(r.statusCode, r.body).toBe(200);
    return r.json() as { data: Record<string, unknown>[]; total: number };
  };
  const stored = async (flag: string) =>
    (await t.ctx.conn.db.selectFrom(flag).select(['title', 'createdBy']).orderBy('id').execute()).map((r) => ({
      title: r.title,
      createdBy: r.createdBy === null ? null : Number(r.createdBy),
    }));

  beforeAll(async () => {
    t = await startTestApp(engine, url);
    book = unique('bk');
    const sheet = await defineTable(t, book, [
      { columnName: 'id', type: 'int', primaryKey: 1, autoIncrement: 1, intro: '编号' },
      { columnName: 'title', type: 'nvarchar', length: 40, nonEmpty: 1, intro: '书名' },
      { columnName: 'createdBy', type: 'int', intro: '创建人', titleEn: 'Created by' } as never,
      { columnName: 'isdelete', type: 'int' },
    ]);
    const created = await t.post('/api/action/createSqlTable/', { id: sheet });
    expect(created.statusCode, created.body).toBe(200);
    const menu = await t.post('/api/action/save/', {
      _flag: 'sys_menu',
      params: { name: '书', url: `/manage/${book}`, menuType: 1, parentMenu: 0, display: 1 },
    });
    menuId = Number(menu.json().data.id);
    for (const [who, rowFilter] of [
      ['writer', { createdBy: '$CURRENT_USER' }],
      ['other', { createdBy: '$CURRENT_USER' }],
    ] as const) {
      const role = Number((await t.post('/api/action/save/', { _flag: 'sys_role', params: { name: `r-${who}`, department: 'test' } })).json().data.id);
      const grant = await t.post('/api/access/role/', { roleId: role, grants: [{ menuId, actions: ['view', 'save', 'import'], rowFilter }] });
      expect(grant.statusCode, grant.body).toBe(200);
      const user = await t.post('/api/user/save/', { params: { loginid: `u-${who}`, name: `名-${who}` } });
      const id = Number(user.json().data.id);
      expect((await t.post('/api/user/roles/', { id, roleIds: [role] })).statusCode).toBe(200);
      users[who] = { id, token: (await t.login(`u-${who}`, user.json().data.password as string)).json().token };
    }
  }, 120_000);
  afterAll(async () => t?.close());

  it('says in the metadata that the column is the creator, filled by the server and out of the form', async () => {
    const meta = await t.get(`/api/schema/${book}`);
    expect(meta.statusCode, meta.body).toBe(200);
    const column = (meta.json().data.columns as Record<string, unknown>[]).find((c) => c.name === 'createdBy');
    expect(column).toMatchObject({ creator: true, serverFilled: true, type: 'int', title: { zh: '创建人', en: 'Created by' } });
  });

  it('fills the creator with the saving account whatever the client sends; the list names it', async () => {
    const mine = await as('writer').post('/api/action/save/', { _flag: book, params: { title: '写的书', createdBy: users.other!.id } });
    expect(mine.statusCode, mine.body).toBe(200);
    const admin = await t.post('/api/action/save/', { _flag: book, params: { title: '管理员的书' } });
    expect(admin.statusCode, admin.body).toBe(200);
    expect(await stored(book)).toEqual([
      { title: '写的书', createdBy: users.writer!.id },
      { title: '管理员的书', createdBy: expect.any(Number) },
    ]);
    const rows = (await list(undefined, book)).data;
    expect(rows[0]).toMatchObject({ title: '写的书', createdBy: users.writer!.id, createdByName: '名-writer' });
    // an edit keeps the creator
    const id = Number(mine.json().data.id);
    expect((await t.post('/api/action/save/', { _flag: book, params: { id, title: '改过的书', createdBy: 0 } })).statusCode).toBe(200);
    expect((await stored(book))[0]).toEqual({ title: '改过的书', createdBy: users.writer!.id });
  });

  it('leaves the creator out of the import template and fills it on import', async () => {
    const template = await as('other').get(`/api/import/tableTemplate/?_flag=${book}&format=xlsx`);
    expect(template.statusCode, template.body).toBe(200);
    const header = readRows(template.rawPayload)[0]!;
    expect(header.some((h) => h.includes('书名'))).toBe(true);
    expect(header.some((h) => h.includes('创建人'))).toBe(false);
    const fileUrl = await upload(t, 'books.xlsx', bookBytes([['书名'], ['导入的书一'], ['导入的书二']]));
    const imported = await as('other').post('/api/action/importTable/', { _flag: book, fileUrl });
    expect(imported.statusCode, imported.body).toBe(200);
    const rows = (await stored(book)).filter((r) => String(r.title).startsWith('导入的书'));
    expect(rows).toEqual([
      { title: '导入的书一', createdBy: users.other!.id },
      { title: '导入的书二', createdBy: users.other!.id },
    ]);
  });

  it('keeps a role with the 仅本人创建 filter to the rows its account created', async () => {
    const writer = await list('writer', book);
    expect(writer.total).toBe(1);
    expect(writer.data.map((r) => r.title)).toEqual(['改过的书']);
    const other = await list('other', book);
    expect(other.data.map((r) => r.title)).toEqual(['导入的书一', '导入的书二']);
    const outside = Number(writer.data[0]!.id);
    expect((await as('other').post('/api/action/save/', { _flag: book, params: { id: outside, title: '别人的' } })).statusCode).toBe(404);
    expect((await list(undefined, book)).total).toBe(4);
  });

  it('adds the column to a table created earlier by ALTER: earlier rows have none, new ones their creator', async () => {
    const later = unique('lt');
    const sheet = await defineTable(t, later, [
      { columnName: 'id', type: 'int', primaryKey: 1, autoIncrement: 1 },
      { columnName: 'title', type: 'nvarchar', length: 40 },
    ]);
    expect((await t.post('/api/action/createSqlTable/', { id: sheet })).statusCode).toBe(200);
    expect((await t.post('/api/action/save/', { _flag: later, params: { title: '早先的' } })).statusCode).toBe(200);
    await addField(t, sheet, { columnName: 'createdBy', type: 'int', intro: '创建人' });
    const altered = await t.post('/api/action/createSqlTable/', { id: sheet });
    expect(altered.statusCode, altered.body).toBe(200);
    expect((await t.post('/api/action/save/', { _flag: later, params: { title: '后来的' } })).statusCode).toBe(200);
    const menu = await t.post('/api/action/save/', {
      _flag: 'sys_menu',
      params: { name: '后来', url: `/manage/${later}`, menuType: 1, parentMenu: 0, display: 1 },
    });
    const role = Number((await t.post('/api/action/save/', { _flag: 'sys_role', params: { name: 'r-later', department: 'test' } })).json().data.id);
    const grant = await t.post('/api/access/role/', {
      roleId: role,
      grants: [{ menuId: Number(menu.json().data.id), actions: ['view', 'save'], rowFilter: { createdBy: '$CURRENT_USER' } }],
    });
    expect(grant.statusCode, grant.body).toBe(200);
    expect((await t.post('/api/user/roles/', { id: users.writer!.id, roleIds: [role] })).statusCode).toBe(200);
    expect((await as('writer').post('/api/action/save/', { _flag: later, params: { title: '作者的' } })).statusCode).toBe(200);
    const rows = await stored(later);
    expect(rows).toEqual([
      { title: '早先的', createdBy: null },
      { title: '后来的', createdBy: expect.any(Number) },
      { title: '作者的', createdBy: users.writer!.id },
    ]);
    expect((await list('writer', later)).data.map((r) => r.title)).toEqual(['作者的']);
    expect((await list(undefined, later)).data.map((r) => r.createdByName ?? null)).toEqual([null, expect.any(String), '名-writer']);
  });
});
