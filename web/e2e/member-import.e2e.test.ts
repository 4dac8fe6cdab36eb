import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import * as XLSX from '@e965/xlsx';
import { api, apiLogin, ROOT_DIR, sessionLogin } from './harness.mjs';
import { gone, useBrowser, visible } from './support.ts';

/**
 * The members' import in the browser (issue 31 #1, #6; docs/decisions.md "Natural key of a table (import)"): 去重字段
 * is preset to 手机号, so the same member file imported twice adds its members once; a row with two bad cells lists both.
 * `IMPORT_SCREENSHOTS=1` also writes docs/screenshots/import-member-zh.png.
 */
const base = inject('baseUrl');
const b = useBrowser();
const stamp = String(Date.now() % 100_000_000).padStart(8, '0');
const phones = ['1', '2', '3'].map((n) => `13${stamp}${n}`);

const dialog = (page: Page) => page.locator('.ant-modal:visible').filter({ has: page.getByTestId('import-submit') });

function xlsx(rows: unknown[][], name: string) {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), '会员');
  return {
    name,
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer,
  };
}

async function importFile(page: Page, rows: unknown[][], name: string) {
  await page.getByTestId('toolbar-table-import').click();
  const form = dialog(page);
  await visible(form.getByText('导入小程序用户管理'));
  // the natural key, as the server answers it, before anyone touches the field
  await visible(form.getByTestId('table-import-key').getByText('手机号 (phone)'));
  await form.locator('[data-testid="import-upload"] input[type=file]').setInputFiles(xlsx(rows, name));
  await visible(form.locator('.ant-upload-list-item-done', { hasText: name }));
  await form.getByTestId('import-submit').click();
  return form;
}

describe('the members import', () => {
  it('matches on the phone by default: the same file twice adds its members once; every bad cell of a row is listed', async () => {
    const { page } = b;
    const token = await apiLogin(base);
    // the live members holding the file's phones
    const count = async () => {
      let total = 0;
      for (const phone of phones) {
        const wheres = encodeURIComponent(JSON.stringify({ phone }));
        total += ((await api(base, token, `/api/select/?_flag=sys_member&row=1&wheres=${wheres}`)).body as { total?: number }).total ?? 0;
      }
      return total;
    };
    await sessionLogin(page, base, token);
    await page.goto(`${base}/manage/member`);
    await visible(page.locator('.qb-crud:visible').getByTestId('crud-table'));
    const file = [
      ['*昵称 / Nickname', '*手机号 / Phone', '性别 / Gender'],
      ['浏览器甲', phones[0], '男'],
      ['浏览器乙', phones[1], '女'],
      ['浏览器丙', phones[2], ''],
    ];

    const first = await importFile(page, file, 'members.xlsx');
    await visible(first.getByTestId('import-submit').getByText('导入成功'), 30_000);
    expect(await first.getByTestId('import-count-inserted').innerText()).toContain('3');
    await first.getByTestId('import-cancel').click();
    await gone(first);
    expect(await count()).toBe(3);

    const second = await importFile(page, file, 'members.xlsx');
    await visible(second.getByTestId('import-submit').getByText('导入成功'), 30_000);
    expect(await second.getByTestId('import-count-inserted').innerText()).toContain('0');
    expect(await second.getByTestId('import-count-skipped').innerText()).toContain('3');
    await second.getByTestId('import-cancel').click();
    await gone(second);
    expect(await count()).toBe(3);

    const bad = await importFile(page, [file[0]!, ['两处错', `13${stamp}9`.repeat(2), '不详']], 'bad.xlsx');
    const problems = bad.getByTestId('import-problems');
    await visible(problems.getByText('字段 手机号 / Phone 的长度不能超过 20'), 30_000);
    await visible(problems.getByText('“不详”不是可选的值，应为 男、女、未知 之一'));
    if (process.env.IMPORT_SCREENSHOTS === '1') {
      mkdirSync(join(ROOT_DIR, 'docs', 'screenshots'), { recursive: true });
      await gone(page.locator('.ant-message-notice').filter({ hasText: '导入成功' })); // the earlier import's toast
      await page.waitForTimeout(400); // transitions settle
      await page.screenshot({ path: join(ROOT_DIR, 'docs', 'screenshots', 'import-member-zh.png') });
    }
    await bad.getByTestId('import-cancel').click();
    await gone(bad);
    expect(await count()).toBe(3);
  });
});
