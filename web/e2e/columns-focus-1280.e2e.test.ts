import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiLogin, sessionLogin } from './harness.mjs';
import { useBrowser, visible } from './support.ts';

// Issue 31 #8 in a real browser at 1280 px: no list column under the fixed 操作 column (菜单管理, 角色管理, 题库 in
// English, whose Actions column is the widest), and Tab from the edit dialog's 保存 stays in the dialog.
const base = inject('baseUrl');
const b = useBrowser({ width: 1280, height: 800 });
let token: string;

beforeAll(async () => {
  token = await apiLogin(base);
});

/** The headers of the page's list: each one's text and horizontal extent, and whether it is the fixed actions column. */
async function headers(page: Page) {
  const table = page.getByTestId('crud-table').first();
  await visible(table.locator('.ant-table-row'));
  return table.locator('thead th').evaluateAll((ths) =>
    ths.map((th) => {
      const r = th.getBoundingClientRect();
      return { text: th.textContent?.trim() ?? '', left: r.left, right: r.right, fixedEnd: th.className.includes('ant-table-cell-fix-end') };
    }),
  );
}

describe('at 1280 px', () => {
  for (const [route, shown] of [
    ['menu', ['上级菜单', '菜单名称', '图标', '路由地址', '状态']],
    ['role', ['角色名称', '上级角色', '部门名称', '是否启用', '管理员', '创建时间']],
  ] as const) {
    it(`shows every column of ${route} beside 操作, none under it, none cut`, async () => {
      const { page } = b;
      await sessionLogin(page, base, token);
      await page.goto(`${base}/manage/${route}`);
      const ths = await headers(page);
      const actions = ths.find((h) => h.fixedEnd && h.text === '操作');
      expect(actions).toBeDefined();
      const columns = ths.filter((h) => !h.fixedEnd && h.text !== '');
      expect(columns.map((h) => h.text)).toEqual(shown);
      for (const column of columns) expect(column.right, column.text).toBeLessThanOrEqual(actions!.left + 1);
      // nothing to scroll to: the list is as wide as its frame
      const overflow = await page
        .getByTestId('crud-table')
        .first()
        .locator('.ant-table-body, .ant-table-content')
        .first()
        .evaluate((e) => e.scrollWidth - e.clientWidth);
      expect(overflow).toBeLessThanOrEqual(1);
    });
  }

  it('shows every column of Questions in English beside Actions, "Correct answer" whole', async () => {
    const { page } = b;
    await sessionLogin(page, base, token);
    await page.evaluate(() => localStorage.setItem('qb.lang', 'en-US'));
    await page.goto(`${base}/manage/questionBank`);
    const ths = await headers(page);
    const actions = ths.find((h) => h.fixedEnd && h.text === 'Actions');
    expect(actions).toBeDefined();
    const columns = ths.filter((h) => !h.fixedEnd && h.text !== '');
    expect(columns.map((h) => h.text)).toEqual(['Question', 'Subject', 'Category', 'Options', 'Correct answer']);
    for (const column of columns) expect(column.right, column.text).toBeLessThanOrEqual(actions!.left + 1);
    // the header's text itself is not cut (its ellipsis) either
    const cut = await page
      .getByTestId('crud-table')
      .first()
      .locator('thead th')
      .evaluateAll((list) =>
        list.filter((th) => [...th.querySelectorAll<HTMLElement>('*')].some((e) => e.scrollWidth > e.clientWidth + 1)).map((th) => th.textContent?.trim()),
      );
    expect(cut).toEqual([]);
    const overflow = await page
      .getByTestId('crud-table')
      .first()
      .locator('.ant-table-body, .ant-table-content')
      .first()
      .evaluate((e) => e.scrollWidth - e.clientWidth);
    expect(overflow).toBeLessThanOrEqual(1);
  });

  it('keeps Tab in the edit dialog: past 保存 it comes back to the dialog’s first stop, Shift+Tab the other way', async () => {
    const { page } = b;
    await sessionLogin(page, base, token);
    await page.goto(`${base}/manage/member`);
    await page.getByTestId('toolbar-add').first().click();
    const submit = page.getByTestId('schema-dialog-submit');
    await visible(submit);
    await submit.focus();
    const where = () =>
      page.evaluate(() => {
        const e = document.activeElement as HTMLElement | null;
        return { inDialog: !!e?.closest('[role="dialog"]'), label: e?.getAttribute('aria-label') ?? e?.dataset.testid ?? e?.tagName ?? '' };
      });
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press('Tab');
      expect(await where(), `Tab ${i + 1} from 保存`).toMatchObject({ inDialog: true });
    }
    await submit.focus();
    await page.keyboard.press('Tab');
    expect((await where()).label).toBe('关闭');
    await page.keyboard.press('Shift+Tab');
    expect((await where()).label).toBe('schema-dialog-submit');
  });

  it('keeps Tab in the designer’s dialog (菜单管理 → 表单设计): past its last button it comes back', async () => {
    const { page } = b;
    await sessionLogin(page, base, token);
    await page.goto(`${base}/manage/menu`);
    const row = page.getByTestId('crud-table').first().locator('.ant-table-row').first();
    await row.getByRole('button', { name: '表单设计' }).click();
    const dialog = page.locator('.qb-designer-dialog');
    await visible(dialog.getByTestId('palette-text'));
    const last = dialog.locator('.ant-modal-footer button').last();
    await last.focus();
    for (let i = 0; i < 2; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => !!document.activeElement?.closest('.qb-designer-dialog')), `Tab ${i + 1} from the last button`).toBe(true);
    }
  });
});
