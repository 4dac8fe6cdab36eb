import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import type { MenuRow, TableMeta } from '@qb/contracts';
import ManageLayout from '../src/shell/ManageLayout.tsx';
import { useTabsStore } from '../src/app/stores.ts';
import { setLanguage } from '../src/i18n/index.ts';
import { fakeFetch, ok, renderWithApp, type FakeCall } from './helpers.tsx';

/** A table an operator defined at run time: the web has no code for it, only what GET /api/schema/book answers. */
const book: TableMeta = {
  flag: 'book',
  title: { zh: '图书', en: 'Books' },
  softDelete: true,
  source: 10000,
  primaryKey: 'id',
  dynamic: true,
  columns: [
    { name: 'id', type: 'int', title: { zh: '编号', en: 'id' }, required: false, filterable: true, sortable: true, serverFilled: true },
    { name: 'title', type: 'nvarchar', length: 80, title: { zh: '书名', en: 'Title' }, required: true, filterable: true, sortable: true, search: 'input' },
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
  ],
};

const menuRows: MenuRow[] = [
  { id: 1, name: '首页', url: '/manage/home', parentMenu: 0, display: 1 },
  // a menu an operator added for the table: its name is data, in Chinese
  { id: 2, name: '图书', url: '/manage/book', parentMenu: 0, display: 1 },
].map((r) => ({ menuType: 1, icon: null, menuMark: null, sortNum: 0, intro: null, createTime: '', ...r }));
let rows: Record<string, unknown>[];
let calls: FakeCall[];

beforeEach(async () => {
  await setLanguage('zh-CN');
  useTabsStore.getState().reset();
  rows = [{ id: 1, title: '红楼梦', genre: 1, price: 39.9 }];
  calls = fakeFetch((call) => {
    const path = call.url.pathname;
    if (path === '/api/system/menu/') return ok(menuRows);
    if (path === '/api/user/userInfo/') return ok([{ id: 1, loginid: 'admin', name: '管理员' }]);
    if (path === '/api/schema/book') return ok(book);
    if (path.startsWith('/api/schema/'))
      return { status: 400, body: { status: false, success: false, message: `未知的数据表：${path.split('/')[3]}`, code: 'UNKNOWN_FLAG' } };
    if (path === '/api/select/' && call.url.searchParams.get('_flag') === 'book') return ok(rows, { total: rows.length });
    if (path === '/api/action/save/') {
      rows = [{ id: 2, ...(call.body as { params: Record<string, unknown> }).params }, ...rows];
      return ok({ id: 2, created: true });
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

const tabTitles = () => [...screen.getByTestId('tags-track').querySelectorAll('.qb-tag-title')].map((e) => e.textContent);

describe('a page for a table the web has no code for (/manage/:name)', () => {
  it('lists the rows with the metadata’s titles and labels and titles its tab by the table', async () => {
    renderShell('/manage/book');
    const table = await screen.findByTestId('crud-table');
    expect(await within(table).findByText('红楼梦')).toBeTruthy();
    const headers = [...table.querySelectorAll('thead th')].map((th) => th.textContent?.trim()).filter(Boolean);
    expect(headers).toEqual(['编号', '书名', '类别', '价格', '操作']);
    expect(within(table).getByText('小说')).toBeTruthy();
    expect(within(table).getByText('39.90')).toBeTruthy();
    await waitFor(() => expect(tabTitles()).toEqual(['首页', '图书']));
    // the search bar offers what the metadata says
    const bar = within(screen.getByTestId('search-bar'));
    expect(bar.getByLabelText('书名')).toBeTruthy();
    expect(bar.getByLabelText('类别')).toBeTruthy();
  });

  it('adds a row through the dialog the metadata describes', async () => {
    renderShell('/manage/book');
    const table = await screen.findByTestId('crud-table');
    await within(table).findByText('红楼梦');
    await userEvent.click(screen.getByTestId('toolbar-add'));
    const submit = await screen.findByTestId('schema-dialog-submit');
    const dialog = submit.closest<HTMLElement>('[role="dialog"]')!;
    expect(within(dialog).getByText('新增 · 图书')).toBeTruthy();
    // the key is filled by the server: not a field
    expect(within(dialog).queryByLabelText('编号')).toBeNull();
    await userEvent.click(submit);
    expect(await within(dialog).findByText('请输入书名')).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText('书名'), '史记');
    await userEvent.click(within(dialog).getByText('历史'));
    await userEvent.click(submit);
    expect(await screen.findByText('保存成功')).toBeTruthy();
    const save = calls.find((c) => c.url.pathname === '/api/action/save/')!;
    expect(save.body).toEqual({ _flag: 'book', params: { title: '史记', genre: 2 } });
    expect(await within(table).findByText('史记')).toBeTruthy();
  }, 60_000);

  it('shows the tab’s and the menu’s title in English from the metadata', async () => {
    await setLanguage('en-US');
    renderShell('/manage/book');
    await screen.findByTestId('crud-table');
    await waitFor(() => expect(tabTitles()).toEqual(['Home', 'Books']));
    expect(within(screen.getByTestId('nav-menu')).getByText('Books')).toBeTruthy();
    expect(screen.getByText('Novel')).toBeTruthy();
  });

  it('an unknown table is the not-found page, with no tab and no error toast', async () => {
    const first = renderShell('/manage/nosuchtable');
    expect(await screen.findByTestId('not-found')).toBeTruthy();
    expect(calls.some((c) => c.url.pathname === '/api/schema/nosuchtable')).toBe(true);
    expect(tabTitles()).toEqual(['首页']);
    expect(screen.queryByText('未知的数据表：nosuchtable')).toBeNull();
    // a path that cannot name a table is not even asked about (the first page is gone, and only the second path is looked
    // for: the first one's query may still ask again in the background, which is not what this checks)
    first.unmount();
    renderShell('/manage/not-a-table');
    expect(await screen.findByTestId('not-found')).toBeTruthy();
    expect(calls.some((c) => c.url.pathname.startsWith('/api/schema/') && c.url.pathname.includes('not-a-table'))).toBe(false);
  });
});
