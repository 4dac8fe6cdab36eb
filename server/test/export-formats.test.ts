import zlib from 'node:zlib';
import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestApp, type TestApp } from './helpers.ts';

/** RFC 4180 fields of a CSV text (quoted fields, doubled quotes, CRLF line ends). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      rows.push([...row, field]);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}

/** Checks a zip the way an unzip tool does: every central directory entry inflates to its recorded size and CRC. */
function zipEntries(zip: Buffer): Map<string, Buffer> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(end).toBeGreaterThan(0);
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const files = new Map<string, Buffer>();
  for (let n = 0; n < count; n++) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50);
    const [crc, compressed, size] = [zip.readUInt32LE(at + 16), zip.readUInt32LE(at + 20), zip.readUInt32LE(at + 24)];
    const nameLength = zip.readUInt16LE(at + 28);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const local = zip.readUInt32LE(at + 42);
    expect(zip.readUInt32LE(local)).toBe(0x04034b50);
    const dataAt = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const content = zlib.inflateRawSync(zip.subarray(dataAt, dataAt + compressed));
    expect(content.length, name).toBe(size);
    expect(zlib.crc32(content) >>> 0, name).toBe(crc);
    files.set(name, content);
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return files;
}

const tricky = [
  '=1+1',
  '+SUM(A1:A2)',
  '-2+3',
  '@cmd',
  '\tTab first',
  '\rCR first',
  '张三',
  'say "hi", ok',
  'two\nlines',
  '<b> & </b>',
  'a_x0041_b',
  'ctrl\u0001char',
  '  spaces around  ',
  'mixed\r\nline ends',
  '😀 表情',
];

