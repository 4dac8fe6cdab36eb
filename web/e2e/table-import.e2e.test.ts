import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import * as XLSX from '@e965/xlsx';
import { api, apiLogin, defineBookSheet, ROOT_DIR, sessionLogin } from './harness.mjs';
import { gone, useBrowser, visible } from './support.ts';

/**
 * The generic import (docs/import.md "Import into any table") in the browser, against the real server: a table made
 * in the data-table manager (its definition, then 建表 / createSqlTable), 1,000 rows imported through 导入 on its page
 * and seen there; a refused file listed by row and column, writing nothing. `IMPORT_SCREENSHOTS=1` also writes
 * docs/screenshots/import-table-{zh,en}.png.
 */
const base = inject('baseUrl');
const b = useBrowser();
let token: string;
const SHOTS = process.env.IMPORT_SCREENSHOTS === '1';
const table = `e2eimport${Date.now() % 1_000_000}`;

const activePage = (page: Page) => page.locator('.qb-crud:visible');
const dialog = (page: Page) => page.locator('.ant-modal:visible').filter({ has: page.getByTestId('import-submit') });

function xlsx(rows: unknown[][], name: string) {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), '图书');
  return {
    name,
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer,
  };
}

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  const dir = join(ROOT_DIR, 'docs', 'screenshots');
  mkdirSync(dir, { recursive: true });
  await page.waitForTimeout(400); // toasts and transitions settle
  await page.screenshot({ path: join(dir, `import-table-${name}.png`) });
}

const total = async () => (await api(base, token, `/api/select/?_flag=${table}&row=1`)).body as { total?: number };

beforeAll(async () => {
  token = await apiLogin(base);
  // made as in 数据表管理: the definition (新增), then 建表
  await defineBookSheet(base, token, table);
  const sheets = await api(base, token, `/api/select/?_flag=sys_dataSheet&wheres=${encodeURIComponent(JSON.stringify({ tableName: table }))}`);
  const id = (sheets.body!.data as { id: number }[])[0]!.id;
  const created = await api(base, token, '/api/action/createSqlTable/', { method: 'POST', body: { id } });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
});

