import { beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api, apiLogin, sessionLogin } from './harness.mjs';
import { gone, useBrowser, visible } from './support.ts';

/** Issue 23: a row's history beside it, one-click restore, and the deleted rows brought back. */
const base = inject('baseUrl');
const b = useBrowser();
let token: string;

const activePage = (page: Page) => page.locator('.qb-crud:visible');
const drawer = (page: Page, testId: string) =>
  page
    .locator(`.ant-drawer:visible`)
    .filter({ has: page.getByTestId(testId) })
    .last();

async function save(flag: string, params: Record<string, unknown>): Promise<number> {
  const r = await api(base, token, '/api/action/save/', { method: 'POST', body: { _flag: flag, params } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return (r.body!.data as { id: number }).id;
}
async function rowOf(flag: string, id: number): Promise<Record<string, unknown> | undefined> {
  const answer = await api(base, token, `/api/select/?_flag=${flag}&wheres=${encodeURIComponent(JSON.stringify({ id }))}`);
  return (answer.body!.data as Record<string, unknown>[])[0];
}

/** Opens a table page and finds the row holding `text` through its first search field. */
async function findRow(page: Page, path: string, label: string, text: string) {
  await page.goto(`${base}/manage/${path}`);
  const search = activePage(page).getByTestId('search-bar');
  await visible(search);
  await search.getByLabel(label, { exact: true }).fill(text);
  await activePage(page).getByTestId('search-submit').click();
  const row = activePage(page).locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: text });
  await visible(row);
  return row;
}

beforeAll(async () => {
  token = await apiLogin(base);
});
beforeEach(async () => {
  await sessionLogin(b.page, base, token);
});

describe('a row’s history', () => {
  it('shows a question’s revisions and restores its earlier text in one click', async () => {
    const stamp = Date.now() % 1_000_000;
    const subject = await save('questionsClass', { name: `历史科目${stamp}`, parentId: 0, isUp: 1, sortNum: 0 });
    const category = await save('questionsSmallClass', { name: `历史分类${stamp}`, subjectId: subject, parentId: 0, isUp: 1, sortNum: 0 });
    const id = await save('questionBank', { parentId: subject, typeId: category, name: `原题干${stamp}`, options: '["甲","乙"]', correctOptions: 'A' });
    await save('questionBank', { id, name: `改错的题干${stamp}`, correctOptions: 'B' });

    const page = b.page;
    const row = await findRow(page, 'questionBank', '题目', `改错的题干${stamp}`);
    await row.getByTestId('row-history').click();
    const panel = drawer(page, 'history-drawer');
    await visible(panel.getByText(`历史记录：改错的题干${stamp}`));
    const revisions = panel.getByTestId('history-revision');
    await expect.poll(() => revisions.count()).toBe(2);
    // newest first: who, the current tag, the field's title and its values before and after
    await visible(revisions.nth(0).getByText('当前版本'));
    expect(await revisions.nth(0).locator('tbody tr').filter({ hasText: '题目' }).first().innerText()).toMatch(
      new RegExp(`原题干${stamp}\\s+改错的题干${stamp}`),
    );
    await b.page.screenshot({ path: `${process.env.SCREENSHOT_DIR ?? '/tmp'}/history-zh.png` });

    await revisions.nth(1).getByTestId('history-restore').click();
    await page.getByRole('button', { name: '恢复到此版本' }).last().click();
    await visible(page.getByText('已恢复到所选版本'));
    // the restore is a revision of its own, and the row is back
    await expect.poll(() => revisions.count()).toBe(3);
    await visible(revisions.nth(0).getByText('恢复版本'));
    expect(await rowOf('questionBank', id)).toMatchObject({ name: `原题干${stamp}`, correctOptions: 'A' });
    await page.keyboard.press('Escape');
    await gone(panel);
    // the page listed its rows again: the search for the wrong text finds nothing now
    await gone(
      activePage(page)
        .locator('.ant-table-tbody tr.ant-table-row')
        .filter({ hasText: `改错的题干${stamp}` }),
    );
  });

  it('lists a deleted member in 回收站 and brings it back', async () => {
    const stamp = Date.now() % 1_000_000;
    const phone = `136${String(stamp).padStart(8, '0')}`;
    const id = await save('sys_member', { name: `误删${stamp}`, phone, gender: 1 });
    await api(base, token, '/api/action/delete/', { method: 'POST', body: { _flag: 'sys_member', id } });
    const page = b.page;
    await page.goto(`${base}/manage/member`);
    await visible(activePage(page).getByTestId('search-bar'));
    await activePage(page).getByRole('button', { name: '回收站' }).click();
    const panel = drawer(page, 'deleted-drawer');
    const deleted = panel.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: `误删${stamp}` });
    await visible(deleted);
    await deleted.getByTestId('deleted-undelete').click();
    await page
      .locator('.ant-popconfirm:visible')
      .getByRole('button', { name: /^恢\s?复$/ })
      .click();
    await visible(page.getByText('已恢复删除的数据'));
    await gone(deleted);
    expect(await rowOf('sys_member', id)).toMatchObject({ name: `误删${stamp}`, phone });
  });

  it('takes the daily-task configuration back to an earlier revision', async () => {
    const config = await api(base, token, '/api/select/?_flag=sys_config&row=1');
    const row = (config.body!.data as Record<string, unknown>[])[0]!;
    const id = row.id as number;
    await save('sys_config', { id, completedItems: 7 });
    await save('sys_config', { id, completedItems: 99 });
    const page = b.page;
    await page.goto(`${base}/manage/taskConfiguration`);
    await expect.poll(() => page.getByTestId('task-configuration').locator('input').first().inputValue()).toBe('99');
    await page.getByTestId('task-history').click();
    const panel = drawer(page, 'history-drawer');
    const revisions = panel.getByTestId('history-revision');
    await visible(revisions.first());
    await revisions.nth(1).getByTestId('history-restore').click();
    await page.getByRole('button', { name: '恢复到此版本' }).last().click();
    await visible(page.getByText('已恢复到所选版本'));
    expect((await rowOf('sys_config', id))!.completedItems).toBe(7);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('task-configuration').locator('input').first().inputValue()).toBe('7');
  });

  it('says it in English', async () => {
    const stamp = Date.now() % 1_000_000;
    const id = await save('sys_member', { name: `Mem${stamp}`, phone: `135${String(stamp).padStart(8, '0')}`, gender: 1 });
    await save('sys_member', { id, gender: 2 });
    const page = b.page;
    await page.evaluate(() => localStorage.setItem('qb.lang', 'en-US'));
    try {
      const row = await findRow(page, 'member', 'Phone', `135${String(stamp).padStart(8, '0')}`);
      await row.getByTestId('row-history').click();
      const panel = drawer(page, 'history-drawer');
      await visible(panel.getByText(`History: Mem${stamp}`));
      const revisions = panel.getByTestId('history-revision');
      await expect.poll(() => revisions.count()).toBe(2);
      // an enumeration shows its labels in the page's language
      expect(await revisions.nth(0).locator('tbody tr').first().innerText()).toMatch(/Gender\s+Male\s+Female/);
      await b.page.screenshot({ path: `${process.env.SCREENSHOT_DIR ?? '/tmp'}/history-en.png` });
    } finally {
      await page.evaluate(() => localStorage.removeItem('qb.lang'));
    }
  });
});
