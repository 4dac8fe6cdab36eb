import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TableMeta } from '@qb/contracts';
import DataManaPage from '../src/pages/datasources/DataManaPage.tsx';
import { setLanguage } from '../src/i18n/index.ts';
import { fakeFetch, ok, renderWithApp, type FakeCall } from './helpers.tsx';
import { connSqlMeta, dataSheetMeta, tableFieldsMeta } from './datasources-fixtures.ts';

// Issue 31 #3: the column grid of 数据库管理 gives a column an English title, a choice list and a reference, and
// sends them with the definition; a saved definition reopens with them.

const GENRES = JSON.stringify([
  { value: 1, zh: '小说', en: 'Novel', color: 'blue' },
  { value: 2, zh: '历史', en: 'History' },
]);
const sheets = [{ id: 5, tableName: 'book', intro: '图书', titleEn: 'Books', parentid: 10000, created: 1 }];
const fields = [
  { id: 11, parentid: 5, columnName: 'id', type: 'int', length: null, primaryKey: 1, nonEmpty: 1, autoIncrement: 1, intro: '编号', titleEn: 'No.' },
  { id: 12, parentid: 5, columnName: 'title', type: 'nvarchar', length: 80, primaryKey: 0, nonEmpty: 1, autoIncrement: 0, intro: '书名', titleEn: 'Title' },
  {
    id: 13,
    parentid: 5,
    columnName: 'genre',
    type: 'int',
    length: 50,
    primaryKey: 0,
    nonEmpty: 0,
    autoIncrement: 0,
    intro: '类别',
    titleEn: 'Genre',
    options: GENRES,
  },
  {
    id: 14,
    parentid: 5,
    columnName: 'shelf',
    type: 'int',
    length: 50,
    primaryKey: 0,
    nonEmpty: 0,
    autoIncrement: 0,
    intro: '书架',
    titleEn: 'Shelf',
    refTable: 'shelf',
    refLabel: 'label',
  },
];
const meta = (flag: string, zh: string, en: string, more: Partial<TableMeta>, columns: [string, 'int' | 'nvarchar', string, string][]): TableMeta => ({
  flag,
  title: { zh, en },
  softDelete: true,
  source: 10000,
  primaryKey: 'id',
  dynamic: false,
  ...more,
  columns: columns.map(([name, type, czh, cen]) => ({ name, type, title: { zh: czh, en: cen }, required: false, filterable: true, sortable: true })),
});
/** what GET /api/schema/ answers an administrator: built-in tables (one referable), operator tables on two sources */
const allTables: TableMeta[] = [
  meta('questionsClass', '考题科目', 'Subjects', { referable: true }, [
    ['id', 'int', 'ID', 'ID'],
    ['name', 'nvarchar', '科目名称', 'Subject name'],
  ]),
  meta('sys_user', '用户', 'Users', {}, [
    ['id', 'int', 'ID', 'ID'],
    ['name', 'nvarchar', '姓名', 'Name'],
  ]),
  meta('shelf', '书架', 'Shelves', { dynamic: true }, [
    ['id', 'int', '编号', 'No.'],
    ['label', 'nvarchar', '标签', 'Label'],
  ]),
  meta('region', '地区', 'Regions', { dynamic: true, primaryKey: 'code' }, [
    ['code', 'nvarchar', '代码', 'Code'],
    ['name', 'nvarchar', '名称', 'Name'],
  ]),
  meta('remote', '远程表', 'Remote', { dynamic: true, source: 7 }, [['id', 'int', '编号', 'No.']]),
];
allTables[3]!.columns[0]!.length = 10;

let calls: FakeCall[];
beforeEach(async () => {
  await setLanguage('zh-CN');
  calls = fakeFetch((call) => {
    const flag = call.url.searchParams.get('_flag');
    const path = call.url.pathname;
    if (path === '/api/user/userInfo/') return ok([{ id: 1, loginid: 'admin', name: '管理员', isAdmin: true }]);
    if (path === '/api/schema/sys_dataSheet') return ok(dataSheetMeta);
    if (path === '/api/schema/sys_tableFields') return ok(tableFieldsMeta);
    if (path === '/api/schema/sys_connsql') return ok(connSqlMeta);
    if (path === '/api/schema/') return ok(allTables);
    if (path === '/api/select/' && flag === 'sys_connsql') return ok([], { total: 0 });
    if (path === '/api/select/' && flag === 'sys_dataSheet') return ok(sheets, { total: 1 });
    if (path === '/api/select/' && flag === 'sys_tableFields') return ok(fields, { total: fields.length });
    if (path === '/api/action/masterSlave/') return ok({ id: 5, created: false, children: [] });
    return { status: 404, body: { status: false, message: 'not here' } };
  });
});
afterEach(() => vi.unstubAllGlobals());

