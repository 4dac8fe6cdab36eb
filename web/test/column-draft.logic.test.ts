import { describe, expect, it } from 'vitest';
import type { TableMeta } from '@qb/contracts';
import { columnFromRow, columnsToSave, enumProblem, newColumn } from '../src/pages/datasources/columnDraft.ts';
import { referenceTargets } from '../src/pages/datasources/ReferencePicker.tsx';

// Issue 31 #3: what the column grid sends for a column's choice list (sys_tableFields.options).

const saved = (options: unknown, type = 'int') => ({ id: 7, columnName: 'genre', type, length: 20, intro: '类别', options });
const sentOptions = (row: Record<string, unknown>, edit?: (c: ReturnType<typeof columnFromRow>) => void) => {
  const draft = columnFromRow(row);
  edit?.(draft);
  return columnsToSave([draft])[0]!.options;
};

describe('the column grid’s choice list as sent', () => {
  it('an unchanged list goes back as it was stored (no change to write or log), a changed one as the server stores it', () => {
    const stored = ' [ {"zh": "小说", "value": 1, "en": "Novel"} ] ';
    expect(sentOptions(saved(stored))).toBe(stored);
    expect(sentOptions(saved(stored), (c) => (c.options = [...c.options, { value: '2', zh: '历史', en: '' }]))).toBe(
      JSON.stringify([
        { value: 1, zh: '小说', en: 'Novel' },
        { value: 2, zh: '历史' },
      ]),
    );
    expect(sentOptions(saved(stored), (c) => (c.options = []))).toBeNull();
  });

  it('a stored list the grid cannot read whole is written anew, so that it can be corrected or cleared', () => {
    expect(sentOptions(saved('not json'))).toBeNull();
    // a value without its Chinese label: shown empty in the editor, which asks for it; the server refuses it as it is
    expect(sentOptions(saved('[{"value":1,"zh":"小说"},{"value":2}]'))).toBe(
      JSON.stringify([
        { value: 1, zh: '小说' },
        { value: 2, zh: '' },
      ]),
    );
    expect(enumProblem(columnFromRow(saved('[{"value":1,"zh":"小说"},{"value":2}]')).options, 'int', null)?.key).toBe('datasources.grid.enumZhRequired');
    // a value the column cannot hold: the grid shows it, the server refuses it, and the person corrects it in the grid
    expect(enumProblem(columnFromRow(saved('[{"value":"a","zh":"甲"}]')).options, 'int', null)).toEqual({
      key: 'datasources.grid.enumNumber',
      values: { n: 1 },
    });
  });

  it('a number column’s values are numbers, a text column’s text, whatever was typed', () => {
    const typed = (type: string) => sentOptions(saved(null, type), (c) => (c.options = [{ value: ' 3 ', zh: ' 三 ', en: ' Three ' }]));
    expect(typed('int')).toBe(JSON.stringify([{ value: 3, zh: '三', en: 'Three' }]));
    expect(typed('nvarchar')).toBe(JSON.stringify([{ value: '3', zh: '三', en: 'Three' }]));
    expect(enumProblem([{ value: 'abc', zh: '甲', en: '' }], 'nvarchar', 2)).toEqual({ key: 'datasources.grid.enumTooLong', values: { n: 1, length: 2 } });
    expect(enumProblem([{ value: '1.5', zh: '甲', en: '' }], 'int', null)?.key).toBe('datasources.grid.enumInteger');
    expect(enumProblem([{ value: '1.5', zh: '甲', en: '' }], 'money', null)).toBeUndefined();
  });
});

describe('the tables a column may reference', () => {
  const meta = (flag: string, more: Partial<TableMeta>): TableMeta => ({
    flag,
    title: { zh: flag, en: flag },
    softDelete: false,
    source: 10000,
    primaryKey: 'id',
    dynamic: false,
    columns: [{ name: 'id', type: 'int', title: { zh: 'ID', en: 'ID' }, required: false, filterable: true, sortable: true }],
    ...more,
  });
  const metas = [
    meta('questionsClass', { referable: true }),
    meta('sys_user', {}),
    meta('shelf', { dynamic: true }),
    meta('remote', { dynamic: true, source: 7 }),
  ];
  const column = (columnName: string, saved: boolean) => ({ ...newColumn(), columnName, ...(saved ? { id: 1 } : {}) });

  it('follow the server’s rule: this table, operator tables of the same source, referable built-in ones on the local database', () => {
    const columns = [column('id', true), column('name', false), column('parent', false), column('later', false)];
    const targets = referenceTargets(metas, { tableName: 'book', sourceId: 10000, columns, column: columns[2]!.key }, 'zh-CN', () => '本表');
    expect(targets.map((x) => x.flag)).toEqual(['book', 'questionsClass', 'shelf']);
    // this table is shown by a saved column or a new one written before the referencing one (the server checks it then)
    expect(targets[0]!.labels.map((l) => l.name)).toEqual(['id', 'name']);
    // another source: its own operator tables only
    expect(referenceTargets(metas, { tableName: 'book', sourceId: 7, columns }, 'zh-CN', () => '本表').map((x) => x.flag)).toEqual(['book', 'remote']);
  });
});
