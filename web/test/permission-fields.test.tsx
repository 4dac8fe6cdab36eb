import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MenuRow } from '@qb/contracts';
import PermissionPage from '../src/pages/system/PermissionPage.tsx';
import { setLanguage } from '../src/i18n/index.ts';
import { fakeFetch, ok, renderWithApp, type FakeCall } from './helpers.tsx';
import { memberMeta } from './fieldRulesFixtures.ts';

/** Issue 33 #4: 权限管理 sets each granted page's 字段权限, sent as the grant's fieldRules (docs/permissions.md "Field permissions"). */

const MEMBERS = 7;
const menuRows: MenuRow[] = [
  { id: 1, name: '首页', url: '/manage/home', parentMenu: 0 },
  { id: MEMBERS, name: '小程序用户管理', url: '/manage/member', parentMenu: 0 },
].map((r) => ({ menuType: 1, icon: null, menuMark: null, sortNum: 0, intro: null, createTime: '', display: 1, ...r }));

let stored: unknown;
let calls: FakeCall[];

beforeEach(async () => {
  await setLanguage('zh-CN');
  // `openid` was a column once: the table no longer has it, its rule stays
  stored = { hidden: ['phone', 'openid'], readOnly: ['gender'] };
  calls = fakeFetch((call) => {
    const path = call.url.pathname;
    const flag = call.url.searchParams.get('_flag');
    if (path === '/api/user/userInfo/') return ok([{ id: 1, loginid: 'admin', name: '管理员', isAdmin: true }]);
    if (path === '/api/system/menu/') return ok(menuRows);
    if (path === '/api/access/menuActions/')
      return ok([
        { menuId: 1, url: '/manage/home', actions: ['view'] },
        { menuId: MEMBERS, url: '/manage/member', actions: ['view', 'save', 'delete', 'import', 'export'] },
      ]);
    if (path === '/api/access/role/' && call.method === 'GET')
      return ok({
        roleId: 2,
        grants: [
          { menuId: 1, actions: ['view'], rowFilter: null, fieldRules: null },
          { menuId: MEMBERS, actions: ['view', 'save'], rowFilter: null, fieldRules: stored },
        ],
      });
    if (path === '/api/access/role/') return ok();
    if (path === '/api/schema/') return ok([memberMeta]);
    if (path === '/api/select/' && flag === 'sys_role')
      return ok([
        { id: 1, name: '超级管理员', parentId: 0, isAdmin: 1 },
        { id: 2, name: '运营助理', parentId: 0, isAdmin: 0 },
      ]);
    return ok([], { total: 0 });
  });
});
afterEach(() => vi.unstubAllGlobals());

const saved = () =>
  calls.filter((c) => c.url.pathname === '/api/access/role/' && c.method === 'POST').map((c) => (c.body as { grants: Record<string, unknown>[] }).grants);

async function openRole(role = '运营助理') {
  renderWithApp(<PermissionPage />);
  await userEvent.click(await screen.findByText(role));
  return screen.findByTestId(`fields-${MEMBERS}`);
}
const summary = () => screen.getByTestId(`fields-summary-${MEMBERS}`);

async function openDialog(name = '设置 小程序用户管理 的字段权限') {
  const edit = screen.getByRole('button', { name });
  await waitFor(() => expect(edit.hasAttribute('disabled')).toBe(false));
  await userEvent.click(edit);
  return screen.findByTestId('fields-dialog');
}
const box = (dialog: HTMLElement, name: string) => within(dialog).getByRole('checkbox', { name }) as HTMLInputElement;

