import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api, apiLogin, TOKEN_KEY } from './harness.mjs';
import { gone, tabTitles, useBrowser, visible } from './support.ts';

// Issue 31 #4 in a real browser: a menu named in English in 菜单管理's dialog shows by that name in the English
// navigation and tab (not as a second "Questions"), by its Chinese name in Chinese; and 菜单管理 at 1280 px shows its
// columns beside the fixed actions, none under them, in both languages (#8).
const base = inject('baseUrl');
const b = useBrowser({ width: 1280, height: 800 });
const stamp = Date.now() % 1_000_000;
const zhName = `常用题库${stamp}`;
const enName = `Favourite questions ${stamp}`;
let token: string;

beforeAll(async () => {
  token = await apiLogin(base);
});
afterAll(async () => {
  const menus = (await api(base, token, '/api/system/menu/')).body?.data as { id: number; name: string }[] | undefined;
  const mine = menus?.filter((m) => m.name === zhName).map((m) => m.id) ?? [];
  if (mine.length) await api(base, token, '/api/action/delete/', { method: 'POST', body: { _flag: 'sys_menu', id: mine } });
});

/** A session in the language given, opened on /manage/menu. */
async function openMenus(page: Page, lang: 'zh-CN' | 'en-US') {
  await page.goto(`${base}/api/health`);
  await page.evaluate(([key, value, language]) => (localStorage.setItem(key, value), localStorage.setItem('qb.lang', language)), [TOKEN_KEY, token, lang]);
  await page.goto(`${base}/manage/menu`);
  await visible(page.getByTestId('crud-table').first().locator('.ant-table-row'));
}

describe('English names of menus', () => {
  it('names a menu in English in 菜单管理 and sees it by that name in the English navigation and tab', async () => {
    const { page } = b;
    await openMenus(page, 'en-US');
    await page.getByTestId('toolbar-add').first().click();
    const form = page.locator('.ant-modal:visible').filter({ has: page.getByTestId('schema-form') });
    await visible(form);
    await form.getByLabel('Menu name').fill(zhName);
    await form.getByLabel('English name').fill(enName);
    await form.getByLabel('Route address').fill('/manage/questionBank');
    await form.getByTestId('schema-dialog-submit').click();
    await gone(form);

    // the navigation reads the menus again: the new top-level item by its English name
    const nav = page.getByTestId('nav-menu');
    const item = nav.getByText(enName, { exact: true });
    await visible(item);
    expect(await nav.getByText(zhName).count()).toBe(0);
    // 菜单管理's list names it so too
    await visible(page.getByTestId('crud-table').first().getByText(enName, { exact: true }));

    await item.click();
    await page.waitForURL(/\/manage\/questionBank$/);
    await expect.poll(() => tabTitles(page)).toEqual(['Home', 'Menus', enName]);
    await expect.poll(() => page.title()).toMatch(new RegExp(`^${enName} - `));

    // in Chinese the same item is its Chinese name
    await page.evaluate(() => localStorage.setItem('qb.lang', 'zh-CN'));
    await page.reload();
    await visible(nav.getByText(zhName, { exact: true }));
    expect(await nav.getByText(enName).count()).toBe(0);
  });

  for (const [lang, actions] of [
    ['zh-CN', '操作'],
    ['en-US', 'Actions'],
  ] as const) {
    it(`菜单管理 at 1280 px in ${lang}: every shown column beside ${actions}, none under it, no header cut`, async () => {
      const { page } = b;
      await openMenus(page, lang);
      const table = page.getByTestId('crud-table').first();
      const ths = await table.locator('thead th').evaluateAll((cells) =>
        cells.map((th) => {
          const r = th.getBoundingClientRect();
          const title = th.querySelector('.ant-table-column-title') ?? th;
          return {
            text: th.textContent?.trim() ?? '',
            left: r.left,
            right: r.right,
            fixedEnd: th.className.includes('ant-table-cell-fix-end'),
            cut: title.scrollWidth > title.clientWidth + 1,
          };
        }),
      );
      const fixed = ths.find((h) => h.fixedEnd && h.text === actions);
      expect(fixed).toBeDefined();
      const columns = ths.filter((h) => !h.fixedEnd && h.text !== '');
      expect(columns.map((h) => h.text)).toEqual(
        lang === 'zh-CN' ? ['上级菜单', '菜单名称', '图标', '路由地址', '状态'] : ['Parent menu', 'Menu name', 'Icon', 'Route address', 'Status'],
      );
      for (const column of columns) {
        expect(column.right, column.text).toBeLessThanOrEqual(fixed!.left + 1);
        expect(column.cut, `${column.text} cut`).toBe(false);
      }
      const overflow = await table
        .locator('.ant-table-body, .ant-table-content')
        .first()
        .evaluate((e) => e.scrollWidth - e.clientWidth);
      expect(overflow).toBeLessThanOrEqual(1);
      // a route too long for its column is cut with the whole route as its title
      const long = table.locator('.ant-table-row td').filter({ hasText: '/manage/questionBank' }).first();
      if ((await long.count()) > 0) expect(await long.locator('[title]').first().getAttribute('title')).toContain('/manage/questionBank');
    });
  }
});
