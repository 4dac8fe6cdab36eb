import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestApp, type TestApp } from './helpers.ts';
import { bookBytes, upload } from './import-fixtures.ts';
import { defineTable } from './tables-helpers.ts';

/**
 * The natural key of a table in its import (issue 31 #1, docs/decisions.md "Natural key of a table (import)"): the
 * default match column, and a unique column's value never doubled; every bad cell of a row listed at once (#6).
 */

const unique = (prefix: string) => `${prefix}${crypto.randomBytes(3).toString('hex')}`;
const MEMBER_HEADER = ['*昵称 / Nickname', '*手机号 / Phone', '性别 / Gender'];

describe.each(engines)('natural keys of a table import on %s', (engine, url) => {
  let t: TestApp;
  let coded: string;
  let plain: string;
  const db = () => t.ctx.conn.db;
  const importInto = async (flag: string, rows: unknown[][], extra: Record<string, unknown> = {}) => {
    const fileUrl = await upload(t, 'rows.xlsx', bookBytes(rows));
    return t.post('/api/action/importTable/', { _flag: flag, fileUrl, ...extra });
  };
  const members = async () =>
    (await db().selectFrom('sys_member').select(['name', 'phone']).where('isdelete', '=', 0).orderBy('id').execute()).map((m) => `${m.name}:${m.phone}`);
  const codedRows = async () =>
    (await db().selectFrom(coded).select(['code', 'name']).where('isdelete', '=', 0).orderBy('code').execute()).map((r) => `${r.code}:${r.name}`);
  const options = async (flag: string) => {
    const r = await t.get(`/api/import/tableOptions/?_flag=${flag}`);
    expect(r.statusCode, r.body).toBe(200);
    return r.json().data as { keyColumn: string; uniqueColumns: string[]; matchColumns: string[] };
  };

  beforeAll(async () => {
    t = await startTestApp(engine, url);
    // a table whose key is a code a person gives (unique by its primary key), and one numbered by the database
    coded = unique('coded');
    const c = await defineTable(t, coded, [
      { columnName: 'code', type: 'nvarchar', length: 20, primaryKey: 1, intro: '编号' },
      { columnName: 'name', type: 'nvarchar', length: 40, nonEmpty: 1, intro: '名称' },
      { columnName: 'isdelete', type: 'int' },
    ]);
    expect((await t.post('/api/action/createSqlTable/', { id: c })).statusCode).toBe(200);
    plain = unique('plain');
    const p = await defineTable(t, plain, [
      { columnName: 'id', type: 'int', primaryKey: 1, autoIncrement: 1, intro: '序号' },
      { columnName: 'name', type: 'nvarchar', length: 40, intro: '名称' },
      { columnName: 'isdelete', type: 'int' },
    ]);
    expect((await t.post('/api/action/createSqlTable/', { id: p })).statusCode).toBe(200);
  });
  afterAll(async () => t?.close());

  it("answers each table's natural key: the members' phone, a given key, else the generated key", async () => {
    expect(await options('sys_member')).toMatchObject({ keyColumn: 'phone', uniqueColumns: ['phone'] });
    expect((await options('sys_member')).matchColumns).toEqual(expect.arrayContaining(['id', 'phone', 'name']));
    expect(await options(coded)).toMatchObject({ keyColumn: 'code', uniqueColumns: ['code'] });
    expect(await options(plain)).toMatchObject({ keyColumn: 'id', uniqueColumns: [] });
    expect((await t.get('/api/import/tableOptions/?_flag=userBillFlow')).statusCode).toBe(400);
  });

  it('imports the same member file twice without doubling a member (no keyColumn: matched on the phone)', async () => {
    const file = [MEMBER_HEADER, ['张三', '13900000001', '男'], ['李四', '13900000002', '女'], ['王五', '13900000003', '']];
    const first = await importInto('sys_member', file);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ inserted: 3, skipped: 0 });
    const count = (await members()).length;
    const second = await importInto('sys_member', file);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().data).toMatchObject({ inserted: 0, skipped: 3 });
    expect((await members()).length).toBe(count);
  });

  it('refuses member rows whose phone a live member has when matched on another column, or the file repeats; nothing written', async () => {
    const before = await members();
    const r = await importInto('sys_member', [MEMBER_HEADER, ['新人', '13900000004', ''], ['张三另一个', '13900000001', ''], ['重复', '13900000004', '']], {
      keyColumn: 'id',
    });
    expect(r.statusCode, r.body).toBe(400);
    expect(r.json()).toMatchObject({ code: 'IMPORT_ROWS_INVALID', data: { rows: 3, inserted: 0, rejected: 2 } });
    expect(r.json().data.problems).toEqual([
      { row: 3, column: '手机号 / Phone', message: '字段 手机号 / Phone 的值已存在，不能重复' },
      { row: 4, column: '手机号 / Phone', message: '“13900000004”与第 2 行重复' },
    ]);
    expect(await members()).toEqual(before);
    // an update that would give a member another member's phone is refused the same way
    const id = Number((await db().selectFrom('sys_member').select('id').where('phone', '=', '13900000002').executeTakeFirstOrThrow()).id);
    const update = await importInto(
      'sys_member',
      [
        ['ID', '手机号'],
        [String(id), '13900000003'],
      ],
      { keyColumn: 'id', mode: 'update' },
    );
    expect(update.statusCode, update.body).toBe(400);
    expect(update.json().data.problems[0]).toMatchObject({ row: 2, column: '手机号' });
    expect(await members()).toEqual(before);
    // its own phone is no clash
    const own = await importInto(
      'sys_member',
      [
        ['ID', '手机号', '昵称'],
        [String(id), '13900000002', '李四改'],
      ],
      { keyColumn: 'id', mode: 'update' },
    );
    expect(own.json().data, own.body).toMatchObject({ updated: 1 });
  });

  it('a generated table with a unique column: a row repeating a live or an earlier value is a problem of its row', async () => {
    const file = [
      ['编号', '名称'],
      ['c-1', '一'],
      ['c-2', '二'],
    ];
    expect((await importInto(coded, file)).json().data).toMatchObject({ inserted: 2 });
    expect((await importInto(coded, file)).json().data).toMatchObject({ inserted: 0, skipped: 2 });
    const r = await importInto(
      coded,
      [
        ['编号', '名称'],
        ['c-1', '别名'],
        ['c-3', '三'],
        ['c-3', '三又一次'],
      ],
      { keyColumn: 'name' },
    );
    expect(r.statusCode, r.body).toBe(400);
    expect(r.json().code).toBe('IMPORT_ROWS_INVALID');
    expect(r.json().data.problems).toEqual([
      { row: 2, column: '编号', message: '字段 编号 的值已存在，不能重复' },
      { row: 4, column: '编号', message: '“c-3”与第 3 行重复' },
    ]);
    expect(await codedRows()).toEqual(['c-1:一', 'c-2:二']);
  });

  it('lists every bad cell of every row at once', async () => {
    const before = await members();
    const r = await importInto('sys_member', [MEMBER_HEADER, ['好人', '13900000009', '男'], ['坏人', '1'.repeat(25), '不详'], ['', '2'.repeat(21), '外星']]);
    expect(r.statusCode, r.body).toBe(400);
    expect(r.json().data).toMatchObject({ rows: 3, rejected: 2 });
    expect(r.json().data.problems.map((p: { row: number; column: string }) => `${p.row} ${p.column}`)).toEqual([
      '3 手机号 / Phone',
      '3 性别 / Gender',
      '4 昵称 / Nickname',
      '4 手机号 / Phone',
      '4 性别 / Gender',
    ]);
    expect(await members()).toEqual(before);
    // 60 rows of two bad cells: the first 100 problems listed (50 rows), every bad row counted
    const many = await importInto('sys_member', [MEMBER_HEADER, ...Array.from({ length: 60 }, (_, i) => [`多${i}`, '9'.repeat(21), '不详'])]);
    expect(many.json().data).toMatchObject({ rows: 60, rejected: 60 });
    expect(many.json().data.problems).toHaveLength(100);
    expect(many.json().data.problems[99]).toMatchObject({ row: 51, column: '性别 / Gender' });
  });
});
