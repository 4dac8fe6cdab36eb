import { beforeAll, describe, expect, inject, it, onTestFinished } from 'vitest';
import type { Page } from 'playwright-core';
import { api, apiLogin, changeFirstPassword, sessionLogin, uiLogin } from './harness.mjs';
import { closeDropdown, testContext, useBrowser, visible } from './support.ts';
import { describeViolations, runAxe, settle } from './a11y.mjs';

/**
 * Issue 33 #4: the administrator gives a role 题库 with the 数据范围 所属科目 = 申论 in 权限管理; an account holding
 * the role lists only the 申论 questions and cannot move one to another subject (docs/permissions.md "Row filters").
 */

const base = inject('baseUrl');
const b = useBrowser();
let admin: string;
const stamp = Date.now() % 1_000_000;
const roleName = `申论编辑${stamp}`;
const loginid = `shenlun${stamp}`;

type Row = Record<string, unknown> & { id: number };

async function rows(flag: string, wheres: Record<string, unknown>): Promise<{ rows: Row[]; total: number }> {
  const answer = await api(base, admin, `/api/select/?_flag=${flag}&row=100&wheres=${encodeURIComponent(JSON.stringify(wheres))}`);
  expect(answer.status).toBe(200);
  return { rows: answer.body!.data as Row[], total: Number((answer.body as { total?: number }).total) };
}

const cascaderItem = (page: Page, text: string) => page.locator('.ant-cascader-dropdown:visible .ant-cascader-menu-item', { hasText: text }).first();

beforeAll(async () => {
  admin = await apiLogin(base);
});

describe('数据范围 set in 权限管理, used by the account', () => {
  it('a role given 题库 with 所属科目 = 申论 lists only the 申论 questions and may not move one to another subject', async () => {
    const { page, browser } = b;
    const [exam] = (await rows('questionsClass', { name: '公务员考试' })).rows;
    const [shenlun] = (await rows('questionsClass', { name: '申论', parentId: exam!.id })).rows;
    const [driving] = (await rows('questionsClass', { name: '驾照考试' })).rows;
    const [other] = (await rows('questionsClass', { name: '科目一', parentId: driving!.id })).rows;
    // more 申论 questions than a page holds (80), so that the list has a pager with its total, and one of 科目一
    const made: number[] = [];
    const names = [...Array.from({ length: 80 }, (_, i) => `申论范围题${stamp}-${i}`), `科目一范围题${stamp}`];
    for (let i = 0; i < names.length; i += 10) {
      const batch = names.slice(i, i + 10).map(async (name) => {
        const parentId = name.startsWith('申论') ? shenlun!.id : other!.id;
        const answer = await api(base, admin, '/api/action/save/', { method: 'POST', body: { _flag: 'questionBank', params: { parentId, name } } });
        expect(answer.status).toBe(200);
        made.push((answer.body!.data as { id: number }).id);
      });
      await Promise.all(batch);
    }
    onTestFinished(async () => {
      await api(base, admin, '/api/action/delete/', { method: 'POST', body: { _flag: 'questionBank', id: made } });
    });
    const role = (
      await api(base, admin, '/api/action/save/', { method: 'POST', body: { _flag: 'sys_role', params: { name: roleName, department: '内容部' } } })
    ).body!.data as { id: number };
    const account = (await api(base, admin, '/api/user/save/', { method: 'POST', body: { params: { loginid, name: '申论编辑员' } } })).body!.data as {
      id: number;
      password: string;
    };
    const password = await changeFirstPassword(base, loginid, account.password);
    const menus = (await api(base, admin, '/api/system/menu/')).body!.data as { id: number; url: string }[];
    const questionsMenu = menus.find((m) => m.url === '/manage/questionBank')!.id;

    // 权限管理: 题库 with view and save, 数据范围 自定义 所属科目 = 申论
    await uiLogin(page, base);
    await page.goto(`${base}/manage/permission`);
    await page.getByTestId('permission-role-tree').getByText(roleName, { exact: true }).click();
    await page.getByTestId(`grant-${questionsMenu}-save`).click();
    const scope = page.getByRole('combobox', { name: '题库 数据范围' });
    await scope.click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '自定义' }).click();
    const dialog = page.getByTestId('scope-dialog');
    await dialog.getByLabel('所属科目').click();
    await cascaderItem(page, '公务员考试').click();
    await cascaderItem(page, '申论').click();
    await closeDropdown(page);
    await visible(dialog.getByText('条件：所属科目 = 申论'));
    // the dialog and the page behind it pass the accessibility audit (names of the choice, the fields, the buttons)
    await settle(page);
    const violations = await runAxe(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    await page.getByTestId('scope-dialog-ok').click();
    await visible(page.getByTestId(`scope-text-${questionsMenu}`).getByText('所属科目 = 申论', { exact: true }));
    await page.getByTestId('permission-save').click();
    await visible(page.getByText('保存成功'));
    const grants = ((await api(base, admin, `/api/access/role/?roleId=${role.id}`)).body!.data as { grants: { menuId: number; rowFilter: unknown }[] }).grants;
    expect(grants.find((g) => g.menuId === questionsMenu)!.rowFilter).toEqual({ parentId: shenlun!.id });
    // reloaded, the page shows the stored 数据范围
    await page.reload();
    await page.getByTestId('permission-role-tree').getByText(roleName, { exact: true }).click();
    await visible(page.getByTestId(`scope-text-${questionsMenu}`).getByText('所属科目 = 申论', { exact: true }));

    const assigned = await api(base, admin, '/api/user/roles/', { method: 'POST', body: { id: account.id, roleIds: [role.id] } });
    expect(assigned.status).toBe(200);

    // the account, in a browser of its own
    const context = await testContext(browser);
    try {
      const own = await context.newPage();
      await sessionLogin(own, base, await apiLogin(base, loginid, password));
      await own.goto(`${base}/manage/questionBank`);
      const list = own.locator('.qb-crud:visible');
      await visible(list.getByTestId('crud-table'));
      const expected = (await rows('questionBank', { parentId: shenlun!.id })).total;
      const everything = (await rows('questionBank', {})).total;
      expect(expected).toBeGreaterThan(80);
      expect(everything).toBeGreaterThan(expected);
      await visible(list.locator('.ant-pagination-total-text').getByText(`共 ${expected} 条`));
      // the newest first: ours
      await visible(list.getByText(`申论范围题${stamp}-79`, { exact: true }));
      expect(await list.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: '科目一' }).count()).toBe(0);

      // moving a 申论 question to 科目一 is refused with the server's message, and nothing changes
      const row = list.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: `申论范围题${stamp}-79` });
      await row.getByTestId('row-edit').click();
      const form = own.locator('.ant-modal:visible').filter({ has: own.getByTestId('schema-form') });
      await form.getByLabel('所属科目').click();
      await cascaderItem(own, '驾照考试').click();
      await cascaderItem(own, '科目一').click();
      await closeDropdown(own);
      await form.getByTestId('schema-dialog-submit').click();
      await visible(own.getByText('保存后的数据不在您的数据范围内，未保存'));
      const [kept] = (await rows('questionBank', { name: `申论范围题${stamp}-79` })).rows;
      expect(kept!.parentId).toBe(shenlun!.id);
    } finally {
      await context.close();
    }
  });
});