const saved = () =>
  calls
    .filter((c) => c.url.pathname === '/api/action/masterSlave/')
    .map((c) => c.body as { mainData: Record<string, unknown>; chidrenData: Record<string, unknown>[] });
const dialog = async () => (await screen.findByTestId('table-save')).closest<HTMLElement>('[role="dialog"]')!;
/** the dialog opened last (the grid's editors open over the table dialog) */
const topDialog = async (testId: string) => (await screen.findByTestId(testId)).closest<HTMLElement>('.ant-modal')!;

/** Opens an antd select and answers the texts of its open dropdown's options. */
async function openSelect(select: HTMLElement): Promise<HTMLElement> {
  await userEvent.click(select.querySelector<HTMLElement>('.ant-select-content, .ant-select-selector') ?? select);
  return waitFor(() => {
    const open = [...document.querySelectorAll<HTMLElement>('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')].at(-1);
    if (!open) throw new Error('no dropdown');
    return open;
  });
}
/** what a grid button shows (its name adds the column, for a screen reader) */
const shown = (button: HTMLElement) => button.querySelector('span:not(.qb-sr-only)')?.textContent;
const optionTexts = (dropdown: HTMLElement) => [...dropdown.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent);
const pick = async (dropdown: HTMLElement, text: string) =>
  userEvent.click([...dropdown.querySelectorAll<HTMLElement>('.ant-select-item-option')].find((o) => o.textContent === text)!);

async function editBook() {
  renderWithApp(<DataManaPage />);
  await screen.findByText('book');
  await userEvent.click(screen.getByTestId('row-edit'));
  const root = await dialog();
  await waitFor(() => expect(within(root).getAllByTestId('column-name')).toHaveLength(4));
  return root;
}