describe('import into a table made in the data-table manager', () => {
  it('imports 1,000 rows through 导入 on its page and shows them there; a refused file writes nothing', async () => {
    const { page } = b;
    await sessionLogin(page, base, token);
    await page.goto(`${base}/manage/${table}`);
    await visible(activePage(page).getByTestId('crud-table'));
    await page.getByTestId('toolbar-table-import').click();
    const form = dialog(page);
    await visible(form.getByText('导入图书'));
    await visible(form.getByText('去重字段'));

    const rows = [['*书名 / Title', '类别 / Genre', '价格 / Price']];
    for (let i = 1; i <= 1000; i++) rows.push([`导入的书 ${String(i).padStart(4, '0')}`, i % 2 ? '小说' : 'History', (i / 10).toFixed(2)]);
    await form.locator('[data-testid="import-upload"] input[type=file]').setInputFiles(xlsx(rows, '图书.xlsx'));
    await visible(form.locator('.ant-upload-list-item-done', { hasText: '图书.xlsx' }));
    await shot(page, 'zh');
    await form.getByTestId('import-submit').click();
    await visible(form.getByTestId('import-submit').getByText('导入成功'), 30_000);
    await expect.poll(async () => form.getByTestId('import-count-inserted').innerText()).toContain('1000');
    await shot(page, 'done-zh');
    expect((await total()).total).toBe(1000);

    await form.getByTestId('import-cancel').click();
    await gone(form);
    // the page reloaded its list (in key order): the imported rows with their labels, the total in the pager
    const listed = activePage(page).locator('.ant-table-tbody tr.ant-table-row');
    await visible(listed.nth(0).getByText('导入的书 0001', { exact: true }));
    await visible(listed.nth(0).getByText('小说', { exact: true }));
    await visible(listed.nth(1).getByText('导入的书 0002', { exact: true }));
    await visible(listed.nth(1).getByRole('cell', { name: '历史', exact: true }));
    await visible(activePage(page).locator('.ant-pagination-total-text', { hasText: '共 1000 条' }));

    // a file with one bad row: refused, its problem by row and column, nothing written
    await page.getByTestId('toolbar-table-import').click();
    const again = dialog(page);
    const bad = [rows[0]!, ['好书', '小说', '1'], ['坏书', '诗歌', '2']];
    await again.locator('[data-testid="import-upload"] input[type=file]').setInputFiles(xlsx(bad, 'bad.xlsx'));
    await visible(again.locator('.ant-upload-list-item-done', { hasText: 'bad.xlsx' }));
    await again.getByTestId('import-submit').click();
    const problems = again.getByTestId('import-problems');
    await visible(problems);
    await visible(problems.getByText('“诗歌”不是可选的值，应为 小说、历史 之一'));
    await visible(problems.getByText('类别 / Genre'));
    expect((await total()).total).toBe(1000);
    await again.getByTestId('import-cancel').click();
    await gone(again);

    // update on the key: the first book gets a new price, nothing is added
    await page.getByTestId('toolbar-table-import').click();
    const update = dialog(page);
    await update.getByText('更新', { exact: true }).click();
    await update.locator('[data-testid="import-upload"] input[type=file]').setInputFiles(
      xlsx(
        [
          ['编号', '价格'],
          ['1', '99.5'],
        ],
        'price.xlsx',
      ),
    );
    await visible(update.locator('.ant-upload-list-item-done', { hasText: 'price.xlsx' }));
    await update.getByTestId('import-submit').click();
    await visible(update.getByTestId('import-submit').getByText('导入成功'));
    expect(await update.getByTestId('import-count-updated').innerText()).toBe('1');
    await shot(page, 'update-zh');
    await update.getByTestId('import-cancel').click();
    await gone(update);
    await visible(listed.nth(0).getByText('99.50', { exact: true }));
    expect((await total()).total).toBe(1000);

    // the first book's history: the update by import, then the import itself (its run of keys) with the price of that
    // time; restored in one click
    await listed.nth(0).getByTestId('row-history').click();
    const panel = page
      .locator('.ant-drawer:visible')
      .filter({ has: page.getByTestId('history-drawer') })
      .last();
    const revisions = panel.getByTestId('history-revision');
    await expect.poll(() => revisions.count()).toBe(2);
    expect(await revisions.nth(0).locator('tbody tr').filter({ hasText: '价格' }).first().innerText()).toMatch(/0\.10?\s+99\.50?/);
    expect(await revisions.nth(1).locator('tbody tr').filter({ hasText: '书名' }).first().innerText()).toContain('导入的书 0001');
    expect(await revisions.nth(1).locator('tbody tr').filter({ hasText: '价格' }).first().innerText()).toMatch(/0\.10?/);
    await revisions.nth(1).getByTestId('history-restore').click();
    await page.getByRole('button', { name: '恢复到此版本' }).last().click();
    await visible(page.getByText('已恢复到所选版本'));
    await expect.poll(() => revisions.count()).toBe(3);
    await page.keyboard.press('Escape');
    await gone(panel);
    await visible(listed.nth(0).getByText('0.10', { exact: true }));

    // in English the dialog speaks English
    await page.evaluate(() => localStorage.setItem('qb.lang', 'en-US'));
    await page.reload();
    await visible(activePage(page).getByTestId('crud-table'));
    await page.getByTestId('toolbar-table-import').click();
    const en = dialog(page);
    await visible(en.getByText('Import into Books'));
    await visible(en.getByText('Match on'));
    await en.locator('[data-testid="import-upload"] input[type=file]').setInputFiles(xlsx(bad, 'bad.xlsx'));
    await visible(en.locator('.ant-upload-list-item-done', { hasText: 'bad.xlsx' }));
    await en.getByTestId('import-submit').click();
    await visible(en.getByTestId('import-problems').getByText('"诗歌" is not one of the choices: Novel, History'));
    await shot(page, 'en');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.evaluate(() => localStorage.setItem('qb.lang', 'zh-CN'));
  });
});
