import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ColumnMeta, TableMeta } from '@qb/contracts';
import { RolePage } from '../src/pages/content/RolePages.tsx';
import { UserPage } from '../src/pages/content/UserPages.tsx';
import { setLanguage } from '../src/i18n/index.ts';
import { fakeFetch, ok, renderWithApp, type FakeCall } from './helpers.tsx';
import { roleMeta } from './systemMeta.ts';

/**
 * Issue 19 #2 and #9 on the role and account pages: a role in use is not deleted and the confirm's refusal is the
 * server's message as it is (no "连接错误409"); 分配角色 shows live roles only, says 保存成功, and a refused save is
 * said without an uncaught error; 重置密码 says that the password was reset, for whom, and that it must change.
 */
const IN_USE = '该角色“编辑部”仍被以下数据使用，不能删除：子角色 1 个（编辑组）；账号 1 个（zhangsan）';
const col = (name: string, type: ColumnMeta['type'], zh: string, extra: Partial<ColumnMeta> = {}): ColumnMeta => ({
  name,
  type,
  title: { zh, en: name },
  required: false,
  filterable: true,
  sortable: true,
  ...extra,
});
const userMeta: TableMeta = {
  softDelete: true,
  source: 10000,
  primaryKey: 'id',
  dynamic: false,
  flag: 'sys_user',
  title: { zh: '用户', en: 'Users' },
  columns: [col('loginid', 'nvarchar', '账号', { required: true }), col('name', 'nvarchar', '姓名', { required: true })],
};

let calls: FakeCall[];
let refuseRoles: boolean;
const roles = [
  { id: 1, name: '超级管理员', parentId: 0, department: '总部', enable: 1, isAdmin: 1 },
  { id: 5, name: '编辑部', parentId: 0, department: 'ed', enable: 1, isAdmin: 0 },
];

beforeEach(async () => {
  await setLanguage('zh-CN');
  refuseRoles = false;
  calls = fakeFetch((call) => {
    const path = call.url.pathname;
    if (path === '/api/schema/sys_role') return ok(roleMeta);
    if (path === '/api/schema/sys_user') return ok(userMeta);
    if (path === '/api/user/userInfo/') return ok([{ id: 1, loginid: 'admin', name: '管理员', isAdmin: true }]);
    if (path === '/api/select/' && call.url.searchParams.get('_flag') === 'sys_role') return ok(roles, { total: roles.length });
    if (path === '/api/user/list/') return ok([{ id: 9, loginid: 'zhangsan', name: '张三' }], { total: 1 });
    if (path === '/api/action/delete/') return { status: 409, body: { status: false, success: false, code: 'ROW_IN_USE', message: IN_USE } };
    // an account's roles as an earlier release left them: 7 was deleted
    if (path === '/api/user/roles/' && call.method === 'GET') return ok({ roleIds: [5, 7] });
    if (path === '/api/user/roles/') {
      return refuseRoles
        ? { status: 404, body: { status: false, success: false, code: 'ROW_NOT_FOUND', message: '数据不存在或已删除：sys_role #7' } }
        : ok(undefined);
    }
    if (path === '/api/user/resetPassword/') return ok({ password: 'abc123' });
    return ok([]);
  });
});
afterEach(() => vi.restoreAllMocks());
afterEach(() => vi.unstubAllGlobals());

const confirmBox = () => document.querySelector<HTMLElement>('.ant-modal-confirm')!;

describe('a role in use, and the account actions', () => {
  it('deleting a role in use shows the server’s message as it is, and keeps the row', async () => {
    const errors = vi.spyOn(console, 'error');
    renderWithApp(<RolePage />);
    const table = await screen.findByTestId('crud-table');
    await within(table).findByText('编辑部');
    const row = within(table).getByText('编辑部').closest('tr')!;
    await userEvent.click(within(row).getByTestId('row-delete'));
    await userEvent.click(await screen.findByTestId('confirm-delete'));
    expect(await screen.findByText(IN_USE)).toBeTruthy();
    expect(screen.queryByText(/连接错误/)).toBeNull();
    expect(screen.queryByText('删除成功')).toBeNull();
    expect(within(table).getByText('编辑部')).toBeTruthy();
    expect(errors).not.toHaveBeenCalled();
  });

  it('分配角色 offers live roles only, says 保存成功, and a refused save is said without an uncaught error', async () => {
    const errors = vi.spyOn(console, 'error');
    const rejections: unknown[] = [];
    const onRejection = (e: PromiseRejectionEvent | unknown) => rejections.push(e);
    process.on('unhandledRejection', onRejection);
    try {
      renderWithApp(<UserPage />);
      const table = await screen.findByTestId('crud-table');
      await within(table).findByText('zhangsan');
      await userEvent.click(within(table).getByRole('button', { name: '分配角色' }));
      const picker = await screen.findByTestId('user-roles-select');
      // the deleted role 7 is no tag "7"
      expect(within(picker).getByText('编辑部')).toBeTruthy();
      expect(within(picker).queryByText('7')).toBeNull();
      await userEvent.click(within(confirmBox()).getByRole('button', { name: /保\s*存/ }));
      expect(await screen.findByText('保存成功')).toBeTruthy();
      const saved = calls.filter((c) => c.url.pathname === '/api/user/roles/' && c.method === 'POST');
      expect(saved[0]!.body).toEqual({ id: 9, roleIds: [5] });

      refuseRoles = true;
      await waitFor(() => expect(document.querySelector('.ant-modal-confirm')).toBeNull());
      await userEvent.click(within(table).getByRole('button', { name: '分配角色' }));
      await screen.findByTestId('user-roles-select');
      await userEvent.click(within(confirmBox()).getByRole('button', { name: /保\s*存/ }));
      expect(await screen.findByText('数据不存在或已删除：sys_role #7')).toBeTruthy();
      await new Promise((r) => setTimeout(r, 50));
      expect(rejections).toEqual([]);
      expect(errors).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', onRejection);
    }
  });

  it('重置密码 says whose password was reset and that it must be changed at the first login', async () => {
    renderWithApp(<UserPage />);
    const table = await screen.findByTestId('crud-table');
    await within(table).findByText('zhangsan');
    await userEvent.click(within(table).getByRole('button', { name: '重置密码' }));
    await userEvent.click(within(confirmBox()).getByRole('button', { name: /确\s*定/ }));
    const notice = await screen.findByTestId('reset-password');
    expect(notice.textContent).toContain('账号 zhangsan 的密码已重置为 abc123 ，请妥善保存并告知本人，首次登录须修改。');
    expect(notice.textContent).not.toContain('新增');
  });
});
