import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import type { MenuRow } from '@qb/contracts';
import ManageLayout from '../src/shell/ManageLayout.tsx';
import { useTabsStore } from '../src/app/stores.ts';
import { setLanguage } from '../src/i18n/index.ts';
import { fakeFetch, ok, renderWithApp } from './helpers.tsx';
import { operationLogMeta, roleMeta } from './systemMeta.ts';
import { memberMeta } from './fieldRulesFixtures.ts';

/**
 * Issue 33 #4: 操作日志 reads a grant's field rules, the 4th element of a logged grant
 * (`[menuId, actions, rowFilterJSON | null, fieldRulesJSON]`), by the page's column titles.
 */
const menuRows: MenuRow[] = [
  { id: 1, name: '首页', url: '/manage/home', parentMenu: 0, display: 1 },
  { id: 2, name: '操作日志', url: '/manage/sys_operationLog', parentMenu: 0, display: 1 },
  { id: 7, name: '小程序用户管理', url: '/manage/member', parentMenu: 0, display: 1 },
].map((r) => ({ menuType: 1, icon: null, menuMark: null, sortNum: 0, intro: null, createTime: '', ...r }));

const entry = {
  id: 9,
  loginid: 'admin',
  flag: 'sys_role',
  action: 'grants',
  rowId: '2',
  changes: JSON.stringify([
    {
      column: 'grants',
      before: '[[7,"view"]]',
      after: JSON.stringify([[7, 'view,save', null, JSON.stringify({ hidden: ['phone'], readOnly: ['gender'] })]]),
    },
  ]),
};

beforeEach(async () => {
  await setLanguage('zh-CN');
  useTabsStore.getState().reset();
  fakeFetch((call) => {
    const path = call.url.pathname;
    const flag = call.url.searchParams.get('_flag');
    if (path === '/api/system/menu/') return ok(menuRows);
    if (path === '/api/user/userInfo/') return ok([{ id: 1, loginid: 'admin', name: '管理员', isAdmin: true }]);
    if (path === '/api/schema/sys_operationLog') return ok(operationLogMeta);
    if (path === '/api/schema/') return ok([operationLogMeta, roleMeta, memberMeta]);
    if (path === '/api/select/' && flag === 'sys_operationLog') return ok([entry], { total: 1 });
    return ok([]);
  });
});
afterEach(() => vi.unstubAllGlobals());

const renderShell = () =>
  renderWithApp(
    <Routes>
      <Route path="/manage/*" element={<ManageLayout />} />
    </Routes>,
    { path: '/manage/sys_operationLog' },
  );
const lines = async () =>
  [...(await within(await screen.findByTestId('crud-table')).findByTestId('changes-cell')).querySelectorAll('.qb-changes-line')].map((l) => l.textContent);

describe('操作日志: a grant’s 字段权限', () => {
  it('reads the hidden and read-only columns by their titles', async () => {
    renderShell();
    await waitFor(async () => expect(await lines()).toEqual(['授权: 小程序用户管理（查看） → 小程序用户管理（查看、保存；隐藏：手机号；只读：性别）']));
  }, 60_000);

  it('in English too', async () => {
    await setLanguage('en-US');
    renderShell();
    await waitFor(async () => expect(await lines()).toEqual(['Grants: Members (view) → Members (view, save; hidden: Phone; read-only: Gender)']));
  }, 60_000);
});
