import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import XLSX from '@e965/xlsx';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyOfPublicPath } from '../src/uploads/store.ts';
import { engines, startTestApp, type TestApp } from './helpers.ts';
import { bookBytes, readRows, sheetNames, upload } from './import-fixtures.ts';
import { defineTable } from './tables-helpers.ts';

/** The generic import into an operator's table and into the members (docs/import.md "Import into any table"). */

const unique = (prefix: string) => `${prefix}${crypto.randomBytes(3).toString('hex')}`;
const KINDS = JSON.stringify([
  { value: 1, zh: '教室', en: 'Classroom' },
  { value: 2, zh: '实验室', en: 'Lab' },
]);

describe.each(engines)('import into any table on %s', (engine, url) => {
  let t: TestApp;
  let room: string;
  let building: string;
  const tokens: Record<string, string> = {};
  const db = () => t.ctx.conn.db;
  const as = (who: string) => ({
    get: (u: string) => t.app.inject({ method: 'GET', url: u, headers: { authorization: tokens[who]! } }),
    post: (u: string, body: unknown) => t.app.inject({ method: 'POST', url: u, payload: body as object, headers: { authorization: tokens[who]! } }),
  });
  const rowsOf = async (flag: string) =>
    (await db().selectFrom(flag).selectAll().where('isdelete', '=', 0).orderBy('code').execute()).map((r) => ({
      code: r.code,
      name: r.name,
      kind: r.kind === null ? null : Number(r.kind),
      building: r.building === null ? null : Number(r.building),
      seats: r.seats === null ? null : Number(r.seats),
      opened: r.opened === null ? null : String(r.opened instanceof Date ? r.opened.toISOString() : r.opened).slice(0, 10),
    }));
  const importInto = async (flag: string, rows: unknown[][], extra: Record<string, unknown> = {}, ext = 'xlsx', who?: string) => {
    const bookType = ext === 'xls' ? 'biff8' : ext === 'csv' ? 'csv' : 'xlsx';
    const fileUrl = await upload(t, `rows.${ext}`, bookBytes(rows, bookType as 'xlsx'));
    const body = { _flag: flag, fileUrl, ...extra };
    return who ? as(who).post('/api/action/importTable/', body) : t.post('/api/action/importTable/', body);
  };
  const buildingIds: Record<string, number> = {};
  const HEADER = ['*编号 / Code', '*名称 / Name', '类型', 'Building', '座位数', '启用日期'];

  beforeAll(async () => {
    t = await startTestApp(engine, url);
    building = unique('bld');
    room = unique('room');
    const b = await defineTable(t, building, [
      { columnName: 'id', type: 'int', primaryKey: 1, autoIncrement: 1, intro: '编号' },
      { columnName: 'name', type: 'nvarchar', length: 40, nonEmpty: 1, intro: '楼名' },
      { columnName: 'isdelete', type: 'int' },
    ]);
    expect((await t.post('/api/action/createSqlTable/', { id: b })).statusCode).toBe(200);
    for (const name of ['一号楼', '二号楼', '重名楼', '重名楼']) {
      const r = await t.post('/api/action/save/', { _flag: building, params: { name } });
      buildingIds[name] = r.json().data.id;
    }
    const fields = [
      { columnName: 'id', type: 'int', primaryKey: 1, autoIncrement: 1, intro: '序号', titleEn: 'No.' },
      { columnName: 'code', type: 'nvarchar', length: 20, nonEmpty: 1, intro: '编号', titleEn: 'Code' },
      { columnName: 'name', type: 'nvarchar', length: 40, nonEmpty: 1, intro: '名称', titleEn: 'Name' },
      { columnName: 'kind', type: 'int', intro: '类型', titleEn: 'Kind', options: KINDS },
      { columnName: 'building', type: 'int', intro: '楼', titleEn: 'Building', refTable: building, refLabel: 'name' },
      { columnName: 'seats', type: 'int', intro: '座位数', titleEn: 'Seats', defaults: '30' },
      { columnName: 'opened', type: 'datetime', intro: '启用日期', titleEn: 'Opened' },
      { columnName: 'isdelete', type: 'int' },
    ];
    const r = await defineTable(t, room, fields as never);
    const created = await t.post('/api/action/createSqlTable/', { id: r });
    expect(created.statusCode, created.body).toBe(200);

    // roles: one granted the table's page with import, one with view only
    const menu = await t.post('/api/action/save/', {
      _flag: 'sys_menu',
      params: { name: '教室', url: `/manage/${room}`, menuType: 1, parentMenu: 0, display: 1 },
    });
    const menuId = menu.json().data.id;
    for (const [who, actions] of [
      ['importer', ['view', 'import']],
      ['viewer', ['view', 'save']],
    ] as const) {
      const role = Number((await t.post('/api/action/save/', { _flag: 'sys_role', params: { name: `r-${who}`, department: 'test' } })).json().data.id);
      expect((await t.post('/api/access/role/', { roleId: role, grants: [{ menuId, actions }] })).statusCode).toBe(200);
      const user = await t.post('/api/user/save/', { params: { loginid: `u-${who}`, name: who } });
      expect((await t.post('/api/user/roles/', { id: user.json().data.id, roleIds: [role] })).statusCode).toBe(200);
      tokens[who] = (await t.login(`u-${who}`, user.json().data.password as string)).json().token;
    }
  });
  afterAll(async () => t?.close());

  it('offers import on the page of an operator table and on the members page', async () => {
    const actions = (await t.get('/api/access/menuActions/')).json().data as { url: string; actions: string[] }[];
    expect(actions.find((m) => m.url === `/manage/${room}`)?.actions).toContain('import');
    expect(actions.find((m) => m.url === '/manage/member')?.actions).toContain('import');
    expect(actions.find((m) => m.url === '/manage/billFlow')?.actions).not.toContain('import');
  });

  it('answers a template made from the registry: both titles, required marked, enumeration list, notes', async () => {
    const r = await t.get(`/api/import/tableTemplate/?_flag=${room}&format=xlsx`);
    expect(r.statusCode, r.body).toBe(200);
    const bytes = r.rawPayload;
    expect(readRows(bytes)[0]).toEqual(['序号 / No.', '*编号 / Code', '*名称 / Name', '类型 / Kind', '楼 / Building', '座位数 / Seats', '启用日期 / Opened']);
    expect(sheetNames(bytes)[1]).toBe('填写说明');
    expect(
      readRows(bytes, 1)
        .map((row) => row.join('|'))
        .join('\n'),
    ).toContain('教室、实验室');
    const sheet = XLSX.CFB.find(XLSX.CFB.read(bytes, { type: 'buffer' }), '/xl/worksheets/sheet1.xml')!;
    expect(Buffer.from(sheet.content as Uint8Array).toString()).toContain(
      '<dataValidation type="list" allowBlank="1" showErrorMessage="1" sqref="D2:D10001"><formula1>"教室,实验室"</formula1>',
    );
    const en = await t.get(`/api/import/tableTemplate/?_flag=${room}&format=xls`, { 'accept-language': 'en' });
    expect(en.statusCode).toBe(200);
    expect(
      readRows(en.rawPayload, 1)
        .map((row) => row.join('|'))
        .join('\n'),
    ).toContain('one of: Classroom, Lab');
    // the template imports: its header is found, and an empty file is said to be empty
    const fileUrl = await upload(t, 'template.xlsx', bytes);
    expect((await t.post('/api/action/importTable/', { _flag: room, fileUrl })).json().message).toBe('文件中没有数据');
  });

  it.each(['xlsx', 'xls', 'csv'])('imports a .%s file through the save rules, every row logged with its values', async (ext) => {
    const prefix = `${ext}-`;
    const r = await importInto(
      room,
      [
        HEADER,
        [`${prefix}101`, '多媒体教室', '教室', '一号楼', '60', '2026-09-01'],
        [`${prefix}102`, 'Lab A', 'lab', '二号楼', '', '2026/9/2'],
        [`${prefix}103`, '报告厅', '1', '', '200', ''],
      ],
      {},
      ext,
    );
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ data: { rows: 3, inserted: 3, updated: 0, skipped: 0, rejected: 0, problems: [] } });
    expect(r.json().message).toBe('导入成功：新增 3 条，更新 0 条，跳过已存在的 0 条');
    const stored = (await rowsOf(room)).filter((x) => String(x.code).startsWith(prefix));
    expect(stored).toEqual([
      { code: `${prefix}101`, name: '多媒体教室', kind: 1, building: buildingIds['一号楼'], seats: 60, opened: '2026-09-01' },
      { code: `${prefix}102`, name: 'Lab A', kind: 2, building: buildingIds['二号楼'], seats: 30, opened: '2026-09-02' },
      { code: `${prefix}103`, name: '报告厅', kind: 1, building: null, seats: 200, opened: null },
    ]);
    // the rows' keys are logged as one run (rowId #first-last), and each row's history starts with that import
    const ids = (await db().selectFrom(room).select('id').where('code', 'like', `${prefix}%`).orderBy('id').execute()).map((r) => Number(r.id));
    const log = await db().selectFrom('sys_operationLog').selectAll().where('flag', '=', room).where('action', '=', 'import').orderBy('id', 'desc').execute();
    expect(log[0]).toMatchObject({ rowId: `#${ids[0]}-${ids[2]}`, loginid: 'admin', changes: null, summary: JSON.stringify({ rows: 3 }) });
    const history = (await t.get(`/api/history/?_flag=${room}&id=${ids[0]}`)).json().data;
    expect(history.revisions).toHaveLength(1);
    expect(history.revisions[0]).toMatchObject({ id: Number(log[0]!.id), action: 'import', loginid: 'admin', current: true });
    expect(history.revisions[0].changes).toEqual(
      expect.arrayContaining([
        { column: 'code', before: null, after: `${prefix}101` },
        { column: 'kind', before: null, after: 1 },
        { column: 'opened', before: null, after: '2026-09-01 00:00:00' },
      ]),
    );
    expect((await t.select(room, { wheres: { code: `${prefix}101` } })).body.total).toBe(1);
  });

  it('refuses the whole file when any row is invalid, naming row and column; nothing is written', async () => {
    const before = await rowsOf(room);
    const logBefore = (await db().selectFrom('sys_operationLog').select('id').execute()).length;
    const r = await importInto(
      room,
      [
        HEADER,
        ['bad-1', '好的一行', '教室', '一号楼', '10', '2026-01-01'],
        ['bad-2', '', '教室', '', '', ''],
        ['bad-3', '未知类型', '礼堂', '', '', ''],
        ['bad-4', '没有的楼', '', '三号楼', '', ''],
        ['bad-5', '重名', '', '重名楼', '', ''],
        ['bad-1', '文件内重复', '', '', '', ''],
        ['bad-7', '座位', '', '', 'many', ''],
        ['bad-8', '日期', '', '', '', '2026-13-45'],
        ['bad-9', 'x'.repeat(41), '', '', '', ''],
      ],
      { keyColumn: 'code' },
    );
    expect(r.statusCode).toBe(400);
    const body = r.json();
    expect(body).toMatchObject({ status: false, code: 'IMPORT_ROWS_INVALID', data: { rows: 9, inserted: 0, rejected: 8 } });
    const byRow = Object.fromEntries(body.data.problems.map((p: { row: number; column: string; message: string }) => [p.row, `${p.column}: ${p.message}`]));
    expect(byRow[3]).toBe('名称 / Name: 字段 名称 / Name 不能为空');
    expect(byRow[4]).toBe('类型: “礼堂”不是可选的值，应为 教室、实验室 之一');
    expect(byRow[5]).toBe('Building: 没有名为“三号楼”的数据');
    expect(byRow[6]).toBe('Building: 有 2 条数据名为“重名楼”，无法确定是哪一条');
    expect(byRow[7]).toBe('编号 / Code: “bad-1”与第 2 行重复');
    expect(byRow[8]).toMatch(/^座位数: 字段 座位数 的值不正确/);
    expect(byRow[9]).toMatch(/^启用日期: /);
    expect(byRow[10]).toBe('名称 / Name: 字段 名称 / Name 的长度不能超过 40');
    expect(await rowsOf(room)).toEqual(before);
    expect((await db().selectFrom('sys_operationLog').select('id').execute()).length).toBe(logBefore);
    const en = await importInto(room, [HEADER, ['e-1', '', '', '', '', '']]);
    expect(en.statusCode).toBe(400);
  });

  it('dedupes on the chosen column: insert skips the rows that exist, update writes them through the save', async () => {
    const first = await importInto(room, [HEADER, ['d-1', '原名一', '教室', '', '', ''], ['d-2', '原名二', '', '', '', '']], { keyColumn: 'code' });
    expect(first.json().data).toMatchObject({ inserted: 2, skipped: 0 });
    const again = await importInto(room, [HEADER, ['d-1', '新名一', '实验室', '', '', ''], ['d-3', '新三', '', '', '', '']], { keyColumn: 'code' });
    expect(again.json().data).toMatchObject({ rows: 2, inserted: 1, skipped: 1, updated: 0 });
    const d = async () => (await rowsOf(room)).filter((x) => String(x.code).startsWith('d-'));
    expect((await d()).map((x) => [x.code, x.name, x.kind])).toEqual([
      ['d-1', '原名一', 1],
      ['d-2', '原名二', null],
      ['d-3', '新三', null],
    ]);
    // update: only the cells given change; a file of the key and one column is enough
    const update = await importInto(
      room,
      [
        ['编号', '类型'],
        ['d-1', '实验室'],
        ['d-4', '教室'],
      ],
      { keyColumn: 'code', mode: 'update' },
    );
    expect(update.statusCode, update.body).toBe(400);
    expect(update.json().data.problems[0]).toMatchObject({ row: 3, column: '名称 / Name' });
    const update2 = await importInto(
      room,
      [
        ['编号', '类型', '名称'],
        ['d-1', '实验室', ''],
        ['d-4', '教室', '第四'],
      ],
      { keyColumn: 'code', mode: 'update' },
    );
    expect(update2.json().data).toMatchObject({ inserted: 1, updated: 1, skipped: 0 });
    expect((await d()).map((x) => [x.code, x.name, x.kind])).toEqual([
      ['d-1', '原名一', 2],
      ['d-2', '原名二', null],
      ['d-3', '新三', null],
      ['d-4', '第四', 1],
    ]);
    const entries = await db()
      .selectFrom('sys_operationLog')
      .selectAll()
      .where('flag', '=', room)
      .where('action', '=', 'import')
      .orderBy('id', 'desc')
      .limit(2)
      .execute();
    expect(entries.map((e) => JSON.parse(String(e.changes)))).toContainEqual([{ column: 'kind', before: 1, after: 2 }]);

    // on the generated key: an id of a row updates it, an unknown id is a problem
    const id = Number((await db().selectFrom(room).select('id').where('code', '=', 'd-2').executeTakeFirstOrThrow()).id);
    const byId = await importInto(
      room,
      [
        ['序号', '座位数'],
        [String(id), '99'],
      ],
      { mode: 'update' },
    );
    expect(byId.json().data).toMatchObject({ updated: 1 });
    expect((await d()).find((x) => x.code === 'd-2')?.seats).toBe(99);
    const unknown = await importInto(
      room,
      [
        ['序号', '座位数'],
        ['987654', '1'],
      ],
      { mode: 'update' },
    );
    expect(unknown.json().data.problems[0].message).toContain('987654');
    expect((await importInto(room, [HEADER], { keyColumn: 'nope' })).json().message).toContain('keyColumn');
  });

  it('answers a unique index of the table that refuses a batch as a 400, writing nothing', async () => {
    await sql.raw(`create unique index ${room}_code on ${room} (code)`).execute(db());
    const before = await rowsOf(room);
    const r = await importInto(room, [HEADER, ['u-1', '唯一', '', '', '', ''], ['xlsx-101', '已有的编号', '', '', '', '']]);
    expect(r.statusCode, r.body).toBe(400);
    expect(r.json().code).toBe('DB_DUPLICATE');
    expect(await rowsOf(room)).toEqual(before);
    await sql.raw(`drop index ${room}_code${engine === 'mysql' ? ` on ${room}` : ''}`).execute(db());
  });

  it('refuses what is not a table import: unknown flag, a table without it, wrong file, too large, no grant', async () => {
    const ok = [HEADER, ['g-1', '权限', '', '', '', '']];
    expect((await importInto('noSuchTable', ok)).json()).toMatchObject({ code: 'UNKNOWN_FLAG' });
    expect((await importInto('userBillFlow', ok)).json()).toMatchObject({ code: 'IMPORT_TABLE_NOT_IMPORTABLE' });
    expect((await importInto('sys_user', ok)).statusCode).toBe(400);
    expect((await t.get('/api/import/tableTemplate/?_flag=userBillFlow')).statusCode).toBe(400);
    const image = await upload(t, 'a.png', Buffer.from('89504e470d0a1a0a', 'hex'));
    expect((await t.post('/api/action/importTable/', { _flag: room, fileUrl: image })).json().message).toBe('请上传 xls、xlsx 或 csv 文件');
    const big = await upload(t, 'big.xlsx', bookBytes(ok));
    fs.truncateSync(path.join(t.dataDir, 'uploads', keyOfPublicPath(big)!), 21 * 1024 * 1024);
    const tooBig = await t.post('/api/action/importTable/', { _flag: room, fileUrl: big });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().message).toContain('20 MB');
    // grants: the viewer may not import (403, nothing written), the importer may
    expect((await as('viewer').get(`/api/import/tableTemplate/?_flag=${room}`)).statusCode).toBe(403);
    expect((await as('viewer').get(`/api/import/tableOptions/?_flag=${room}`)).statusCode).toBe(403);
    expect((await as('importer').get(`/api/import/tableOptions/?_flag=${room}`)).json().data).toMatchObject({ keyColumn: 'id' });
    expect((await importInto(room, ok, {}, 'xlsx', 'viewer')).statusCode).toBe(403);
    expect((await importInto('noSuchTable', ok, {}, 'xlsx', 'viewer')).statusCode).toBe(403);
    expect((await rowsOf(room)).some((x) => x.code === 'g-1')).toBe(false);
    expect((await as('importer').get(`/api/import/tableTemplate/?_flag=${room}`)).statusCode).toBe(200);
    const imported = await importInto(room, ok, {}, 'xlsx', 'importer');
    expect(imported.statusCode, imported.body).toBe(200);
    expect((await db().selectFrom('sys_operationLog').select('loginid').where('flag', '=', room).orderBy('id', 'desc').executeTakeFirstOrThrow()).loginid).toBe(
      'u-importer',
    );
    expect(
      (
        await importInto(
          'sys_member',
          [
            ['昵称', '手机号'],
            ['x', '13800000000'],
          ],
          {},
          'xlsx',
          'importer',
        )
      ).statusCode,
    ).toBe(403);
  });

  it('imports members with dedupe on the phone; the balance (kept by the bill flows) is never written', async () => {
    const header = ['*昵称 / Nickname', '*手机号 / Phone', '性别', '余额(元)'];
    const r = await importInto('sys_member', [header, ['小明', '13800000001', '男', '999'], ['Lucy', '13800000002', 'Female', '']], { keyColumn: 'phone' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data).toMatchObject({ inserted: 2, ignoredColumns: ['余额(元)'] });
    const members = await db()
      .selectFrom('sys_member')
      .select(['name', 'phone', 'gender', 'balance'])
      .where('phone', 'like', '1380000000%')
      .orderBy('phone')
      .execute();
    expect(members.map((m) => [m.name, m.phone, Number(m.gender), Number(m.balance)])).toEqual([
      ['小明', '13800000001', 1, 0],
      ['Lucy', '13800000002', 2, 0],
    ]);
    const again = await importInto('sys_member', [header, ['小明改名', '13800000001', '', '']], { keyColumn: 'phone', mode: 'update' });
    expect(again.json().data).toMatchObject({ updated: 1, inserted: 0 });
    expect((await db().selectFrom('sys_member').select('name').where('phone', '=', '13800000001').executeTakeFirstOrThrow()).name).toBe('小明改名');
  });
});
