import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import DataManaPage from '../src/pages/datasources/DataManaPage.tsx';
import { setLanguage } from '../src/i18n/index.ts';
import { fakeFetch, ok, renderWithApp, type FakeCall } from './helpers.tsx';
import { connSqlMeta, dataSheetMeta, tableFieldsMeta } from './datasources-fixtures.ts';
import { newColumn, recordsCreator, withCreator } from '../src/pages/datasources/columnDraft.ts';

// Issue 33 #1: 记录创建人 in the table dialog adds the int column createdBy to the definition (the server fills it with
// the inserting account), shows checked when the definition has it, and removes it (a saved one marked isdelete 1).
let calls: FakeCall[];
let fields: Record<string, unknown>[];
const sheets = [{ id: 5, tableName: 'book', intro: '图书', parentid: 10000, created: 1 }];
const field = (id: number, columnName: string, type: string, intro: string) => ({
  id,
  parentid: 5,
  columnName,
  type,
  length: type === 'nvarchar' ? 50 : null,
  defaults: null,
  primaryKey: 0,
  nonEmpty: 0,
  autoIncrement: 0,
  intro,
});

beforeEach(async () => {
  await setLanguage('zh-CN');
  fields = [field(11, 'title', 'nvarchar', '书名')];
  calls = fakeFetch((call) => {
    const flag = call.url.searchParams.get('_flag');
    if (call.url.pathname === '/api/user/userInfo/') return ok([{ id: 1, loginid: 'admin', name: '管理员', isAdmin: true }]);
    if (call.url.pathname === '/api/schema/sys_dataSheet') return ok(dataSheetMeta);
    if (call.url.pathname === '/api/schema/sys_tableFields') return ok(tableFieldsMeta);
    if (call.url.pathname === '/api/schema/sys_connsql') return ok(connSqlMeta);
    if (call.url.pathname === '/api/select/' && flag === 'sys_connsql') return ok([], { total: 0 });
    if (call.url.pathname === '/api/select/' && flag === 'sys_dataSheet') return ok(sheets, { total: 1 });
    if (call.url.pathname === '/api/select/' && flag === 'sys_tableFields') return ok(fields, { total: fields.length });
    if (call.url.pathname === '/api/action/masterSlave/') return ok({ id: 5, created: false, children: [] });
    return { status: 404, body: { status: false, message: 'not here' } };
  });
});
afterEach(() => vi.unstubAllGlobals());

const saved = () => calls.filter((c) => c.url.pathname === '/api/action/masterSlave/');
const children = (n = 0) => (saved()[n]!.body as { chidrenData: Record<string, unknown>[] }).chidrenData;

async function editBook() {
  renderWithApp(<DataManaPage />);
  await screen.findByText('book');
  await userEvent.click(screen.getByTestId('row-edit'));
  const root = (await screen.findByTestId('table-save')).closest<HTMLElement>('[role="dialog"]')!;
  await waitFor(() => expect(within(root).getAllByTestId('column-name')).toHaveLength(fields.length));
  return root;
}
const box = (root: HTMLElement) => within(root).getByRole('checkbox', { name: '记录创建人' }) as HTMLInputElement;

describe('记录创建人', () => {
  it('adds the int column createdBy when checked, and drops the new one when unchecked again', async () => {
    const root = await editBook();
    expect(box(root).checked).toBe(false);
    await userEvent.click(box(root));
    expect(box(root).checked).toBe(true);
    expect(
      within(root)
        .getAllByTestId('column-name')
        .map((i) => (i as HTMLInputElement).value),
    ).toEqual(['title', 'createdBy']);
    await userEvent.click(box(root));
    expect(within(root).getAllByTestId('column-name')).toHaveLength(1);
    await userEvent.click(box(root));
    await userEvent.click(within(root).getByTestId('table-save'));
    await waitFor(() => expect(saved()).toHaveLength(1));
    expect(children()).toEqual([
      expect.objectContaining({ id: 11, columnName: 'title', isdelete: 0 }),
      expect.objectContaining({ columnName: 'createdBy', type: 'int', length: null, intro: '创建人', titleEn: 'Created by', isdelete: 0 }),
    ]);
    expect(children()[1]).not.toHaveProperty('id');
  });

  it('shows a saved createdBy checked; unchecking marks it deleted', async () => {
    fields = [field(11, 'title', 'nvarchar', '书名'), field(12, 'createdBy', 'int', '创建人')];
    const root = await editBook();
    expect(box(root).checked).toBe(true);
    await userEvent.click(box(root));
    expect(box(root).checked).toBe(false);
    expect(within(root).getAllByTestId('column-name')).toHaveLength(1);
    await userEvent.click(within(root).getByTestId('table-save'));
    await waitFor(() => expect(saved()).toHaveLength(1));
    expect(children().map((c) => [c.id, c.columnName, c.isdelete])).toEqual([
      [11, 'title', 0],
      [12, 'createdBy', 1],
    ]);
  });

  it('brings a saved createdBy back, with its id, when unchecked and checked again', async () => {
    fields = [field(11, 'title', 'nvarchar', '书名'), field(12, 'createdBy', 'int', '创建人')];
    const root = await editBook();
    await userEvent.click(box(root));
    await userEvent.click(box(root));
    expect(box(root).checked).toBe(true);
    expect(within(root).getAllByTestId('column-name')).toHaveLength(2);
    await userEvent.click(within(root).getByTestId('table-save'));
    await waitFor(() => expect(saved()).toHaveLength(1));
    expect(children().map((c) => [c.id, c.columnName, c.type, c.isdelete])).toEqual([
      [11, 'title', 'nvarchar', 0],
      [12, 'createdBy', 'int', 0],
    ]);
  });
});

describe('withCreator', () => {
  it('makes a column already named createdBy the creator column rather than adding a second one', () => {
    const other = { ...newColumn(), columnName: 'createdBy', type: 'nvarchar', length: 50, primaryKey: 1 as const, refTable: 'x', refLabel: 'name' };
    expect(recordsCreator([other])).toBe(false);
    const next = withCreator([other], true);
    expect(next).toHaveLength(1);
    expect(next[0]).toMatchObject({ columnName: 'createdBy', type: 'int', length: null, primaryKey: 0, refTable: '', isdelete: 0 });
    expect(recordsCreator(next)).toBe(true);
    expect(withCreator(next, false)).toEqual([]);
  });
});
