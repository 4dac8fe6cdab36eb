import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import type { MenuRow, TableMeta } from '@qb/contracts';
import { LOGIN_LOG_REASONS } from '@qb/contracts/loginReasons';
import ManageLayout from '../src/shell/ManageLayout.tsx';
import { useTabsStore } from '../src/app/stores.ts';
import i18n, { setLanguage } from '../src/i18n/index.ts';
import { loginReasonKey } from '../src/pages/system/loginLog.tsx';
import { fakeFetch, ok, renderWithApp } from './helpers.tsx';
import { operationLogMeta } from './systemMeta.ts';

/** Issue 19 #12: logs a person can read, in both languages, with the stored record one click away. */
const menuRows: MenuRow[] = [
  { id: 1, name: '首页', url: '/manage/home', parentMenu: 0, display: 1 },
  { id: 2, name: '操作日志', url: '/manage/sys_operationLog', parentMenu: 0, display: 1 },
  { id: 3, name: '登录日志', url: '/manage/sys_loginLog', parentMenu: 0, display: 1 },
  { id: 4, name: '菜单管理', url: '/manage/menu', parentMenu: 0, display: 1 },
].map((r) => ({ menuType: 1, icon: null, menuMark: null, sortNum: 0, intro: null, createTime: '', ...r }));

const col = (name: string, zh: string, en: string, extra: Partial<TableMeta['columns'][number]> = {}): TableMeta['columns'][number] => ({
  name,
  type: 'nvarchar',
  title: { zh, en },
  required: false,
  filterable: true,
  sortable: true,
  ...extra,
});
const memberMeta: TableMeta = {
  flag: 'sys_member',
  title: { zh: '小程序用户管理', en: 'Members' },
  softDelete: true,
  source: 10000,
  primaryKey: 'id',
  dynamic: false,
  columns: [
    col('name', '昵称', 'Nickname'),
    col('gender', '性别', 'Gender', {
      type: 'int',
      enum: [
        { value: 1, label: { zh: '男', en: 'Male' } },
        { value: 2, label: { zh: '女', en: 'Female' } },
      ],
    }),
  ],
};
const roleMeta: TableMeta = { ...memberMeta, flag: 'sys_role', title: { zh: '角色管理', en: 'Roles' }, columns: [col('name', '角色名称', 'Role name')] };
const loginLogMeta: TableMeta = {
  ...memberMeta,
  flag: 'sys_loginLog',
  title: { zh: '登录日志', en: 'Login log' },
  readOnly: true,
  columns: [col('loginid', '账号', 'Account'), col('reason', '原因', 'Reason')],
};

const opRows = [
  {
    id: 9,
    loginid: 'admin',
    flag: 'sys_member',
    action: 'save',
    rowId: '3',
    changes: JSON.stringify([
      { column: 'name', before: '张三', after: '李四' },
      { column: 'gender', before: 1, after: 2 },
    ]),
  },
  {
    id: 8,
    loginid: 'admin',
    flag: 'sys_role',
    action: 'grants',
    rowId: '2',
    changes: JSON.stringify([{ column: 'grants', before: '[[4,"view"]]', after: '[[4,"view,save"],[3,"view"]]' }]),
  },
];
const loginRows = LOGIN_LOG_REASONS.map((reason, i) => ({ id: i + 1, loginid: `u${i}`, reason }));

