import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import type { MenuRow } from '@qb/contracts';
import ManageLayout from '../src/shell/ManageLayout.tsx';
import { useTabsStore } from '../src/app/stores.ts';
import { setLanguage } from '../src/i18n/index.ts';
import { fakeFetch, ok, renderWithApp } from './helpers.tsx';
import { operationLogMeta, roleMeta } from './systemMeta.ts';
import { questionBankMeta, subjects } from './scopeFixtures.ts';

/** Issue 33 #4: 操作日志 reads a grant's 数据范围 (`[menuId, actions, rowFilterJSON]`) as 权限管理 shows it. */
const menuRows: MenuRow[] = [
  { id: 1, name: '首页', url: '/manage/home', parentMenu: 0, display: 1 },
  { id: 2, name: '操作日志', url: '/manage/sys_operationLog', parentMenu: 0, display: 1 },
  { id: 5, name: '题库', url: '/manage/questionBank', parentMenu: 0, display: 1 },
].map((r) => ({ menuType: 1, icon: null, menuMark: null, sortNum: 0, intro: null, createTime: '', ...r }));

const entry = {
  id: 8,
  loginid: 'admin',
  flag: 'sys_role',
  action: 'grants',
  rowId: '2',
  changes: JSON.stringify([
    {
      column: 'grants',
      before: '[[5,"view"]]',
      after: JSON.stringify([[5, 'view,save', JSON.stringify({ parentId: 6, name: { type: 'like', value: '税' } })]]),
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
    if (path === '/api/schema/') return ok([operationLogMeta, roleMeta, questionBankMeta]);
    if (path === '/api/select/' && flag === 'sys_operationLog') return ok([entry], { total: 1 });
    if (path === '/api/select/' && flag === 'questionsClass') {
      const ids = (JSON.parse(call.url.searchParams.get('wheres') ?? '{}') as { id?: number[] }).id ?? [];
      return ok(
        subjects.filter((s) => ids.includes(s.id)),
        { total: ids.length },
      );
    }
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

describe('操作日志: a grant’s 数据范围', () => {
  it('reads the filter by column titles, operators and the referenced row’s name', async () => {
    renderShell();
    await waitFor(async () => expect(await lines()).toEqual(['授权: 题库（查看） → 题库（查看、保存；数据范围：所属科目 = 申论，且 题目 包含“税”）']));
  }, 60_000);

  it('in English too', async () => {
    await setLanguage('en-US');
    renderShell();
    await waitFor(async () =>
      expect(await lines()).toEqual(['Grants: Questions (view) → Questions (view, save; data scope: Subject = 申论 and Question contains "税")']),
    );
  }, 60_000);
});
