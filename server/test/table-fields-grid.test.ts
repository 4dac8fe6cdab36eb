import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestApp, type TestApp } from './helpers.ts';
import { defineTable, threeColumns } from './tables-helpers.ts';

/**
 * Issue 31 #3: the column grid of 数据库管理 gives a column an English title, an enumeration or a reference. What it
 * sends is checked on every write path of sys_tableFields: an enumeration the loader reads and the column can hold,
 * a reference column of the referenced key's type; and what was saved is served (titles, dropdown, reference).
 */

const unique = (prefix: string) => `${prefix}${crypto.randomBytes(4).toString('hex')}`;
const options = (list: unknown) => JSON.stringify(list);
const GENRES = options([
  { value: 1, zh: '小说', en: 'Novel' },
  { value: 2, zh: '历史', en: 'History', color: 'gold' },
]);

describe.each(engines)('the column grid’s English titles, enumerations and references (%s)', (engine, url) => {
  let t: TestApp;
  let sheetId: number;
  let table: string;
  const field = (id: number) => t.ctx.conn.db.selectFrom('sys_tableFields').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const fieldId = async (columnName: string) =>
    Number(
      (
        await t.ctx.conn.db
          .selectFrom('sys_tableFields')
          .select('id')
          .where('parentid', '=', sheetId)
          .where('columnName', '=', columnName)
          .executeTakeFirstOrThrow()
      ).id,
    );

  beforeAll(async () => {
    t = await startTestApp(engine, url);
    table = unique('grid');
    sheetId = await defineTable(t, table, [
      ...threeColumns(),
      { columnName: 'genre', type: 'int', intro: '类别' },
      { columnName: 'code', type: 'nvarchar', length: 4, intro: '代码' },
      { columnName: 'subject', type: 'int', intro: '科目' },
    ]);
  });
  afterAll(async () => t?.close());

  it('refuses an enumeration the loader cannot read or the column cannot hold, on save and on master-slave, and writes nothing', async () => {
    const genre = await fieldId('genre');
    const code = await fieldId('code');
    const refusedOn: [number, unknown, string][] = [
      [genre, 'not json', 'JSON'],
      [genre, '[]', 'list'],
      [genre, options({ value: 1, zh: '小说' }), 'list'],
      [genre, options([{ value: 1 }]), 'Chinese label'],
      [genre, options([{ value: '1', zh: '小说' }]), 'integer'],
      [genre, options([{ value: 1.5, zh: '小说' }]), 'integer'],
      [genre, options([{ value: 1, zh: '小说', en: 3 }]), 'not text'],
      [
        genre,
        options([
          { value: 1, zh: '甲' },
          { value: 1, zh: '乙' },
        ]),
        'twice',
      ],
      [code, options([{ value: 1, zh: '甲' }]), 'non-empty text'],
      [code, options([{ value: 'abcde', zh: '甲' }]), 'length 4'],
      [await fieldId('price'), options([{ value: 'x', zh: '甲' }]), 'a number'],
    ];
    for (const [id, raw, why] of refusedOn) {
      const before = await field(id);
      const r = await t.post('/api/action/save/', { _flag: 'sys_tableFields', params: { id, options: raw } }, { 'accept-language': 'en-US' });
      expect(r.statusCode, `${String(raw)}: ${r.body}`).toBe(400);
      expect(r.json().code).toBe('OPTIONS_REFUSED');
      expect(r.json().message).toContain(why);
      expect(await field(id)).toEqual(before);
    }
    // Chinese by default, naming the column
    const zh = await t.post('/api/action/save/', { _flag: 'sys_tableFields', params: { id: genre, options: '[]' } });
    expect(zh.json().message).toBe('字段 genre 的枚举值不正确：须是至少含一项的列表');
    // a datetime or image column has no enumeration
    const when = await t.post('/api/action/save/', {
      _flag: 'sys_tableFields',
      params: { parentid: sheetId, columnName: 'opened', type: 'datetime', options: GENRES },
    });
    expect(when.statusCode, when.body).toBe(400);
    // an enumeration and a reference at once
    const both = await t.post('/api/action/save/', { _flag: 'sys_tableFields', params: { id: genre, options: GENRES, refTable: 'questionsClass' } });
    expect(both.statusCode, both.body).toBe(400);
    expect(both.json().code).toBe('OPTIONS_REFUSED');
    // the master-slave save of the grid: the whole definition is refused
    const sheetsBefore = await t.ctx.conn.db.selectFrom('sys_dataSheet').select('id').execute();
    const master = await t.post('/api/action/masterSlave/', {
      _flag: 'sys_dataSheet',
      _flagChidren: 'sys_tableFields',
      bindField: 'parentid',
      mainData: { tableName: unique('bad'), parentid: 10000 },
      chidrenData: [...threeColumns(), { columnName: 'genre', type: 'int', options: options([{ value: 'a', zh: '甲' }]) }],
    });
    expect(master.statusCode, master.body).toBe(400);
    expect(await t.ctx.conn.db.selectFrom('sys_dataSheet').select('id').execute()).toHaveLength(sheetsBefore.length);
  });

  it('a reference column has the type of the referenced key', async () => {
    const code = await fieldId('code');
    const subject = await fieldId('subject');
    for (const [id, refTable] of [
      [code, 'questionsClass'],
      [code, table],
    ] as const) {
      const r = await t.post('/api/action/save/', { _flag: 'sys_tableFields', params: { id, refTable, refLabel: 'id' } }, { 'accept-language': 'en-US' });
      expect(r.statusCode, `${refTable}: ${r.body}`).toBe(400);
      expect(r.json().code).toBe('REFERENCE_REFUSED');
      expect(r.json().message).toContain('the type of the referenced key id (int), not nvarchar');
    }
    const ok = await t.post('/api/action/save/', { _flag: 'sys_tableFields', params: { id: subject, refTable: 'questionsClass', refLabel: 'name' } });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('what the grid saves round-trips and is served: English titles, the dropdown and the reference', async () => {
    const room = unique('room');
    const saved = await t.post('/api/action/masterSlave/', {
      _flag: 'sys_dataSheet',
      _flagChidren: 'sys_tableFields',
      bindField: 'parentid',
      mainData: { tableName: room, intro: '考场', titleEn: 'Exam rooms', parentid: 10000 },
      chidrenData: [
        { columnName: 'id', type: 'int', primaryKey: 1, autoIncrement: 1, intro: '编号', titleEn: 'No.' },
        { columnName: 'name', type: 'nvarchar', length: 20, intro: '名称', titleEn: 'Name' },
        { columnName: 'genre', type: 'int', intro: '类别', titleEn: 'Genre', options: GENRES },
        { columnName: 'subject', type: 'int', intro: '科目', titleEn: 'Subject', refTable: 'questionsClass', refLabel: 'name' },
        { columnName: 'parent', type: 'int', intro: '上级', titleEn: 'Parent', refTable: room, refLabel: 'name' },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const id = Number(saved.json().data.id);
    const rows = (await t.select('sys_tableFields', { wheres: { parentid: id }, sort: 'id', sortType: 'asc', row: 100 })).body.data;
    expect(rows.map((r: Record<string, unknown>) => [r.columnName, r.titleEn, r.options, r.refTable, r.refLabel])).toEqual([
      ['id', 'No.', null, null, null],
      ['name', 'Name', null, null, null],
      ['genre', 'Genre', GENRES, null, null],
      ['subject', 'Subject', null, 'questionsClass', 'name'],
      ['parent', 'Parent', null, room, 'name'],
    ]);
    const created = await t.post('/api/action/createSqlTable/', { id });
    expect(created.statusCode, created.body).toBe(200);
    // the reference columns are the keys' type in the DDL
    expect(created.json().data.statements[0]).toMatch(/["`]subject["`] INT/i);
    const meta = (await t.get(`/api/schema/${room}`)).json().data;
    expect(meta.title).toEqual({ zh: '考场', en: 'Exam rooms' });
    const column = (name: string) => meta.columns.find((c: { name: string }) => c.name === name);
    expect(column('name').title).toEqual({ zh: '名称', en: 'Name' });
    expect(column('genre').enum).toEqual([
      { value: 1, label: { zh: '小说', en: 'Novel' } },
      { value: 2, label: { zh: '历史', en: 'History' }, color: 'gold' },
    ]);
    expect(column('subject')).toMatchObject({ title: { zh: '科目', en: 'Subject' }, references: 'questionsClass', reference: { labelColumn: 'name' } });
    expect(column('parent').reference).toMatchObject({ flag: room, labelColumn: 'name' });
    // the grid offers the referable built-in tables: the metadata says which
    const all = (await t.get('/api/schema/')).json().data as { flag: string; referable?: boolean }[];
    expect(all.filter((m) => m.referable).map((m) => m.flag)).toEqual(expect.arrayContaining(['questionsClass', 'questionsSmallClass', 'questionBank']));
    expect(all.find((m) => m.flag === 'sys_user')?.referable).toBeUndefined();
  });
});
