import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import type { MenuRow, TableMeta } from '@qb/contracts';
import ManageLayout from '../src/shell/ManageLayout.tsx';
import { useTabsStore } from '../src/app/stores.ts';
import { setLanguage } from '../src/i18n/index.ts';
import { applyLayout, parseLayout } from '../src/crud/layoutRecord.ts';
import { pageConfigFromMeta } from '../src/crud/configFromMeta.ts';
import { fakeFetch, ok, renderWithApp, type FakeCall } from './helpers.tsx';

/** A table with a generated page (/manage/book) and a menu that opens it. */
const book: TableMeta = {
  flag: 'book',
  title: { zh: '图书', en: 'Books' },
  softDelete: true,
  source: 10000,
  primaryKey: 'id',
  dynamic: true,
  columns: [
    { name: 'title', type: 'nvarchar', title: { zh: '书名', en: 'Title' }, required: true, filterable: true, sortable: true, search: 'input' },
    {
      name: 'genre',
      type: 'int',
      title: { zh: '类别', en: 'Genre' },
      required: false,
      filterable: true,
      sortable: true,
      search: 'select',
      enum: [
        { value: 1, label: { zh: '小说', en: 'Novel' } },
        { value: 2, label: { zh: '历史', en: 'History' } },
      ],
    },
    { name: 'price', type: 'money', title: { zh: '价格', en: 'Price' }, required: false, filterable: true, sortable: true },
    { name: 'isbn', type: 'nvarchar', title: { zh: '书号', en: 'ISBN' }, required: false, filterable: true, sortable: true, ui: { hidden: true } },
  ],
};
const menuRows: MenuRow[] = [
  { id: 1, name: '首页', url: '/manage/home', parentMenu: 0, display: 1 },
  { id: 2, name: '图书', url: '/manage/book', parentMenu: 0, display: 1 },
].map((r) => ({ menuType: 1, icon: null, menuMark: null, sortNum: 0, intro: null, createTime: '', ...r }));

let layoutRows: Record<string, unknown>[];
let layoutStatus: number;
let calls: FakeCall[];

beforeEach(async () => {
  await setLanguage('zh-CN');
  useTabsStore.getState().reset();
  layoutStatus = 200;
  layoutRows = [];
  calls = fakeFetch((call) => {
    const path = call.url.pathname;
    const flag = call.url.searchParams.get('_flag');
    if (path === '/api/system/menu/') return ok(menuRows);
    if (path === '/api/user/userInfo/') return ok([{ id: 1, loginid: 'admin', name: '管理员' }]);
    if (path === '/api/schema/book') return ok(book);
    if (path === '/api/select/' && flag === 'book') return ok([{ id: 1, title: '红楼梦', genre: 1, price: 39.9, isbn: '978-7' }], { total: 1 });
    if (path === '/api/system/layout/') {
      if (layoutStatus !== 200) return { status: layoutStatus, body: { status: false, success: false, message: '没有访问权限，拒绝访问', code: 'FORBIDDEN' } };
      const menuId = Number(call.url.searchParams.get('menuId'));
      return ok(layoutRows.find((r) => r.menuId === menuId) ?? null);
    }
    return ok([]);
  });
});
afterEach(() => vi.unstubAllGlobals());

function renderShell(path: string) {
  return renderWithApp(
    <Routes>
      <Route path="/manage/*" element={<ManageLayout />} />
    </Routes>,
    { path },
  );
}
const headersOf = (table: HTMLElement) => [...table.querySelectorAll('thead th')].map((th) => th.textContent?.trim()).filter(Boolean);
const searchLabels = () => [...screen.getByTestId('search-bar').querySelectorAll('label')].map((l) => l.textContent?.trim()).filter(Boolean);

describe('a generated page renders from its menu’s layout record', () => {
  it('lists, searches and edits only what the layout names, in its order', async () => {
    layoutRows = [
      {
        id: 5,
        menuId: 2,
        layout: JSON.stringify({ flag: 'book', columns: ['price', 'title', 'isbn'], search: ['title', 'price'], formFields: ['title', 'genre'] }),
      },
    ];
    renderShell('/manage/book');
    const table = await screen.findByTestId('crud-table');
    expect(await within(table).findByText('红楼梦')).toBeTruthy();
    // genre is not listed; isbn (hidden by the metadata) is; the layout's order
    expect(headersOf(table)).toEqual(['价格', '书名', '书号', '操作']);
    // read through the page's own grant: the layout call of its menu, not a select of sys_layList
    const read = calls.find((c) => c.url.pathname === '/api/system/layout/')!.url.searchParams;
    expect(read.get('menuId')).toBe('2');
    expect(calls.some((c) => c.url.searchParams.get('_flag') === 'sys_layList')).toBe(false);
    // the search bar: title and price, not genre
    expect(searchLabels()).toEqual(['价格', '书名']);
    // the dialog: title and genre only
    await userEvent.click(screen.getByTestId('toolbar-add'));
    const dialog = (await screen.findByTestId('schema-dialog-submit')).closest<HTMLElement>('[role="dialog"]')!;
    expect(within(dialog).getByLabelText('书名')).toBeTruthy();
    expect(within(dialog).queryByLabelText('价格')).toBeNull();
    expect(within(dialog).getByText('类别')).toBeTruthy();
  }, 60_000);

  it('without a record, or when the record cannot be read, shows the table as its metadata says', async () => {
    layoutStatus = 403;
    renderShell('/manage/book');
    const table = await screen.findByTestId('crud-table');
    expect(await within(table).findByText('红楼梦')).toBeTruthy();
    expect(headersOf(table)).toEqual(['书名', '类别', '价格', '操作']);
    // the refusal is not shown to the person: the page just has no layout
    expect(screen.queryByText('没有访问权限，拒绝访问')).toBeNull();
  }, 60_000);
});

describe('applyLayout / parseLayout', () => {
  it('ignores what is not a layout and columns the table lacks', () => {
    expect(parseLayout('')).toBeUndefined();
    expect(parseLayout('{nope')).toBeUndefined();
    expect(parseLayout(JSON.stringify({ columns: ['a'] }))).toBeUndefined();
    const layout = parseLayout(JSON.stringify({ flag: 'book', columns: ['gone', 'price'], search: 'x', formFields: [1, 'title'] }))!;
    expect(layout).toEqual({ flag: 'book', columns: ['gone', 'price'], search: [], formFields: ['title'] });
    const config = pageConfigFromMeta(book, applyLayout({ key: 'book', flag: 'book' }, book, layout), { lang: 'zh-CN' });
    expect(config.fields.filter((f) => f.column !== false).map((f) => f.name)).toEqual(['price']);
    expect(config.fields.filter((f) => f.search).map((f) => f.name)).toEqual([]);
    expect(config.form.fields.map((f) => ('name' in f ? f.name : ''))).toEqual(['title']);
  });

  it('a search field the metadata does not offer becomes one (a dropdown for an enumeration)', () => {
    const layout = { flag: 'book', columns: ['title'], search: ['genre', 'price'], formFields: ['title'] };
    const config = pageConfigFromMeta(book, applyLayout({ key: 'book', flag: 'book' }, book, layout), { lang: 'zh-CN' });
    expect(config.fields.filter((f) => f.search).map((f) => [f.name, f.search])).toEqual([
      ['genre', { kind: 'select' }],
      ['price', {}],
    ]);
  });
});
