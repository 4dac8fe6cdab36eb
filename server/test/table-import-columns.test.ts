import { describe, expect, it } from 'vitest';
import { SheetRows } from '../src/import/sheetReader.ts';
import { dateText, importColumns, isImportable, mapHeader } from '../src/import/tableColumns.ts';
import { TableRegistry } from '../src/schema/registry.ts';

/** Which columns a file may carry (docs/import.md "Import into any table"): never a secret one. */

function sheetOf(rows: string[][]): SheetRows {
  const sheet = new SheetRows();
  const cells = rows.flat();
  const starts: number[] = [0];
  for (const r of rows) starts.push(starts[starts.length - 1]! + r.length);
  sheet.add({ text: cells.join('\u0000'), starts: Int32Array.from(starts), rowNumbers: Int32Array.from(rows.map((_, i) => i + 1)) });
  return sheet;
}

const registry = new TableRegistry([
  {
    flag: 'vault',
    dynamic: true,
    softDelete: false,
    title: { zh: '保险箱', en: 'Vault' },
    primaryKey: 'id',
    columns: [
      { name: 'id', type: 'int', readOnly: true },
      { name: 'label', type: 'nvarchar', length: 20, required: true, title: { zh: '名称', en: 'Label' } },
      { name: 'secretCode', type: 'nvarchar', secret: true, writeOnly: true, title: { zh: '密码', en: 'Secret' } },
      { name: 'createdAt', type: 'datetime', serverFilled: true, title: { zh: '创建时间', en: 'Created' } },
    ],
  },
]);
const vault = registry.get('vault');

describe('the columns of a table import', () => {
  it('never lets a file name a secret column, ignores server-filled ones', () => {
    expect(importColumns(vault).map((c) => c.column.name)).toEqual(['id', 'label']);
    const needed = importColumns(vault).filter((c) => c.required);
    expect(() =>
      mapHeader(
        sheetOf([
          ['名称', '密码'],
          ['a', 'b'],
        ]),
        vault,
        needed,
      ),
    ).toThrow(expect.objectContaining({ key: 'importColumnNotWritable' }));
    expect(() => mapHeader(sheetOf([['Label', 'secretCode']]), vault, needed)).toThrow(expect.objectContaining({ key: 'importColumnNotWritable' }));
    const mapped = mapHeader(sheetOf([['说明行'], ['名称', '创建时间', '其他']]), vault, needed);
    expect(mapped.headerRow).toBe(1);
    expect(mapped.ignored).toEqual(['创建时间']);
    expect([...mapped.columns.values()].map((c) => c.imported.column.name)).toEqual(['label']);
  });

  it('serves operator tables and the members, not bill flows nor system tables', () => {
    const builtin = new TableRegistry();
    expect(isImportable(vault)).toBe(true);
    expect(isImportable(builtin.get('sys_member'))).toBe(true);
    for (const flag of ['userBillFlow', 'sys_user', 'sys_operationLog', 'questionBank', 'sys_role']) expect(isImportable(builtin.get(flag)), flag).toBe(false);
  });

  it('reads dates as people and Excel write them', () => {
    expect(dateText('2026-9-1')).toBe('2026-09-01 00:00:00');
    expect(dateText('2026/11/26 8:30')).toBe('2026-11-26 08:30:00');
    expect(dateText('2026年11月26日')).toBe('2026-11-26 00:00:00');
    expect(dateText('11/26/26')).toBe('2026-11-26 00:00:00');
  });
});
