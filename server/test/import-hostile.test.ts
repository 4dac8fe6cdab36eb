// Crafted and broken spreadsheets: each is refused or neutralised, and the server keeps answering.
// Parsing does not depend on the database engine, so this suite runs on SQLite only.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SHEET_LIMITS, SheetRows, readSheet } from '../src/import/sheetReader.ts';
import { startTestApp, type TestApp } from './helpers.ts';
import { QUESTION_HEADER, bookBytes, emptyRowsXlsx, patchedXlsx, q, upload, zipBombXlsx } from './import-fixtures.ts';

describe('hostile spreadsheets', () => {
  let t: TestApp;
  let subjectId: number;
  const db = () => t.ctx.conn.db;
  const countAll = async () =>
    Number(
      (
        await db()
          .selectFrom('questionBank')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const newCategory = async (name: string): Promise<number> =>
    (await t.post('/api/coustomApi/selectAddTypes/', { parentId: subjectId, fileName: name })).json().data[0].id;
  const importFile = async (fileName: string, content: Buffer, typeId: number) =>
    t.post('/api/action/import/', { fileUrl: await upload(t, fileName, content), parentId: subjectId, typeId });
  const stemsOf = async (typeId: number) =>
    (await db().selectFrom('questionBank').select(['name', 'options', 'correctOptions']).where('typeId', '=', typeId).orderBy('id').execute()).map((r) => [
      r.name,
      JSON.parse(r.options as string),
      r.correctOptions,
    ]);

  beforeAll(async () => {
    t = await startTestApp();
    subjectId = (await t.post('/api/action/save/', { _flag: 'questionsClass', params: { name: '安全测试科目' } })).json().data.id;
  });
  afterAll(async () => t?.close());

  it('ignores prototype-polluting header keys: __proto__, constructor and prototype are unknown columns', async () => {
    const typeId = await newCategory('proto');
    const header = ['__proto__', 'constructor', 'prototype', ...QUESTION_HEADER, 'hasOwnProperty'];
    const row = ['{"polluted":1}', 'x', 'y', ...q('原型污染测试', ['a', 'b'], 'B'), 'z'];
    const r = await importFile('proto.xlsx', bookBytes([header, row]), typeId);
    expect(r.statusCode).toBe(200);
    expect(r.json().data).toMatchObject({ inserted: 1 });
    expect(await stemsOf(typeId)).toEqual([['原型污染测试', ['a', 'b'], 'B']]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const only = await importFile('proto2.csv', Buffer.from('__proto__,constructor\n{"a":1},x\n'), typeId);
    expect(only.statusCode).toBe(400);
    expect(only.json().message).toContain('未找到表头');
  });

  it('takes the cached value of a formula and never evaluates one; a CSV formula stays text', async () => {
    const typeId = await newCategory('formula');
    const sheet = XLSX.utils.aoa_to_sheet([QUESTION_HEADER, q('占位', ['a', 'b', 'c'], 'A')]);
    sheet.B2 = { t: 's', v: '缓存的题干', f: 'CONCAT("被","计算")' };
    sheet.C2 = { t: 'n', v: 2, f: '1+1' };
    // no cached value: read as empty, so the question has two options and C is a gap-free end
    sheet.E2 = { t: 'n', f: 'WEBSERVICE("http://127.0.0.1:1/")' } as XLSX.CellObject;
    const r = await importFile('formula.xlsx', bookBytes(sheet), typeId);
    expect(r.json().data).toMatchObject({ inserted: 1 });
    expect(await stemsOf(typeId)).toEqual([['缓存的题干', ['2', 'b'], 'A']]);

    const csv = `${QUESTION_HEADER.join(',')}\n,=1+1,"=HYPERLINK(""http://x"")",@SUM(A1),,,,,A,\n`;
    const c = await importFile('formula.csv', Buffer.from(csv), typeId);
    expect(c.json().data).toMatchObject({ inserted: 1 });
    expect((await stemsOf(typeId))[1]).toEqual(['=1+1', ['=HYPERLINK("http://x")', '@SUM(A1)'], 'A']);
  });

  it('reads only the rows that exist: a declared range of A1:Z1048576 costs nothing', async () => {
    const typeId = await newCategory('range');
    const xlsx = emptyRowsXlsx([QUESTION_HEADER, q('范围很大的表', ['a', 'b'], 'A')], 1_048_576);
    expect(xlsx.toString('latin1')).not.toContain('A1:Z1048576'); // it is inside the deflated sheet
    const started = Date.now();
    const r = await importFile('range.xlsx', xlsx, typeId);
    expect(r.json().data).toMatchObject({ inserted: 1 });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  // more empty rows than the row limit lets data rows be (a reader that counted them would refuse the file): the
  // limit and 100, not the million this test once sent, which cost five times as long and proved nothing more
  const EMPTY_ROWS = SHEET_LIMITS.maxRows + 100;
  it(`skips ${EMPTY_ROWS.toLocaleString('en')} empty rows (more than the row limit), in an xlsx and in a CSV`, async () => {
    const typeId = await newCategory('empty rows');
    const xlsx = emptyRowsXlsx([QUESTION_HEADER, q('二十万空行之前', ['a', 'b'], 'A')], EMPTY_ROWS + 2, EMPTY_ROWS);
    const r = await importFile('rows.xlsx', xlsx, typeId);
    expect(r.statusCode).toBe(200);
    expect(r.json().data).toMatchObject({ rows: 1, inserted: 1 });
    const csv = Buffer.from(`${QUESTION_HEADER.join(',')}\n${q('空行中间的题', ['a', 'b'], 'B').join(',')}\n${',,,,,,,,,\n'.repeat(EMPTY_ROWS)}`);
    const c = await importFile('rows.csv', csv, typeId);
    expect(c.statusCode).toBe(200);
    expect(c.json().data).toMatchObject({ rows: 1, inserted: 1 });
  }, 60_000);

  it('refuses a zip bomb before it is unpacked, and keeps answering', async () => {
    const typeId = await newCategory('bomb');
    const before = await countAll();
    const bomb = zipBombXlsx(300);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const r = await importFile('bomb.xlsx', bomb, typeId);
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ status: false, success: false });
    expect(r.json().message).toBe('文件解压后超过 256 MB，不予读取');
    expect(await countAll()).toBe(before);
    expect((await t.get('/api/health')).statusCode).toBe(200);
  }, 60_000);

  it('refuses a row numbered past the last row of a sheet before reading up to it', async () => {
    const typeId = await newCategory('far row');
    const xlsx = patchedXlsx([QUESTION_HEADER, q('很远的行', ['a', 'b'], 'A')], (xml) =>
      xml.replace('</sheetData>', '<row r="2147483647"><c r="B2147483647" t="inlineStr"><is><t>x</t></is></c></row></sheetData>'),
    );
    const r = await importFile('far.xlsx', xlsx, typeId);
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toBe('文件的行号超出了表格的范围（最多 1048576 行）');
    expect(await stemsOf(typeId)).toEqual([]);
  });

  it('refuses a cell longer than Excel allows (32,767 characters), naming its row and column', async () => {
    const typeId = await newCategory('long cell');
    const csv = `${QUESTION_HEADER.join(',')}\n,短题,a,b,,,,,A,\n,${'长'.repeat(40_000)},a,b,,,,,A,\n`;
    const r = await importFile('long.csv', Buffer.from(csv), typeId);
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toBe('第 3 行 B 列的内容超过 32767 个字符');
    expect(await stemsOf(typeId)).toEqual([]);
  });

  it('reads what the part check must let through: > in attribute values, comments, CDATA', async () => {
    const typeId = await newCategory('odd xml');
    // 200 self-closing elements with a > in an attribute: a check that ended a tag there would count 200 levels
    const odd = '<ignorable a="1>0" b=\'x>y\'/><!-- <c> <si> unclosed --><![CDATA[<c><c>]]>'.repeat(200);
    const xlsx = patchedXlsx([QUESTION_HEADER, q('奇怪的 XML', ['a', 'b'], 'A')], (xml) => xml.replace('<sheetData>', `${odd}<sheetData>`));
    const r = await importFile('odd.xlsx', xlsx, typeId);
    expect(r.statusCode, r.body).toBe(200);
    expect(await stemsOf(typeId)).toEqual([['奇怪的 XML', ['a', 'b'], 'A']]);
  });

  it.each([
    ['garbage after a zip signature', 'broken.xlsx', Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(2000, 0x41)])],
    ['a truncated xlsx', 'cut.xlsx', bookBytes([QUESTION_HEADER, q('截断', ['a', 'b'], 'A')]).subarray(0, 600)],
    ['an empty OLE container named .xls', 'empty.xls', Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)])],
  ])('refuses %s with a clear message', async (_name, fileName, content) => {
    const typeId = await newCategory(`broken ${fileName}`);
    const before = await countAll();
    const r = await importFile(fileName, content, typeId);
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ status: false, success: false });
    expect(r.json().message).toMatch(/无法读取文件|未找到表头|没有数据/);
    expect(await countAll()).toBe(before);
  });

  it('runs imports one at a time: a few wait their turn, more are refused with a 429', async () => {
    const typeId = await newCategory('queue');
    const urls = await Promise.all(
      Array.from({ length: 7 }, (_, i) =>
        upload(t, `q${i}.xlsx`, bookBytes([QUESTION_HEADER, ...Array.from({ length: 300 }, (_, k) => q(`排队 ${i}-${k}`, ['a', 'b'], 'A'))])),
      ),
    );
    const answers = await Promise.all(urls.map((fileUrl) => t.post('/api/action/import/', { fileUrl, parentId: subjectId, typeId })));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429, 429]);
    expect(answers.find((a) => a.statusCode === 429)!.json().message).toBe('正在处理其他导入或导出，请稍后再试');
    expect((await stemsOf(typeId)).length).toBe(4 * 300);
  });

  describe('limits of the worker', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qb-sheet-'));
    const file = path.join(dir, 'rows.xlsx');
    beforeAll(() => {
      const rows = [QUESTION_HEADER, ...Array.from({ length: 3000 }, (_, i) => q(`第${i}题`, ['a', 'b', 'c', 'd'], 'A', '解析'.repeat(20)))];
      fs.writeFileSync(file, bookBytes(rows));
    });
    afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

    it('reads within the limits', async () => {
      const sheet = await readSheet(file, 'xlsx');
      expect(sheet.rowCount).toBe(3001);
      expect(sheet.rowNumbers[3000]).toBe(3001);
    });

    it('hands the main thread no row of a refused file', async () => {
      // 3,000 rows of 1,000 characters: several slices of 1 M characters are read before the text limit is reached
      const long = path.join(dir, 'long.xlsx');
      fs.writeFileSync(long, bookBytes([QUESTION_HEADER, ...Array.from({ length: 3000 }, (_, i) => q(`长 ${i}`, ['a', 'b'], 'A', '析'.repeat(1000)))]));
      const add = vi.spyOn(SheetRows.prototype, 'add');
      try {
        const err = await readSheet(long, 'xlsx', { ...SHEET_LIMITS, maxTextChars: 2_500_000 }).catch((e: Error & { key?: string }) => e);
        expect((err as { key?: string }).key).toBe('importTooMuchText');
        expect(add).not.toHaveBeenCalled();
        expect((await readSheet(long, 'xlsx')).rowCount).toBe(3001);
        expect(add).toHaveBeenCalled();
      } finally {
        add.mockRestore();
      }
    });

    it.each([
      ['rows', { maxRows: 100 }, '文件行数过多，最多 100 行'],
      ['cells', { maxCells: 1000 }, '文件单元格过多，最多 1000 个'],
      ['characters in all', { maxTextChars: 100_000 }, '文件中的文字过多，最多 100000 个字符'],
      ['characters in a cell', { maxCellChars: 10 }, '第 2 行 J 列的内容超过 10 个字符'],
      ['bytes of a part run', { maxXmlRunBytes: 40 }, '有超过 0 KB 的连续内容'],
      ['nesting', { maxXmlDepth: 3 }, '文件中的内容嵌套超过 3 层'],
      ['unpacked bytes', { maxUnzippedBytes: 100_000 }, '文件解压后超过'],
      ['time: the worker is terminated', { timeoutMs: 5 }, '读取文件超过'],
      ['heap: the worker runs out of memory and dies alone', { heapMb: 4 }, '文件过大或过于复杂'],
    ])('refuses a file over the limit of %s', async (_name, limit, message) => {
      const err = await readSheet(file, 'xlsx', { ...SHEET_LIMITS, ...limit }).then(
        () => undefined,
        (e: Error & { httpStatus?: number; key?: string; params?: Record<string, string | number> }) => e,
      );
      expect(err?.httpStatus).toBe(400);
      const r = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(r.statusCode).toBe(200);
      const { translate } = await import('../src/http/messages.ts');
      expect(translate({ headers: {} }, err!.key as never, err!.params)).toContain(message);
    });
  });
});
