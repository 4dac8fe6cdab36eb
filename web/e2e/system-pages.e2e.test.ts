import { beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api, apiLogin, defineBookTable, sha256Hex, sessionLogin } from './harness.mjs';
import { gone, useBrowser, visible } from './support.ts';

const base = inject('baseUrl');
const b = useBrowser();
let token: string;
const stamp = Date.now() % 1_000_000;

const activePage = (page: Page) => page.locator('.qb-crud:visible');
const dialog = (page: Page) => page.locator('.ant-modal:visible').filter({ has: page.getByTestId('schema-form') });
const headers = (page: Page) => activePage(page).locator('.ant-table-thead th').allInnerTexts();
/** Picks a node of the open tree select's dropdown by its title. */
const pickInTree = async (page: Page, title: string) => {
  await page.locator('.ant-select-dropdown:visible .ant-select-tree-node-content-wrapper').filter({ hasText: title }).first().click();
};

const remove = (flag: string, ids: number[]) => api(base, token, '/api/action/delete/', { method: 'POST', body: { _flag: flag, id: ids } });

beforeAll(async () => {
  token = await apiLogin(base);
});
beforeEach(async () => {
  await sessionLogin(b.page, base, token);
});

describe('system management pages', () => {
  it('菜单管理: a menu added under 系统管理 with an icon chosen in the picker shows in the side navigation', async () => {
    const { page } = b;
    const name = `公告${stamp}`;
    await page.goto(`${base}/manage/menu`);
    await visible(activePage(page).getByText('系统管理'));
    await activePage(page).getByTestId('toolbar-add').click();
    const form = dialog(page);
    await visible(form);
    await form.getByLabel('菜单名称').fill(name);
    await form.getByLabel('路由地址').fill('/manage/profile');
    await form.getByTestId('menu-parent').click();
    await pickInTree(page, '系统管理');
    // the icon from the picker, found by typing and chosen with Enter
    await form.getByTestId('icon-picker-open').click();
    await visible(page.getByTestId('icon-picker-grid'));
    await page.getByTestId('icon-picker-search').locator('input').fill('bell');
    await page.keyboard.press('Enter');
    await gone(page.getByTestId('icon-picker-grid'));
    expect(await form.getByTestId('icon-picker-open').innerText()).toContain('BellOutlined');
    await form.getByTestId('schema-dialog-submit').click();
    await visible(page.getByText('保存成功'));
    const menus = (await api(base, token, '/api/system/menu/')).body!.data as { id: number; name: string; icon: string; parentMenu: number }[];
    const system = menus.find((m) => m.name === '系统管理')!;
    expect(menus.find((m) => m.name === name)).toMatchObject({ icon: 'BellOutlined', parentMenu: system.id, menuType: 1, display: 1 });
    // the list draws the icon; the side navigation has the menu without a reload (it draws icons on its first level only)
    await activePage(page).locator('.ant-table-row').filter({ hasText: '系统管理' }).first().getByRole('button', { name: '展开' }).click();
    const row = activePage(page).locator('.ant-table-row').filter({ hasText: name });
    await visible(row);
    expect(await row.locator('.qb-cell-icon .anticon-bell').count()).toBe(1);
    // (the branch of the open page, 系统管理, is open)
    const nav = page.getByTestId('nav-menu');
    await visible(nav.getByText(name, { exact: true }));
    await nav.getByText(name, { exact: true }).click();
    await visible(page.getByTestId('profile').or(page.locator('.qb-tag-title').filter({ hasText: name })));
    // leave the shared server's menu as it was for the other files
    expect((await remove('sys_menu', [menus.find((m) => m.name === name)!.id])).status).toBe(200);
  });

  it('数据设计: the layout record of a generated page’s menu hides a column and the page no longer lists it', async () => {
    const { page } = b;
    const table = `e2elay${stamp}`;
    await defineBookTable(base, token, inject('dataDir'), table);
    const menuName = `图书布局${stamp}`;
    const saved = await api(base, token, '/api/action/save/', {
      method: 'POST',
      body: { _flag: 'sys_menu', params: { name: menuName, url: `/manage/${table}`, parentMenu: 0, sortNum: -1 } },
    });
    expect(saved.status).toBe(200);
    await api(base, token, '/api/action/save/', { method: 'POST', body: { _flag: table, params: { title: '史记', genre: 2, price: 12.5 } } });

    await page.goto(`${base}/manage/${table}`);
    await visible(activePage(page).getByText('史记'));
    expect(await headers(page)).toContain('价格');

    await page.goto(`${base}/manage/menu`);
    const row = activePage(page)
      .locator('.ant-table-row')
      .filter({ hasText: `/manage/${table}` });
    await visible(row);
    await row.getByRole('button', { name: '数据设计' }).click();
    const drawer = page.getByTestId('layout-drawer');
    await visible(drawer.getByTestId('layout-list-price'));
    expect(await drawer.getByTestId('layout-table').innerText()).toContain(table);
    await drawer.getByTestId('layout-list-price').uncheck();
    await page.getByTestId('layout-save').click();
    await visible(page.getByText('布局已保存'));
    const record = (
      await api(
        base,
        token,
        `/api/select/?_flag=sys_layList&page=1&row=10&wheres=${encodeURIComponent(JSON.stringify({ menuId: (saved.body!.data as { id: number }).id, isdelete: 0 }))}`,
      )
    ).body!.data as { layout: string }[];
    expect(JSON.parse(record[0]!.layout)).toMatchObject({ flag: table, columns: expect.not.arrayContaining(['price']) });

    await page.goto(`${base}/manage/${table}`);
    await visible(activePage(page).getByText('史记'));
    const shown = await headers(page);
    expect(shown).toContain('书名');
    expect(shown).not.toContain('价格');
    expect((await remove('sys_menu', [(saved.body!.data as { id: number }).id])).status).toBe(200);
  });

  it('角色管理: a child role added under a parent shows in the tree', async () => {
    const { page } = b;
    const parent = `父角色${stamp}`;
    const child = `子角色${stamp}`;
    await page.goto(`${base}/manage/role`);
    await visible(activePage(page).locator('.ant-table-row').first());
    for (const [name, under] of [
      [parent, undefined],
      [child, parent],
    ] as const) {
      await activePage(page).getByTestId('toolbar-add').click();
      const form = dialog(page);
      await visible(form);
      await form.getByLabel('角色名称').fill(name);
      await form.getByLabel('部门名称').fill('测试部');
      if (under) {
        await form.getByTestId('role-parent').click();
        await pickInTree(page, under);
      }
      await form.getByTestId('schema-dialog-submit').click();
      await gone(form);
    }
    const roles = (await api(base, token, `/api/select/?_flag=sys_role&row=99999`)).body!.data as { id: number; name: string; parentId: number }[];
    expect(roles.find((r) => r.name === child)!.parentId).toBe(roles.find((r) => r.name === parent)!.id);
    // the child sits under its parent: hidden until the parent is expanded
    const parentRow = activePage(page).locator('.ant-table-row').filter({ hasText: parent });
    await visible(parentRow);
    expect(await activePage(page).locator('.ant-table-row:visible').filter({ hasText: child }).count()).toBe(0);
    await parentRow.getByRole('button', { name: '展开' }).click();
    await visible(activePage(page).locator('.ant-table-row').filter({ hasText: child }));
    expect(
      (
        await remove(
          'sys_role',
          roles.filter((r) => r.name === child || r.name === parent).map((r) => r.id),
        )
      ).status,
    ).toBe(200);
  });

  it('用户管理: a new account’s password is shown once, 重置密码 gives a new one, a disabled account cannot sign in', async () => {
    const { page } = b;
    const loginid = `u${stamp}`;
    const login = async (password: string) =>
      (await fetch(`${base}/api/user/login/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ loginid, pass: sha256Hex(password) }),
      }).then((r) => r.json())) as { token?: string; message?: string };
    const shownPassword = async (testId: string) => {
      const text = await (await visible(page.getByTestId(testId))).first().innerText();
      const password = /为 (\S+) [,，]/.exec(text)?.[1];
      expect(password).toMatch(/^\S{6}$/);
      await page
        .locator('.ant-modal-confirm:visible')
        .filter({ has: page.getByTestId(testId) })
        .getByRole('button', { name: /确\s*定/ })
        .click();
      await gone(page.getByTestId(testId));
      return password!;
    };
    await page.goto(`${base}/manage/user`);
    await visible(activePage(page).locator('.ant-table-row').first());
    await activePage(page).getByTestId('toolbar-add').click();
    const form = dialog(page);
    await visible(form);
    await form.getByLabel('账号').fill(loginid);
    await form.getByLabel('姓名').fill('临时账号');
    await form.getByTestId('schema-dialog-submit').click();
    const first = await shownPassword('new-password');
    expect((await login(first)).token).toBeTruthy();

    const row = activePage(page).locator('.ant-table-row').filter({ hasText: loginid });
    await row.getByRole('button', { name: '重置密码' }).click();
    await page
      .locator('.ant-modal-confirm:visible')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    const second = await shownPassword('reset-password');
    expect(second).not.toBe(first);
    expect((await login(first)).token).toBeUndefined();
    expect((await login(second)).token).toBeTruthy();

    // disabled through the form: the account can no longer sign in
    await row.getByTestId('row-edit').click();
    await visible(form);
    await form.getByText('禁用', { exact: true }).click();
    await form.getByTestId('schema-dialog-submit').click();
    await gone(form);
    const refused = await login(second);
    expect(refused.token).toBeUndefined();
    expect(refused.message).toBe('该账号已停用');
  });
});