describe('权限管理 字段权限', () => {
  it('shows the stored rules, sets 可读 / 可写 per column and sends the rules they give, keeping a gone column’s', async () => {
    await openRole();
    await waitFor(() => expect(summary().textContent).toBe('隐藏 2 个，只读 1 个'));
    expect(summary().getAttribute('title')).toBe('隐藏：手机号、openid（表中已无此列）；只读：性别');

    const dialog = await openDialog();
    // not the key; the server's own columns never writable
    expect(within(dialog).queryByRole('checkbox', { name: 'ID 可读' })).toBeNull();
    expect(box(dialog, '余额(元) 可读').checked).toBe(true);
    expect(box(dialog, '余额(元) 可写').disabled).toBe(true);
    expect(box(dialog, '创建时间 可写').disabled).toBe(true);
    expect(box(dialog, '手机号 可读').checked).toBe(false);
    expect(box(dialog, '性别 可读').checked).toBe(true);
    expect(box(dialog, '性别 可写').checked).toBe(false);
    expect(within(dialog).getByText('openid（表中已无此列）')).toBeTruthy();

    // 可写 implies 可读; unticking 可读 unticks 可写
    await userEvent.click(box(dialog, '手机号 可写'));
    expect(box(dialog, '手机号 可读').checked).toBe(true);
    expect(box(dialog, '昵称 可写').checked).toBe(true);
    await userEvent.click(box(dialog, '昵称 可读'));
    expect(box(dialog, '昵称 可写').checked).toBe(false);
    expect(within(dialog).getByTestId('fields-dialog-text').textContent).toBe('隐藏：昵称、openid（表中已无此列）；只读：性别');
    await userEvent.click(screen.getByTestId('fields-dialog-ok'));
    await waitFor(() => expect(summary().textContent).toBe('隐藏 2 个，只读 1 个'));

    await userEvent.click(screen.getByTestId('permission-save'));
    await waitFor(() => expect(saved()).toHaveLength(1));
    expect(saved()[0]).toEqual([
      { menuId: 1, actions: ['view'] },
      { menuId: MEMBERS, actions: ['view', 'save'], fieldRules: { hidden: ['name', 'openid'], readOnly: ['gender'] } },
    ]);
  });

  it('sends null when every box is ticked', async () => {
    stored = { hidden: ['phone'], readOnly: [] };
    await openRole();
    await waitFor(() => expect(summary().textContent).toBe('隐藏 1 个'));
    const dialog = await openDialog();
    await userEvent.click(box(dialog, '手机号 可读'));
    // readable, read-only until 可写 is ticked too
    expect(box(dialog, '手机号 可写').checked).toBe(false);
    expect(within(dialog).getByTestId('fields-dialog-text').textContent).toBe('只读：手机号');
    await userEvent.click(box(dialog, '手机号 可写'));
    expect(within(dialog).getByTestId('fields-dialog-text').textContent).toBe('全部字段');
    await userEvent.click(screen.getByTestId('fields-dialog-ok'));
    await waitFor(() => expect(summary().textContent).toBe('全部字段'));
    await userEvent.click(screen.getByTestId('permission-save'));
    await waitFor(() => expect(saved()).toHaveLength(1));
    expect(saved()[0]![1]).toEqual({ menuId: MEMBERS, actions: ['view', 'save'], fieldRules: null });
  });

  it('sends no rules for a grant whose rules were not changed (the server keeps them)', async () => {
    await openRole();
    await waitFor(() => expect(summary().textContent).toBe('隐藏 2 个，只读 1 个'));
    // opened and confirmed as it was
    await openDialog();
    await userEvent.click(screen.getByTestId('fields-dialog-ok'));
    await userEvent.click(screen.getByTestId(`grant-${MEMBERS}-export`));
    await userEvent.click(screen.getByTestId('permission-save'));
    await waitFor(() => expect(saved()).toHaveLength(1));
    expect(saved()[0]![1]).toEqual({ menuId: MEMBERS, actions: ['view', 'save', 'export'] });
  });

  it('none for an administrator role; all fields when a grant has no rules', async () => {
    stored = null;
    await openRole();
    await waitFor(() => expect(summary().textContent).toBe('全部字段'));
    expect(summary().getAttribute('title')).toBeNull();
    await userEvent.click(screen.getByText('超级管理员'));
    await waitFor(() => expect(screen.queryByTestId(`fields-${MEMBERS}`)).toBeNull());
  });

  it('reads in English', async () => {
    await setLanguage('en-US');
    await openRole();
    await waitFor(() => expect(summary().textContent).toBe('2 hidden, 1 read-only'));
    expect(summary().getAttribute('title')).toBe('hidden: Phone, openid (no longer in the table); read-only: Gender');
    const dialog = await openDialog('Set the field permissions of Members');
    expect(box(dialog, 'Phone readable').checked).toBe(false);
    expect(box(dialog, 'Gender writable').checked).toBe(false);
    expect(box(dialog, 'Balance (CNY) writable').disabled).toBe(true);
  });
});
