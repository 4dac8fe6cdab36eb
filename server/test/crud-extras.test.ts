import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestApp, type TestApp } from './helpers.ts';

describe.each(engines)('lazy tree flags and table export on %s', (engine, url) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine, url);
  });
  afterAll(async () => t?.close());

  it('marks the rows that have live children', async () => {
    const top = (await t.select('questionsClass', { wheres: { parentId: 0 }, sort: 'sortNum', _hasChildren: 'parentId' })).body.data;
    expect(top.map((r: any) => r.hasChildren)).toEqual([true, true, true]);
    const children = (await t.select('questionsClass', { wheres: { parentId: top[2].id }, _hasChildren: 'parentId' })).body.data;
    expect(children.every((r: any) => r.hasChildren === false)).toBe(true);
    // the seeded children have categories and questions, so cannot be deleted (tables/inUse.ts): a child without any can
    const parent = (await t.post('/api/action/save/', { _flag: 'questionsClass', params: { name: 'empty parent', parentId: 0 } })).json().data.id;
    const child = (await t.post('/api/action/save/', { _flag: 'questionsClass', params: { name: 'empty child', parentId: parent } })).json().data.id;
    expect((await t.select('questionsClass', { wheres: { id: parent }, _hasChildren: 'parentId' })).body.data[0].hasChildren).toBe(true);
    expect((await t.post('/api/action/delete/', { _flag: 'questionsClass', id: [child] })).statusCode).toBe(200);
    const after = (await t.select('questionsClass', { wheres: { id: parent }, _hasChildren: 'parentId' })).body.data[0];
    expect(after.hasChildren).toBe(false);
  });

  it('answers lists from the last committed state while a write transaction is open, and exact totals after it', async () => {
    const before = (await t.select('sys_member')).body.total;
    let release!: () => void;
    const hold = new Promise<void>((r) => (release = r));
    const writing = t.ctx.crud.writeTransaction(['sys_member'], async (trx) => {
      await trx.insertInto('sys_member').values({ name: '事务中', phone: '1', isdelete: 0 }).execute();
      await hold;
    });
    // a select that waited for the transaction would never return here: the hold is released after it
    const during = await t.select('sys_member');
    expect(during.body.total).toBe(before);
    release();
    await writing;
    expect((await t.select('sys_member')).body.total).toBe(before + 1);
  });

  it('refuses a column that is not a parent column of the same table', async () => {
    const r = await t.select('questionsClass', { _hasChildren: 'sortNum' });
    expect(r.status).toBe(400);
    expect(r.body.message).toContain('_hasChildren');
  });

  it('exports the current query as .xlsx with titles and labels', async () => {
    const columns = [
      { name: 'name', title: '昵称' },
      { name: 'gender', title: '性别', labels: { '0': '未知', '1': '男', '2': '女' } },
      { name: 'balance', title: '余额' },
    ];
    const q = new URLSearchParams({
      _flag: 'sys_member',
      wheres: JSON.stringify({ gender: 2 }),
      sort: 'id',
      sortType: 'desc',
      columns: JSON.stringify(columns),
      fileName: '小程序用户',
    });
    const r = await t.get(`/api/export/table/?${q}`);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toContain('spreadsheetml');
    expect(r.headers['content-disposition']).toContain(encodeURIComponent('小程序用户'));
    const book = XLSX.read(r.rawPayload, { type: 'buffer' });
    const rows = XLSX.utils.sheet_to_json<any[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 });
    const expected = (await t.select('sys_member', { wheres: { gender: 2 }, sort: 'id', sortType: 'desc', row: '1000' })).body.data;
    expect(rows[0]).toEqual(['昵称', '性别', '余额']);
    expect(rows.slice(1)).toEqual(expected.map((m: any) => [m.name, '女', m.balance]));
  });

  it('exports reference columns by the referenced rows’ names, for any number of them, lists included', async () => {
    const n = 620; // more than one lookup batch (500)
    await t.ctx.crud.writeTransaction(['sys_member', 'userBillFlow'], async (trx) => {
      for (let i = 0; i < n; i++) {
        await trx
          .insertInto('sys_member')
          .values({ name: `导出会员${i}`, phone: String(i), isdelete: 0 })
          .execute();
      }
      const members = await trx.selectFrom('sys_member').select(['id', 'name']).where('name', 'like', '导出会员%').execute();
      for (const m of members) await trx.insertInto('userBillFlow').values({ memberid: m.id, type: 1, title: '导出流水', isdelete: 0 }).execute();
    });
    const columns = [
      { name: 'memberid', title: '会员', ref: { flag: 'sys_member' } },
      { name: 'type', title: '类型', labels: { '1': '收入' } },
    ];
    const q = new URLSearchParams({
      _flag: 'userBillFlow',
      wheres: JSON.stringify({ title: '导出流水' }),
      sort: 'id',
      columns: JSON.stringify(columns),
      fileName: 'x',
    });
    const r = await t.get(`/api/export/table/?${q}`);
    expect(r.statusCode).toBe(200);
    const book = XLSX.read(r.rawPayload, { type: 'buffer' });
    const rows = XLSX.utils.sheet_to_json<any[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 });
    expect(rows).toHaveLength(n + 1);
    const flows = (await t.select('userBillFlow', { wheres: { title: '导出流水' }, sort: 'id', row: '1000' })).body.data;
    const members = new Map(
      (await t.select('sys_member', { wheres: { name: { type: 'startsWith', value: '导出会员' } }, row: '1000' })).body.data.map((m: any) => [m.id, m.name]),
    );
    expect(rows.slice(1)).toEqual(flows.map((f: any) => [members.get(f.memberid), '收入']));

    // a list column: each id by name, joined; a deleted or unknown id stays an id
    const a = (await t.post('/api/action/save/', { _flag: 'questionsSmallClass', params: { name: '导出分类甲', subjectId: 1 } })).json().data.id;
    const b = (await t.post('/api/action/save/', { _flag: 'questionsSmallClass', params: { name: '导出分类乙', subjectId: 1 } })).json().data.id;
    await t.post('/api/action/save/', { _flag: 'questionsSmallClass', params: { name: '导出分类丙', subjectId: 1, typeId: [a, b, 999999] } });
    const listQ = new URLSearchParams({
      _flag: 'questionsSmallClass',
      wheres: JSON.stringify({ name: '导出分类丙' }),
      columns: JSON.stringify([{ name: 'typeId', title: '类型', ref: { flag: 'questionsSmallClass' } }]),
    });
    const listed = XLSX.read((await t.get(`/api/export/table/?${listQ}`)).rawPayload, { type: 'buffer' });
    expect(XLSX.utils.sheet_to_json<any[]>(listed.Sheets[listed.SheetNames[0]!]!, { header: 1 })).toEqual([['类型'], ['导出分类甲, 导出分类乙, 999999']]);
  });

  it('refuses a reference to an unknown table or to a column that cannot be read', async () => {
    for (const ref of [{ flag: 'nope' }, { flag: 'sys_user', labelField: 'pass' }, { flag: 'sys_member', labelField: 'nope' }, 'sys_member']) {
      const q = new URLSearchParams({ _flag: 'userBillFlow', columns: JSON.stringify([{ name: 'memberid', title: '会员', ref }]) });
      const r = await t.get(`/api/export/table/?${q}`);
      expect(r.statusCode, JSON.stringify(ref)).toBe(400);
    }
  });

  it('refuses an export with unknown or malformed columns', async () => {
    const bad = await t.get(`/api/export/table/?${new URLSearchParams({ _flag: 'sys_user', columns: JSON.stringify([{ name: 'pass', title: 'x' }]) })}`);
    expect(bad.statusCode).toBe(400);
    const malformed = await t.get(`/api/export/table/?${new URLSearchParams({ _flag: 'sys_member', columns: '{' })}`);
    expect(malformed.statusCode).toBe(400);
  });
});