describe.each(engines)('table export formats on %s', (engine, url) => {
  let t: TestApp;
  const columns = [
    { name: 'name', title: '昵称' },
    { name: 'gender', title: '性别', labels: { '0': '未知', '1': '男', '2': '女' } },
    { name: 'balance', title: '余额' },
  ];
  const query = (extra: Record<string, string>) =>
    `/api/export/table/?${new URLSearchParams({ _flag: 'sys_member', wheres: JSON.stringify({ phone: { type: 'startsWith', value: 'fmt-' } }), sort: 'id', columns: JSON.stringify(columns), ...extra })}`;

  beforeAll(async () => {
    t = await startTestApp(engine, url);
    for (const [i, name] of tricky.entries()) {
      const r = await t.post('/api/action/save/', { _flag: 'sys_member', params: { name, phone: `fmt-${i}`, gender: i % 3 } });
      expect(r.statusCode, name).toBe(200);
      // a balance is the bill flows' to move (no client writes it): set here as they would have
      await t.ctx.conn.db
        .updateTable('sys_member')
        .set({ balance: i % 2 ? -i - 0.5 : i * 10 })
        .where('id', '=', r.json().data.id)
        .execute();
    }
  });
  afterAll(async () => t?.close());

  const members = async () => (await t.select('sys_member', { wheres: { phone: { type: 'startsWith', value: 'fmt-' } }, sort: 'id' })).body.data as any[];

  it('exports CSV in UTF-8 with a BOM, every text quoted, and a quote mark before a formula start', async () => {
    const r = await t.get(query({ format: 'csv', fileName: '会员导出' }));
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(r.headers['content-disposition']).toContain(`${encodeURIComponent('会员导出')}.csv`);
    expect([...r.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = r.rawPayload.subarray(3).toString('utf8');
    const rows = parseCsv(text);
    const stored = await members();
    expect(stored.map((m) => m.name)).toEqual(tricky);
    const formulaLike = new Set(['=1+1', '+SUM(A1:A2)', '-2+3', '@cmd', '\tTab first', '\rCR first']);
    expect(rows[0]).toEqual(['昵称', '性别', '余额']);
    expect(rows.slice(1)).toEqual(stored.map((m) => [formulaLike.has(m.name) ? `'${m.name}` : m.name, ['未知', '男', '女'][m.gender], String(m.balance)]));
    // numbers stay numbers (a negative one gets no quote mark), texts are quoted
    expect(text).toContain('\r\n"\'-2+3","女",20\r\n');
    expect(text).toContain('\r\n"张三","未知",60\r\n');
    expect(text).toContain('\r\n"\'@cmd","未知",-3.5\r\n');
  });

  it('exports .xlsx texts as texts: "=1+1" comes back as the string =1+1, not a formula, and odd characters survive', async () => {
    const r = await t.get(query({}));
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(r.headers['content-disposition']).toContain('sys_member.xlsx');
    const files = zipEntries(r.rawPayload);
    expect([...files.keys()].sort()).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/_rels/workbook.xml.rels',
      'xl/styles.xml',
      'xl/workbook.xml',
      'xl/worksheets/sheet1.xml',
    ]);
    expect(files.get('xl/worksheets/sheet1.xml')!.toString()).not.toContain('<f>');

    const book = XLSX.read(r.rawPayload, { type: 'buffer', cellStyles: true });
    expect(book.SheetNames).toEqual(['sys_member']);
    const sheet = book.Sheets.sys_member!;
    const formula = sheet.A2!;
    expect(formula.t).toBe('s');
    expect(formula.v).toBe('=1+1');
    expect(formula.f).toBeUndefined();
    expect(sheet['!cols']).toHaveLength(3);
    const stored = await members();
    const rows = XLSX.utils.sheet_to_json<any[]>(sheet, { header: 1 });
    expect(rows[0]).toEqual(['昵称', '性别', '余额']);
    // SheetJS's reader folds CR LF into LF (it did so for the workbooks SheetJS wrote before, too)
    expect(rows.slice(1)).toEqual(stored.map((m) => [m.name.replace(/\r\n/g, '\n'), ['未知', '男', '女'][m.gender], m.balance]));
    expect(sheet.C3!.t).toBe('n');
  });

  it('writes the same cells in both formats when the rows come in many chunks, with references looked up per chunk', async () => {
    await t.ctx.crud.writeTransaction(['sys_member', 'userBillFlow'], async (trx) => {
      for (let i = 0; i < 40; i++)
        await trx
          .insertInto('sys_member')
          .values({ name: `分块会员${i}`, phone: `chunk-${i}`, isdelete: 0 })
          .execute();
      const found = await trx.selectFrom('sys_member').select('id').where('phone', 'like', 'chunk-%').execute();
      for (const m of found)
        await trx
          .insertInto('userBillFlow')
          .values({ memberid: m.id, type: 1 + (m.id % 2), title: '分块流水', money: m.id / 4, isdelete: 0 })
          .execute();
    });
    const refColumns = [
      { name: 'id', title: '编号' },
      { name: 'memberid', title: '会员', ref: { flag: 'sys_member' } },
      { name: 'type', title: '类型', labels: { '1': '收入', '2': '支出' } },
      { name: 'money', title: '金额' },
    ];
    const q = (format: string) =>
      `/api/export/table/?${new URLSearchParams({ _flag: 'userBillFlow', wheres: JSON.stringify({ title: '分块流水' }), sort: 'money', sortType: 'desc', columns: JSON.stringify(refColumns), format })}`;
    t.ctx.crud.streaming.chunkRows = 3;
    try {
      const xlsx = await t.get(q('xlsx'));
      const csv = await t.get(q('csv'));
      const book = XLSX.read(xlsx.rawPayload, { type: 'buffer' });
      const fromXlsx = XLSX.utils.sheet_to_json<any[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 });
      const fromCsv = parseCsv(csv.rawPayload.subarray(3).toString('utf8'));
      expect(fromXlsx).toHaveLength(41);
      expect(fromCsv).toEqual(fromXlsx.map((row) => row.map(String)));
      const flows = (await t.select('userBillFlow', { wheres: { title: '分块流水' }, sort: 'money', sortType: 'desc', row: '100' })).body.data;
      const names = new Map(
        (await t.select('sys_member', { wheres: { phone: { type: 'startsWith', value: 'chunk-' } }, row: '100' })).body.data.map((m: any) => [m.id, m.name]),
      );
      expect(fromXlsx.slice(1)).toEqual(flows.map((f: any) => [f.id, names.get(f.memberid), f.type === 1 ? '收入' : '支出', f.money]));
    } finally {
      t.ctx.crud.streaming.chunkRows = 500;
    }
  });

  it('refuses an unknown format with a 400 naming it; an empty format means xlsx', async () => {
    const bad = await t.get(query({ format: 'pdf' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('format');
    const empty = await t.get(query({ format: '' }));
    expect(empty.headers['content-type']).toContain('spreadsheetml');
  });
});
