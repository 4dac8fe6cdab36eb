import { beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api, apiLogin, sessionLogin, uiLogin } from './harness.mjs';
import { gone, testContext, useBrowser, visible } from './support.ts';

/** Issue 18 #4, #6, #7: two people edit one member; the stale dialog is told, field by field, and loses nothing. */
const base = inject('baseUrl');
const b = useBrowser();
let token: string;

const activePage = (page: Page) => page.locator('.qb-crud:visible');
const editDialog = (page: Page) => page.locator('.ant-modal:visible').filter({ has: page.getByTestId('schema-form') });
const conflictPanel = (page: Page) => page.locator('.qb-conflict-panel:visible');

async function member(id: number): Promise<Record<string, unknown>> {
  const answer = await api(base, token, `/api/select/?_flag=sys_member&wheres=${encodeURIComponent(JSON.stringify({ id }))}`);
  return (answer.body!.data as Record<string, unknown>[])[0]!;
}

/** Opens the member page and the edit dialog of the row with this phone number. */
async function openEdit(page: Page, phone: string) {
  await page.goto(`${base}/manage/member`);
  const search = activePage(page).getByTestId('search-bar');
  await visible(search);
  await search.getByLabel('手机号').fill(phone);
  await activePage(page).getByTestId('search-submit').click();
  const row = activePage(page).locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: phone });
  await visible(row);
  await row.getByTestId('row-edit').click();
  await visible(editDialog(page).getByText('编辑 · 小程序用户管理'));
}

beforeAll(async () => {
  token = await apiLogin(base);
});
beforeEach(async () => {
  await sessionLogin(b.page, base, token);
});

describe('two people editing one member', () => {
  it('B, whose dialog opened first, sees A’s name change, reloads with the phone kept, and saves both', async () => {
    const stamp = Date.now() % 1_000_000;
    const phone = `139${String(stamp).padStart(8, '0')}`;
    const made = await api(base, token, '/api/action/save/', {
      method: 'POST',
      body: { _flag: 'sys_member', params: { name: `冲突${stamp}`, phone, gender: 1 } },
    });
    const id = (made.body!.data as { id: number }).id;

    const other = await testContext(b.browser);
    try {
      const pageB = await other.newPage();
      await uiLogin(pageB, base);
      // B opens the member first, then A
      await openEdit(pageB, phone);
      const pageA = b.page;
      await openEdit(pageA, phone);

      // A changes the name and saves
      await editDialog(pageA).getByLabel('昵称').fill(`甲改${stamp}`);
      await editDialog(pageA).getByTestId('schema-dialog-submit').click();
      await visible(pageA.getByText('保存成功', { exact: true }));
      await gone(editDialog(pageA));

      // B changes the phone and saves: no 保存成功, but the conflict, field by field
      const newPhone = `137${String(stamp).padStart(8, '0')}`;
      await editDialog(pageB).getByLabel('手机号').fill(newPhone);
      await editDialog(pageB).getByTestId('schema-dialog-submit').click();
      const panel = conflictPanel(pageB);
      await visible(panel.getByText('该数据已被他人修改'));
      expect(await pageB.getByText('保存成功', { exact: true }).count()).toBe(0);
      const theirs = panel.getByTestId('conflict-theirs');
      await visible(theirs.getByText('他人的修改'));
      expect(await theirs.locator('tbody tr').allInnerTexts()).toEqual([`昵称\t冲突${stamp}\t甲改${stamp}`]);
      expect(await panel.getByTestId('conflict-mine').locator('tbody tr').allInnerTexts()).toEqual([`手机号\t${phone}\t${newPhone}`]);
      // the panel is a dialog of its own, named by its title, and the reload button has the focus
      expect(await pageB.getByRole('dialog', { name: '该数据已被他人修改' }).count()).toBe(1);
      await pageB.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'conflict-reload');
      // nothing of B's was written
      expect(await member(id)).toMatchObject({ name: `甲改${stamp}`, phone });

      await panel.getByRole('button', { name: '重新载入并保留我的修改' }).click();
      await gone(panel);
      await visible(pageB.getByText('已载入最新数据并保留了您的修改，请检查后保存'));
      const dialogB = editDialog(pageB);
      await expect.poll(() => dialogB.getByLabel('昵称').inputValue()).toBe(`甲改${stamp}`);
      expect(await dialogB.getByLabel('手机号').inputValue()).toBe(newPhone);
      await dialogB.getByTestId('schema-dialog-submit').click();
      await visible(pageB.getByText('保存成功', { exact: true }));
      await gone(dialogB);
      // A's name and B's phone
      expect(await member(id)).toMatchObject({ name: `甲改${stamp}`, phone: newPhone, gender: 1 });
    } finally {
      await other.close();
    }
  });
});
