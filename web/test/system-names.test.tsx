import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import ManageLayout from '../src/shell/ManageLayout.tsx';
import { useTabMenuStore, useTabsStore } from '../src/app/stores.ts';
import { setLanguage } from '../src/i18n/index.ts';
import { fakeFetch, ok, renderWithApp } from './helpers.tsx';
import { menuMeta } from './systemMeta.ts';

/** Issue 19 #13: names in the page's language, icons on every level, a tab named by the menu that opened it. */
const menus = [
  { id: 1, name: '系统管理', parentMenu: 0, icon: 'SettingOutlined', url: '', sortNum: 9 },
  { id: 2, name: '菜单管理', parentMenu: 1, icon: 'BellOutlined', url: '/manage/menu', sortNum: 2 },
  { id: 3, name: '示例页面', parentMenu: 0, icon: null, url: '', sortNum: 1 },
  { id: 4, name: '测试列表', parentMenu: 3, icon: null, url: '/manage/testList', sortNum: 2 },
  { id: 5, name: '我的菜单', parentMenu: 3, icon: null, url: '/manage/menu', sortNum: 1 },
].map((r) => ({ menuType: 1, menuMark: null, display: 1, intro: null, createTime: '', ...r }));

beforeEach(async () => {
  await setLanguage('zh-CN');
  useTabsStore.getState().reset();
  useTabMenuStore.setState({ menuOf: {} });
  fakeFetch((call) => {
    const path = call.url.pathname;
    if (path === '/api/system/menu/') return ok(menus);
    if (path === '/api/user/userInfo/') return ok([{ id: 1, loginid: 'admin', name: '管理员', isAdmin: true }]);
    if (path === '/api/schema/sys_menu') return ok(menuMeta);
    if (path === '/api/select/' && call.url.searchParams.get('_flag') === 'sys_menu') return ok(menus, { total: menus.length });
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

describe('names and icons of menus', () => {
  it('菜单管理 names seeded menus in English as the navigation does', async () => {
    await setLanguage('en-US');
    renderShell('/manage/menu');
    const table = await screen.findByTestId('crud-table');
    await within(table).findByText('System', { exact: true });
    // the parent column too, once the branch is open
    await userEvent.click(within(table).getAllByRole('button', { name: /展开|Expand/ })[0]!);
    await waitFor(() => expect(within(table).getAllByText('System', { exact: true }).length).toBeGreaterThanOrEqual(2));
    expect(within(table).queryByText('系统管理', { exact: true })).toBeNull();
    // an operator's name stays as typed
    expect(within(screen.getByTestId('nav-menu')).getByText('System', { exact: true })).toBeTruthy();
  }, 60_000);

  it('a second-level item shows the icon picked for it', async () => {
    renderShell('/manage/menu');
    const nav = await screen.findByTestId('nav-menu');
    const item = (await within(nav).findByText('菜单管理', { exact: true })).closest('li')!;
    expect(item.querySelector('.anticon-bell')).not.toBeNull();
    // an item with no icon picked shows none below the first level
    await userEvent.click(within(nav).getByText('示例页面', { exact: true }));
    const plain = (await within(nav).findByText('测试列表', { exact: true })).closest('li')!;
    expect(plain.querySelector('.anticon')).toBeNull();
  }, 60_000);

  it('of two menus leading to one page, the tab has the name of the one clicked', async () => {
    renderShell('/manage/menu');
    const nav = await screen.findByTestId('nav-menu');
    await waitFor(() => expect(document.title).toMatch(/^菜单管理 - /));
    await userEvent.click(await within(nav).findByText('示例页面', { exact: true }));
    await userEvent.click(await within(nav).findByText('我的菜单', { exact: true }));
    await waitFor(() => expect(document.title).toMatch(/^我的菜单 - /));
    // the item clicked is the one highlighted
    expect(within(nav).getByText('我的菜单', { exact: true }).closest('li')!.className).toContain('ant-menu-item-selected');
  }, 60_000);
});