describe('数据库管理: English titles, choice lists and references in the column grid', () => {
  it('reopens a saved definition with all three, and sends them back unchanged', async () => {
    const root = await editBook();
    const heads = [...root.querySelectorAll('.qb-column-grid thead th')].map((th) => th.textContent);
    expect(heads).toEqual(expect.arrayContaining(['英文名称', '枚举值', '引用表']));
    expect(within(root).getByTestId('form-field-titleEn').querySelector('input')!.value).toBe('Books');
    expect(
      within(root)
        .getAllByTestId('column-title-en')
        .map((i) => (i as HTMLInputElement).value),
    ).toEqual(['No.', 'Title', 'Genre', 'Shelf']);
    expect(within(root).getAllByTestId('column-options').map(shown)).toEqual(['设置', '设置', '2 项', '设置']);
    // named by what they show and the column
    expect(within(root).getByRole('button', { name: '2 项, 枚举值 · genre' })).toBeTruthy();
    expect(within(root).getByRole('button', { name: 'shelf.label, 引用表 · shelf' })).toBeTruthy();
    expect(within(root).getAllByTestId('column-reference').map(shown)).toEqual(['设置', '设置', '设置', 'shelf.label']);
    // a reference column's type follows its key
    expect(within(root).getAllByTestId('column-type')[3]!.className).toContain('disabled');

    await userEvent.click(within(root).getByTestId('table-save'));
    await waitFor(() => expect(saved()).toHaveLength(1));
    const [body] = saved();
    expect(body!.mainData).toMatchObject({ id: 5, tableName: 'book', intro: '图书', titleEn: 'Books' });
    expect(body!.chidrenData.map((c) => [c.columnName, c.titleEn, c.options, c.refTable, c.refLabel])).toEqual([
      ['id', 'No.', null, null, null],
      ['title', 'Title', null, null, null],
      ['genre', 'Genre', GENRES, null, null],
      ['shelf', 'Shelf', null, 'shelf', 'label'],
    ]);
  });

  it('a choice list is edited value by value, checked against the column type, and sent as the server stores it', async () => {
    const root = await editBook();
    await userEvent.click(within(root).getAllByTestId('column-options')[2]!);
    const editor = await topDialog('options-editor');
    expect(within(editor).getByText('枚举值 · genre')).toBeTruthy();
    const values = () => within(editor).getAllByLabelText('值') as HTMLInputElement[];
    expect(values().map((i) => i.value)).toEqual(['1', '2']);
    await userEvent.click(within(editor).getByTestId('options-add'));
    await userEvent.type(values()[2]!, 'x');
    await userEvent.type((within(editor).getAllByLabelText('中文名称') as HTMLInputElement[])[2]!, '传记');
    await userEvent.click(within(editor).getByTestId('options-ok'));
    // an int column holds integers: refused in the editor, the editor stays open
    expect((await within(editor).findByTestId('options-problem')).textContent).toContain('第 3 项的值须是数字');
    await userEvent.clear(values()[2]!);
    await userEvent.type(values()[2]!, '2');
    await userEvent.click(within(editor).getByTestId('options-ok'));
    expect((await within(editor).findByTestId('options-problem')).textContent).toContain('值 2 重复');
    await userEvent.clear(values()[2]!);
    await userEvent.type(values()[2]!, '3');
    await userEvent.type((within(editor).getAllByLabelText('英文名称') as HTMLInputElement[])[2]!, 'Biography');
    // the first value is removed
    await userEvent.click(within(editor).getAllByRole('button', { name: '删除此项' })[0]!);
    await userEvent.click(within(editor).getByTestId('options-ok'));
    await waitFor(() => expect(shown(within(root).getAllByTestId('column-options')[2]!)).toBe('2 项'));

    await userEvent.click(within(root).getByTestId('table-save'));
    await waitFor(() => expect(saved()).toHaveLength(1));
    const genre = saved()[0]!.chidrenData.find((c) => c.columnName === 'genre')!;
    expect(JSON.parse(String(genre.options))).toEqual([
      { value: 2, zh: '历史', en: 'History' },
      { value: 3, zh: '传记', en: 'Biography' },
    ]);
  });

  it('a reference offers only the tables the rules allow, gives the column its key’s type and excludes a choice list', async () => {
    const root = await editBook();
    await userEvent.click(within(root).getByTestId('column-add'));
    const names = within(root).getAllByTestId('column-name');
    await userEvent.type(names[4]!, 'region');
    await userEvent.type(within(root).getAllByTestId('column-title-en')[4]!, 'Region');
    await userEvent.click(within(root).getAllByTestId('column-reference')[4]!);
    const picker = await topDialog('reference-table');
    const tables = await openSelect(within(picker).getByTestId('reference-table'));
    // this table (a tree), operator tables of the same source, referable built-in tables; never a system table or another source's
    expect(optionTexts(tables)).toEqual(['本表（book）', '考题科目（questionsClass）', '书架（shelf）', '地区（region）']);
    await pick(tables, '地区（region）');
    // the label defaults to name; the note says the type
    await waitFor(() => expect(within(picker).getByTestId('reference-label').textContent).toContain('名称（name）'));
    expect(within(picker).getByText('字段类型将随被引用表的主键 code：nvarchar')).toBeTruthy();
    await userEvent.click(within(picker).getByTestId('reference-ok'));
    await waitFor(() => expect(shown(within(root).getAllByTestId('column-reference')[4]!)).toBe('region.name'));
    // an enumeration and a reference exclude each other
    expect(within(root).getAllByTestId('column-options')[4]!.hasAttribute('disabled')).toBe(true);
    expect(within(root).getAllByTestId('column-reference')[2]!.hasAttribute('disabled')).toBe(true);

    // the book's own key for a tree: an int
    await userEvent.click(within(root).getAllByTestId('column-reference')[3]!);
    const again = await topDialog('reference-table');
    await pick(await openSelect(within(again).getByTestId('reference-table')), '本表（book）');
    await pick(await openSelect(within(again).getByTestId('reference-label')), '书名（title）');
    await userEvent.click(within(again).getByTestId('reference-ok'));
    await waitFor(() => expect(shown(within(root).getAllByTestId('column-reference')[3]!)).toBe('book.title'));

    await userEvent.click(within(root).getByTestId('table-save'));
    await waitFor(() => expect(saved()).toHaveLength(1));
    const sent = saved()[0]!.chidrenData;
    expect(sent.find((c) => c.columnName === 'region')).toMatchObject({
      type: 'nvarchar',
      length: 10,
      titleEn: 'Region',
      refTable: 'region',
      refLabel: 'name',
      options: null,
    });
    expect(sent.find((c) => c.columnName === 'shelf')).toMatchObject({ type: 'int', refTable: 'book', refLabel: 'title' });
  });

  it('in English the grid reads the metadata’s English titles', async () => {
    await setLanguage('en-US');
    const root = await editBook();
    const heads = [...root.querySelectorAll('.qb-column-grid thead th')].map((th) => th.textContent);
    expect(heads).toEqual(expect.arrayContaining(['English title', 'Enumeration', 'Referenced table']));
    expect(shown(within(root).getAllByTestId('column-options')[2]!)).toBe('Values: 2');
  });
});
