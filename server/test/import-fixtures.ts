// Spreadsheet fixtures for the import tests, generated with SheetJS (and, for the hostile ones, by hand).
import zlib from 'node:zlib';
import * as XLSX from '@e965/xlsx';
import type { TestApp } from './helpers.ts';

export const QUESTION_HEADER = ['题型', '题干', '选项A', '选项B', '选项C', '选项D', '选项E', '选项F', '正确答案', '解析'];
export const CATEGORY_HEADER = ['分类名称', '上级分类', '排序', '是否上架'];

/** A question row in the template's layout from a few fields. */
export function q(stem: string, options: string[], answer: string, explanation = '', type = ''): string[] {
  return [type, stem, ...Array.from({ length: 6 }, (_, i) => options[i] ?? ''), answer, explanation];
}

export function sheetOf(rows: unknown[][]): XLSX.WorkSheet {
  return XLSX.utils.aoa_to_sheet(rows);
}

/** A workbook of one sheet (or of a prepared sheet) as file bytes. */
export function bookBytes(sheet: XLSX.WorkSheet | unknown[][], bookType: 'xlsx' | 'biff8' | 'csv' = 'xlsx', name = '题目'): Buffer {
  const ws = Array.isArray(sheet) ? sheetOf(sheet) : sheet;
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, ws, name);
  if (bookType === 'csv') return Buffer.from(XLSX.utils.sheet_to_csv(ws), 'utf8');
  return XLSX.write(book, { type: 'buffer', bookType, compression: true }) as Buffer;
}

/** The first sheet of a workbook as rows of text. */
export function readRows(bytes: Buffer, sheetIndex = 0): string[][] {
  const book = XLSX.read(bytes, { type: 'buffer' });
  return XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[sheetIndex]!]!, { header: 1, defval: '', raw: false });
}

export function sheetNames(bytes: Buffer): string[] {
  return XLSX.read(bytes, { type: 'buffer', bookSheets: true }).SheetNames;
}

export interface ZipEntry {
  name: string;
  /** raw deflate data and the size it unpacks to */
  deflated: Buffer;
  size: number;
  crc: number;
}

/** A zip of the entries (all deflated), as an xlsx is. */
export function zipOf(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(e.crc >>> 0, 14);
    local.writeUInt32LE(e.deflated.length, 18);
    local.writeUInt32LE(e.size >>> 0, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(e.crc >>> 0, 16);
    central.writeUInt32LE(e.deflated.length, 20);
    central.writeUInt32LE(e.size >>> 0, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, e.deflated);
    centrals.push(central, name);
    offset += local.length + name.length + e.deflated.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

/** The entries of an xlsx written by SheetJS, with the first sheet's XML replaced. */
function xlsxWithSheet(sheetEntry: (original: string) => ZipEntry): Buffer {
  const base = XLSX.CFB.read(bookBytes([QUESTION_HEADER, q('题', ['a', 'b'], 'A')]), { type: 'buffer' });
  const entries: ZipEntry[] = [];
  base.FullPaths.forEach((path: string, i: number) => {
    const file = base.FileIndex[i]!;
    if (file.type !== 2) return;
    const name = path.replace(/^[^/]*\//, '');
    const content = Buffer.from(file.content as Uint8Array);
    if (name === 'xl/worksheets/sheet1.xml') entries.push(sheetEntry(content.toString('utf8')));
    else entries.push({ name, deflated: zlib.deflateRawSync(content), size: content.length, crc: zlib.crc32(content) });
  });
  return zipOf(entries);
}

/**
 * A zip bomb: sheet1.xml unpacks to `megabytes` MB of spaces from a few hundred KB. The deflate stream is
 * one fully flushed block of 1 MB of spaces repeated, so building it costs nothing; its declared size is small.
 */
export function zipBombXlsx(megabytes = 300): Buffer {
  const chunk = zlib.deflateRawSync(Buffer.alloc(1024 * 1024, 0x20), { level: 9, finishFlush: zlib.constants.Z_FULL_FLUSH });
  const head = zlib.deflateRawSync(
    Buffer.from('<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>'),
    { finishFlush: zlib.constants.Z_FULL_FLUSH },
  );
  const deflated = Buffer.concat([head, ...Array.from({ length: megabytes }, () => chunk), Buffer.from([0x03, 0x00])]);
  return xlsxWithSheet(() => ({ name: 'xl/worksheets/sheet1.xml', deflated, size: 4096, crc: 0 }));
}

/** An xlsx of the rows whose sheet XML is changed by `patch` (a declared range, extra row elements). */
export function patchedXlsx(realRows: string[][], patch: (xml: string) => string): Buffer {
  const real = XLSX.CFB.read(bookBytes(realRows), { type: 'buffer' });
  const index = real.FullPaths.findIndex((p: string) => p.endsWith('xl/worksheets/sheet1.xml'));
  const xml = Buffer.from(real.FileIndex[index]!.content as Uint8Array).toString('utf8');
  const content = Buffer.from(patch(xml), 'utf8');
  return xlsxWithSheet(() => ({ name: 'xl/worksheets/sheet1.xml', deflated: zlib.deflateRawSync(content), size: content.length, crc: zlib.crc32(content) }));
}

/** An xlsx that declares the range A1:Z<lastRow> and holds `empty` empty <row> elements after the real rows. */
export function emptyRowsXlsx(realRows: string[][], lastRow: number, empty = 0): Buffer {
  return patchedXlsx(realRows, (xml) => {
    if (!/<dimension ref="[^"]*"\/>/.test(xml)) throw new Error('no dimension element to patch');
    const rows: string[] = [];
    for (let r = realRows.length + 1; r <= realRows.length + empty; r++) rows.push(`<row r="${r}"/>`);
    return xml.replace(/<dimension ref="[^"]*"\/>/, `<dimension ref="A1:Z${lastRow}"/>`).replace('</sheetData>', `${rows.join('')}</sheetData>`);
  });
}

let gbkTable: Map<string, number[]> | undefined;

/** Text in GBK, as Excel saves a CSV on a Chinese Windows (Node decodes GBK but cannot encode it). */
export function gbk(text: string): Buffer {
  if (!gbkTable) {
    gbkTable = new Map();
    const decoder = new TextDecoder('gbk');
    for (let lead = 0x81; lead <= 0xfe; lead++) {
      for (let trail = 0x40; trail <= 0xfe; trail++) {
        const ch = decoder.decode(Uint8Array.of(lead, trail));
        if (ch.length === 1 && ch !== '\ufffd' && !gbkTable.has(ch)) gbkTable.set(ch, [lead, trail]);
      }
    }
  }
  const bytes: number[] = [];
  for (const ch of text) {
    if (ch.charCodeAt(0) < 0x80) bytes.push(ch.charCodeAt(0));
    else bytes.push(...(gbkTable.get(ch) ?? [0x3f]));
  }
  return Buffer.from(bytes);
}

function multipart(fileName: string, content: Buffer) {
  const boundary = '----qbimport' + Math.random().toString(16).slice(2);
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, content, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Uploads through the real upload route and answers the fileUrl it gives. */
export async function upload(t: TestApp, fileName: string, content: Buffer): Promise<string> {
  const { payload, headers } = multipart(fileName, content);
  const r = await t.app.inject({ method: 'POST', url: '/api/action/upload/', payload, headers: { ...headers, authorization: t.token } });
  if (r.statusCode !== 200) throw new Error(`upload of ${fileName} failed: ${r.body}`);
  return r.json().data.path as string;
}
