import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RolePage } from '../src/pages/content/RolePages.tsx';
import { setLanguage } from '../src/i18n/index.ts';
import { fakeFetch, ok, renderWithApp, type FakeCall } from './helpers.tsx';
import { roleMeta } from './systemMeta.ts';

let roles: Record<string, unknown>[];
let calls: FakeCall[];
let user: Record<string, unknown>;
let refuseSave: boolean;

beforeEach(async () => {
  await setLanguage('zh-CN');
  refuseSave = false;
  user = { isAdmin: true };
  roles = [
    { id: 1, name: '超级管理员', parentId: 0, department: '总部', enable: 1, isAdmin: 1 },
    { id: 2, name: '运营', parentId: 1, department: '运营部', enable: 1, isAdmin: 0 },
  ];
  calls = fakeFetch((call) => {
    const path = call.url.pathname;
    if (path === '/api/schema/sys_role') return ok(roleMeta);
    if (path === '/api/user/userInfo/') return ok([{ id: 1, loginid: 'admin', name: '管理员', ...user }]);
    if (path === '/api/select/' && call.url.searchParams.get('_flag') === 'sys_role') return ok(roles, { total: roles.length });
    if (path === '/api/action/save/') {
      if (refuseSave) return { status: 409, body: { status: false, success: false, message: '系统至少需要一个启用的管理员', code: 'LAST_ADMIN' } };
      const params = (call.body as { params: Record<string, unknown> }).params;
      if (params.id) roles = roles.map((r) => (r.id === params.id ? { ...r, ...params } : r));
      else roles = [...roles, { id: 3, ...params }];
      return ok({ id: params.id ?? 3, created: !params.id });
    }
    return ok([]);
  });
});
afterEach(() => vi.unstubAllGlobals());

const saves = () => calls.filter((c) => c.url.pathname === '/api/action/save/').map((c) => (c.body as { params: Record<string, unknown> }).params);
const openedDialog = async () => (await screen.findByTestId('schema-dialog-submit')).closest<HTMLElement>('[role="dialog"]')!;

describe('角色管理', () => {
  it('lists the roles as a tree and adds a child role under a parent picked in the tree select', async () => {
    renderWithApp(<RolePage />);
    const table = await screen.findByTestId('crud-table');
    expect(await within(table).findByText('超级管理员')).toBeTruthy();
    // every role read at once, the tree built here
    const read = calls.find((c) => c.url.searchParams.get('_flag') === 'sys_role')!.url.searchParams;
    expect(read.get('row')).toBe('99999');
    expect(within(table).queryByText('运营部')).toBeNull();
    await userEvent.click(await within(table).findByRole('button', { name: '展开' }));
    expect(await within(table).findByText('运营部')).toBeTruthy();

    await userEvent.click(screen.getByTestId('toolbar-add'));
    const dialog = await openedDialog();
    // name and department are required
    await userEvent.click(within(dialog).getByTestId('schema-dialog-submit'));
    expect(await within(dialog).findByText('请输入角色名称')).toBeTruthy();
    expect(within(dialog).getByText('请输入部门名称')).toBeTruthy();
    expect(saves()).toHaveLength(0);
    await userEvent.type(within(dialog).getByLabelText('角色名称'), '编辑');
    await userEvent.type(within(dialog).getByLabelText('部门名称'), '内容部');
    // the parent: 顶级角色 until one is picked from the tree
    const parent = within(dialog).getByTestId('role-parent');
    expect(parent.textContent).toContain('顶级角色');
    await userEvent.click(parent.querySelector('.ant-select-selector') ?? parent);
    await userEvent.click(await within(await waitFor(() => document.querySelector<HTMLElement>('.ant-select-tree')!)).findByTitle('运营'));
    await userEvent.click(within(dialog).getByTestId('schema-dialog-submit'));
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]).toMatchObject({ name: '编辑', department: '内容部', parentId: 2 });
  }, 60_000);

  it('the enable switch saves at once; a refusal leaves it as it was', async () => {
    renderWithApp(<RolePage />);
    const sw = await screen.findByTestId('role-enable-1');
    expect(sw.getAttribute('aria-checked')).toBe('true');
    await userEvent.click(sw);
    await waitFor(() => expect(saves()).toEqual([{ id: 1, enable: 0 }]));
    expect(await screen.findByText('保存成功')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('role-enable-1').getAttribute('aria-checked')).toBe('false'));
    refuseSave = true;
    await userEvent.click(screen.getByTestId('role-enable-1'));
    await waitFor(() => expect(saves()).toHaveLength(2));
    expect(await screen.findByText(/系统至少需要一个启用的管理员/)).toBeTruthy();
    expect(screen.getByTestId('role-enable-1').getAttribute('aria-checked')).toBe('false');
  }, 60_000);

  it('a role without the save grant cannot toggle nor add', async () => {
    user = { isAdmin: false, grants: { sys_role: ['view'] } };
    renderWithApp(<RolePage />);
    const sw = await screen.findByTestId('role-enable-1');
    await waitFor(() => expect((sw as HTMLButtonElement).disabled).toBe(true));
    expect(screen.queryByTestId('toolbar-add')).toBeNull();
  }, 60_000);

  it('the form offers 管理员 to administrators and hides it from others', async () => {
    user = { isAdmin: false, grants: { sys_role: ['view', 'save'] } };
    const { unmount } = renderWithApp(<RolePage />);
    await screen.findByTestId('role-enable-1');
    await waitFor(() => expect((screen.getByTestId('role-enable-1') as HTMLButtonElement).disabled).toBe(false));
    await userEvent.click(screen.getByTestId('toolbar-add'));
    const dialog = await openedDialog();
    expect(within(dialog).getByLabelText('角色名称')).toBeTruthy();
    expect(within(dialog).queryByText('管理员')).toBeNull();
    unmount();

    user = { isAdmin: true };
    renderWithApp(<RolePage />);
    await screen.findByTestId('role-enable-1');
    await userEvent.click(screen.getByTestId('toolbar-add'));
    expect(within(await openedDialog()).getByText('管理员')).toBeTruthy();
  }, 60_000);
});
