import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import ManageLayout from '../src/shell/ManageLayout.tsx';
import MenuPage from '../src/pages/system/MenuPage.tsx';
import { GeneratedPageParent } from '../src/pages/system/GeneratedPageParent.tsx';
import { loadEditDialog } from '../src/crud/CrudPage.tsx';
import { findManageRoute } from '../src/pages/manageRoutes.ts';
import { useTabMenuStore, useTabsStore } from '../src/app/stores.ts';
import { setLanguage } from '../src/i18n/index.ts';
import { fakeFetch, ok, renderWithApp, type FakeCall } from './helpers.tsx';
import { menuMeta, operationLogMeta } from './systemMeta.ts';

/**
 * Issue 31 #4: a menu's English name (sys_menu.nameEn) names it in English — navigation, tab, page title and 菜单管理's
 * list — and falls back when empty as before (a seeded name translated, else the title of the page it opens, else
 * the name as stored); 菜单管理's dialog edits it.
 */
const menus = [
  { id: 1, name: '题库管理', nameEn: 'Question bank', parentMenu: 0, url: '', sortNum: 9 },
  { id: 2, name: '题库', nameEn: null, parentMenu: 1, url: '/manage/questionBank', sortNum: 3 },
  { id: 3, name: '常用题库', nameEn: 'Favourite questions', parentMenu: 1, url: '/manage/questionBank', sortNum: 2 },
  { id: 4, name: '我的菜单', nameEn: '', parentMenu: 1, url: '/manage/menu', sortNum: 1 },
  { id: 5, name: '公告', nameEn: null, parentMenu: 0, url: 'https://example.com/notice', sortNum: 1, menuType: 2 },
  // a group of an operator's, empty (not in the navigation; 生成页面 offers it)
  { id: 6, name: '我的分组', nameEn: 'My group', parentMenu: 0, url: '', sortNum: 0 },
].map((r) => ({ menuType: 1, icon: null, menuMark: null, display: 1, intro: null, createTime: '', ...r }));

// a role's grants changed: 操作日志 names the menus
const logRows = [
  {
    id: 1,
    createTime: '2026-11-25 10:00:00',
    loginid: 'admin',
    flag: 'sys_role',
    action: 'grants',
    rowId: '5',
    changes: JSON.stringify([{ column: 'grants', before: [[2, 'view']], after: [[3, 'view']] }]),
  },
];

let calls: FakeCall[];
let rows: Record<string, unknown>[];

function Stub() {
  return <div data-testid="stub-page" />;
}

beforeAll(async () => {
  // the pages behind the menus are others' (their own tests): here only their names
  Object.assign(findManageRoute('/manage/questionBank')!, { load: async () => Stub, preload: async () => Stub });
  await loadEditDialog();
}, 300_000);

beforeEach(async () => {
  await setLanguage('en-US');
  useTabsStore.getState().reset();
  useTabMenuStore.setState({ menuOf: {} });
  rows = menus.map((m) => ({ ...m }));
  calls = fakeFetch((call) => {
    const path = call.url.pathname;
    if (path === '/api/system/menu/') return ok(menus);
    if (path === '/api/user/userInfo/') return ok([{ id: 1, loginid: 'admin', name: 'Admin', isAdmin: true }]);
    if (path === '/api/schema/sys_menu') return ok(menuMeta);
    if (path === '/api/select/' && call.url.searchParams.get('_flag') === 'sys_menu') return ok(rows, { total: rows.length });
    if (path === '/api/schema/sys_operationLog') return ok(operationLogMeta);
    if (path === '/api/select/' && call.url.searchParams.get('_flag') === 'sys_operationLog') return ok(logRows, { total: logRows.length });
    if (path === '/api/action/save/') return ok({ id: 9, created: true });
    return ok([]);
  });
});
afterEach(() => vi.unstubAllGlobals());

const renderShell = (path: string) =>
  renderWithApp(
    <Routes>
      <Route path="/manage/*" element={<ManageLayout />} />
    </Routes>,
    { path },
  );
const tabTitles = () => [...screen.getByTestId('tags-track').querySelectorAll('.qb-tag-title')].map((e) => e.textContent);
const saves = () =>
  calls
    .filter((c) => c.url.pathname === '/api/action/save/' && (c.body as { _flag: string })._flag === 'sys_menu')
    .map((c) => (c.body as { params: Record<string, unknown> }).params);
const openedDialog = async () => (await screen.findByTestId('schema-dialog-submit')).closest<HTMLElement>('[role="dialog"]')!;