beforeEach(async () => {
  await setLanguage('zh-CN');
  useTabsStore.getState().reset();
  fakeFetch((call) => {
    const path = call.url.pathname;
    const flag = call.url.searchParams.get('_flag');
    if (path === '/api/system/menu/') return ok(menuRows);
    if (path === '/api/user/userInfo/') return ok([{ id: 1, loginid: 'admin', name: '管理员', isAdmin: true }]);
    if (path === '/api/schema/sys_operationLog') return ok(operationLogMeta);
    if (path === '/api/schema/sys_loginLog') return ok(loginLogMeta);
    if (path === '/api/schema/') return ok([memberMeta, roleMeta, operationLogMeta, loginLogMeta]);
    if (path === '/api/select/' && flag === 'sys_operationLog') return ok(opRows, { total: opRows.length });
    if (path === '/api/select/' && flag === 'sys_loginLog') return ok(loginRows, { total: loginRows.length });
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
const cellLines = (cell: HTMLElement) => [...cell.querySelectorAll('.qb-changes-line')].map((l) => l.textContent);

describe('登录日志: reasons', () => {
  it('every reason the server can write has a label of its own in both languages', async () => {
    for (const lang of ['zh-CN', 'en-US'] as const) {
      await setLanguage(lang);
      const labels = LOGIN_LOG_REASONS.map((r) => i18n.t(loginReasonKey(r)));
      for (const [i, label] of labels.entries()) {
        expect(i18n.exists(loginReasonKey(LOGIN_LOG_REASONS[i]!)), `${lang} ${LOGIN_LOG_REASONS[i]}`).toBe(true);
        expect(label).not.toBe(LOGIN_LOG_REASONS[i]);
      }
      expect(new Set(labels).size).toBe(labels.length);
    }
  });

  it('the 原因 column shows the labels, not the keys', async () => {
    renderShell('/manage/sys_loginLog');
    const table = await screen.findByTestId('crud-table');
    await within(table).findByText('账号或密码错误');
    expect(within(table).getByText('验证码错误')).toBeTruthy();
    expect(within(table).queryByText('loginWrong')).toBeNull();
    expect(within(table).queryByText('captchaMissing')).toBeNull();
  }, 60_000);

  it('in English too', async () => {
    await setLanguage('en-US');
    renderShell('/manage/sys_loginLog');
    const table = await screen.findByTestId('crud-table');
    await within(table).findByText('Wrong account or password');
    expect(within(table).getByText('Password change required')).toBeTruthy();
    expect(within(table).queryByText('accountDisabled')).toBeNull();
  }, 60_000);
});

describe('操作日志: titles, labels and values in the page language', () => {
  it('names the table by its title, the fields by their labels, values as the table shows them, grants by menu name', async () => {
    renderShell('/manage/sys_operationLog');
    const table = await screen.findByTestId('crud-table');
    await within(table).findByText('小程序用户管理');
    expect(within(table).queryByText('sys_member')).toBeNull();
    await waitFor(async () => expect(cellLines((await within(table).findAllByTestId('changes-cell'))[0]!)).toEqual(['昵称: 张三 → 李四', '性别: 男 → 女']));
    const cells = within(table).getAllByTestId('changes-cell');
    await waitFor(() => expect(cellLines(cells[1]!)).toEqual(['授权: 菜单管理（查看） → 菜单管理（查看、保存）、登录日志（查看）']));
    // the stored record is one click away
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await user.click(cells[0]!);
    await screen.findByTestId('changes-full');
    await user.click(await screen.findByTestId('changes-raw-toggle'));
    const raw = JSON.parse((await screen.findByTestId('changes-raw')).textContent!);
    expect(raw).toMatchObject({
      flag: 'sys_member',
      rowId: '3',
      changes: [
        { column: 'name', before: '张三', after: '李四' },
        { column: 'gender', before: 1, after: 2 },
      ],
    });
  }, 60_000);

  it('in English too', async () => {
    await setLanguage('en-US');
    renderShell('/manage/sys_operationLog');
    const table = await screen.findByTestId('crud-table');
    await within(table).findByText('Members');
    const cells = await within(table).findAllByTestId('changes-cell');
    await waitFor(() => expect(cellLines(cells[0]!)).toEqual(['Nickname: 张三 → 李四', 'Gender: Male → Female']));
    await waitFor(() => expect(cellLines(cells[1]!)).toEqual(['Grants: Menus (view) → Menus (view, save), Login log (view)']));
  }, 60_000);
});
