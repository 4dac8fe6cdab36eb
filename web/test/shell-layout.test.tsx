import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { useState } from 'react';
import type { MenuRow } from '@qb/contracts';
import ManageLayout from '../src/shell/ManageLayout.tsx';
import { findManageRoute } from '../src/pages/manageRoutes.ts';
import { useUnsavedChanges } from '../src/app/pageContext.ts';
import { useTabsStore } from '../src/app/stores.ts';
import { setLanguage } from '../src/i18n/index.ts';
import { fakeFetch, ok, renderWithApp } from './helpers.tsx';

/** A page with a form, standing in for the later content pages. */
function FormPage() {
  const [text, setText] = useState('');
  useUnsavedChanges(text !== '');
  return <input aria-label="draft" value={text} onChange={(e) => setText(e.target.value)} />;
}

const menuRows: MenuRow[] = [
  { id: 1, name: '系统管理', url: '', parentMenu: 0, display: 1 },
  { id: 2, name: '菜单管理', url: '/manage/menu', parentMenu: 1, display: 1 },
  { id: 3, name: '权限管理', url: '/manage/permission', parentMenu: 1, display: 1 },
  { id: 4, name: '隐藏项', url: '/manage/user', parentMenu: 1, display: 0 },
  { id: 5, name: '帮助文档', url: 'https://example.com/help', parentMenu: 0, display: 1, menuType: 2 },
].map((r) => ({ menuType: 1, icon: null, menuMark: null, sortNum: 0, intro: null, createTime: '', ...r }));

function Where() {
  return <div data-testid="where">{useLocation().pathname}</div>;
}

function renderShell(path: string) {
  return renderWithApp(
    <>
      <Routes>
        <Route path="/manage/*" element={<ManageLayout />} />
      </Routes>
      <Where />
    </>,
    { path },
  );
}

const tabTitles = () => [...screen.getByTestId('tags-track').querySelectorAll('.qb-tag-title')].map((e) => e.textContent);
const tabByTitle = (title: string) => screen.getAllByRole('tab').find((t) => t.textContent?.includes(title))!;

beforeAll(() => {
  Object.assign(findManageRoute('/manage/menu')!, { load: async () => FormPage, preload: async () => FormPage });
});
beforeEach(async () => {
  await setLanguage('zh-CN');
  useTabsStore.getState().reset();
  fakeFetch((call) => {
    if (call.url.pathname === '/api/system/menu/') return ok(menuRows);
    if (call.url.pathname === '/api/user/userInfo/') return ok([{ id: 1, loginid: 'admin', name: '管理员' }]);
    return ok({});
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('shell', () => {
  it('builds the menu from the server rows (display 1 only) and opens pages in tabs', async () => {
    renderShell('/manage/permission');
    const menu = await screen.findByTestId('nav-menu');
    expect(await within(menu).findByText('系统管理')).toBeTruthy();
    expect(within(menu).queryByText('隐藏项')).toBeNull();
    expect(await screen.findByText('管理员')).toBeTruthy();
    expect(tabTitles()).toEqual(['首页', '权限管理']);
    expect(await screen.findByTestId('permission-page')).toBeTruthy();

    await userEvent.click(within(menu).getByText('菜单管理'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/manage/menu'));
    await waitFor(() => expect(tabTitles()).toEqual(['首页', '权限管理', '菜单管理']));
  });

  it('opens external links in a new window', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderShell('/manage/permission');
    await userEvent.click(await screen.findByText('帮助文档'));
    expect(open).toHaveBeenCalledWith('https://example.com/help', '_blank', 'noopener,noreferrer');
    expect(screen.getByTestId('where').textContent).toBe('/manage/permission');
  });

  it('keeps a hidden tab alive and asks 确定要关闭这一页吗? before closing unsaved edits', async () => {
    renderShell('/manage/permission');
    await userEvent.click(await screen.findByText('系统管理'));
    await userEvent.click(await screen.findByText('菜单管理'));
    await userEvent.type(await screen.findByLabelText('draft'), 'half done');

    // switching tabs keeps the edit
    await userEvent.click(tabByTitle('权限管理'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/manage/permission'));
    await userEvent.click(tabByTitle('菜单管理'));
    await waitFor(() => expect((screen.getByLabelText('draft') as HTMLInputElement).value).toBe('half done'));

    const closeMenuTab = () => userEvent.click(within(tabByTitle('菜单管理')).getByTestId('tag-close'));
    await closeMenuTab();
    expect(await screen.findByText('确定要关闭这一页吗?')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /取\s*消/ }));
    await waitFor(() => expect(screen.queryByText('确定要关闭这一页吗?')).toBeNull());
    expect(tabTitles()).toEqual(['首页', '权限管理', '菜单管理']);

    await closeMenuTab();
    await userEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(tabTitles()).toEqual(['首页', '权限管理']));
    // the closed tab was the last: its left neighbour is selected
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/manage/permission'));
  });

  it('a tab without edits closes at once and selects its right neighbour', async () => {
    useTabsStore.setState({ tabs: ['/manage/home', '/manage/permission', '/manage/connSql'], active: '/manage/permission' });
    renderShell('/manage/permission');
    await screen.findByTestId('permission-page');
    await userEvent.click(within(tabByTitle('权限管理')).getByTestId('tag-close'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/manage/connSql'));
    expect(tabTitles()).toEqual(['首页', '数据源管理']);
  });
});