describe('English names of menus', () => {
  it('names a menu by its English name in the navigation, the tab and the page title; empty, it falls back as before', async () => {
    renderShell('/manage/questionBank');
    const nav = await screen.findByTestId('nav-menu');
    await userEvent.click(await within(nav).findByText('Question bank', { exact: true }));
    // 常用题库 is not a second "Questions"; 题库 (no English name) is its seeded translation; 我的菜单 the page it opens
    const labels = async () => [...nav.querySelectorAll('.ant-menu-sub .ant-menu-title-content')].map((e) => e.textContent?.trim());
    await waitFor(async () => expect(await labels()).toEqual(['Questions', 'Favourite questions', 'Menus']));
    // an operator's menu without an English name stays as stored
    expect(within(nav).getByText('公告', { exact: false })).toBeTruthy();

    await userEvent.click(within(nav).getByText('Favourite questions', { exact: true }));
    await waitFor(() => expect(tabTitles()).toEqual(['Home', 'Favourite questions']));
    await waitFor(() => expect(document.title).toMatch(/^Favourite questions - /));
    expect(within(screen.getByRole('main')).getAllByText('Favourite questions').length).toBeGreaterThan(0);
  }, 60_000);

  it('shows the Chinese names in Chinese, whatever the English names', async () => {
    await setLanguage('zh-CN');
    renderShell('/manage/questionBank');
    const nav = await screen.findByTestId('nav-menu');
    await userEvent.click(await within(nav).findByText('题库管理', { exact: true }));
    expect(await within(nav).findByText('常用题库', { exact: true })).toBeTruthy();
    expect(within(nav).queryByText('Favourite questions')).toBeNull();
  }, 60_000);

  it('菜单管理 lists a menu by its English name in English (its whole name as the title), else as the navigation falls back', async () => {
    renderWithApp(<MenuPage />);
    const table = await screen.findByTestId('crud-table');
    await userEvent.click(await within(table).findByRole('button', { name: /Expand/ }));
    const favourite = await within(table).findByText('Favourite questions', { exact: true });
    expect(favourite.getAttribute('title')).toBe('Favourite questions');
    expect(within(table).getAllByText('Question bank', { exact: true }).length).toBeGreaterThanOrEqual(1);
    // a seeded name without an English one is translated; an operator's is shown as stored
    expect(within(table).getByText('Questions', { exact: true })).toBeTruthy();
    expect(within(table).getByText('我的菜单', { exact: true })).toBeTruthy();
    expect(within(table).queryByText('常用题库')).toBeNull();
  }, 60_000);

  it("菜单管理's dialog edits the English name", async () => {
    renderWithApp(<MenuPage />);
    const table = await screen.findByTestId('crud-table');
    await userEvent.click(await within(table).findByRole('button', { name: /Expand/ }));
    const row = (await within(table).findByText('Favourite questions', { exact: true })).closest('tr')!;
    await userEvent.click(within(row).getByTestId('row-edit'));
    const dialog = await openedDialog();
    const field = within(dialog).getByLabelText('English name') as HTMLInputElement;
    // right below the name it translates
    const labels = [...dialog.querySelectorAll('.ant-form-item-label label')].map((l) => l.textContent?.trim());
    expect(labels.slice(labels.indexOf('Menu name'), labels.indexOf('Menu name') + 2)).toEqual(['Menu name', 'English name']);
    await waitFor(() => expect(field.value).toBe('Favourite questions'));
    expect(field.maxLength).toBe(100);
    await userEvent.clear(field);
    await userEvent.type(field, 'Starred questions');
    await userEvent.click(within(dialog).getByTestId('schema-dialog-submit'));
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]).toMatchObject({ id: 3, name: '常用题库', nameEn: 'Starred questions' });
  }, 60_000);

  it("生成页面's choice of a group names the groups by their English names", async () => {
    renderWithApp(<GeneratedPageParent onChange={() => undefined} />);
    await userEvent.click(within(await screen.findByTestId('generated-page-parent')).getByRole('combobox'));
    expect(await screen.findByText('My group', { exact: true })).toBeTruthy();
    expect(screen.getByText('Question bank', { exact: true })).toBeTruthy();
    expect(screen.queryByText('我的分组')).toBeNull();
  }, 60_000);

  it('操作日志 names the menus of a grant by their English names', async () => {
    renderShell('/manage/sys_operationLog');
    const cell = await within(await screen.findByTestId('crud-table')).findByTestId('changes-cell');
    await waitFor(() => expect(cell.textContent).toContain('Grants: Questions (view) → Favourite questions (view)'));
  }, 60_000);

  it('adds a menu with its English name (英文名称 in Chinese)', async () => {
    await setLanguage('zh-CN');
    renderWithApp(<MenuPage />);
    await screen.findByText('题库管理');
    await userEvent.click(screen.getByTestId('toolbar-add'));
    const dialog = await openedDialog();
    await userEvent.type(within(dialog).getByLabelText('菜单名称'), '公告栏');
    await userEvent.type(within(dialog).getByLabelText('英文名称'), 'Notices');
    await userEvent.click(within(dialog).getByTestId('schema-dialog-submit'));
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]).toMatchObject({ name: '公告栏', nameEn: 'Notices', parentMenu: 0 });
  }, 60_000);
});
