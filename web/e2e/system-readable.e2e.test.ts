import { beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api, apiLogin, sessionLogin } from './harness.mjs';
import { gone, useBrowser, visible } from './support.ts';

/** Issue 19 (the system pages as a person uses them): what a person sees on the pages, in the browser. */
const base = inject('baseUrl');
const b = useBrowser();
let token: string;
const stamp = Date.now() % 1_000_000;

const activePage = (page: Page) => page.locator('.qb-crud:visible');
const dialog = (page: Page) => page.locator('.ant-modal:visible').filter({ has: page.getByTestId('schema-form') });
const headers = (page: Page) => activePage(page).locator('.ant-table-thead th').allInnerTexts();

beforeAll(async () => {
  token = await apiLogin(base);
});
beforeEach(async () => {
  await sessionLogin(b.page, base, token);
});

/** A table defined and created on the local database through the API, as the data-table manager does it. */
async function createLocalTable(name: string): Promise<number> {
  const defined = await api(base, token, '/api/action/masterSlave/', {
    method: 'POST',
    body: {
      _flag: 'sys_dataSheet',
      _flagChidren: 'sys_tableFields',
      mainData: { tableName: name, intro: `书架${stamp}`, parentid: 10000 },
      chidrenData: [
        { columnName: 'id', type: 'int', primaryKey: 1, autoIncrement: 1, intro: '编号' },
        { columnName: 'title', type: 'nvarchar', length: 80, intro: '书名' },
      ],
      bindField: 'parentid',
    },
  });
  expect(defined.status).toBe(200);
  const sheets = await api(base, token, `/api/select/?_flag=sys_dataSheet&wheres=${encodeURIComponent(JSON.stringify({ tableName: name }))}`);
  const id = Number((sheets.body!.data as { id: number }[])[0].id);
  const created = await api(base, token, '/api/action/createSqlTable/', { method: 'POST', body: { id } });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return id;
}

const addColumn = async (sheetId: number, columnName: string, intro: string) => {
  const saved = await api(base, token, '/api/action/save/', {
    method: 'POST',
    body: { _flag: 'sys_tableFields', params: { parentid: sheetId, columnName, type: 'int', intro } },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
};

describe('defect 4: a column added to a created table shows on its open page', () => {
  it('after 刷新 on the generated page, and after 创建表 in the data-table manager without 刷新', async () => {
    const { page } = b;
    const name = `shelf${stamp}`;
    const sheetId = await createLocalTable(name);
    await page.goto(`${base}/manage/${name}`);
    await visible(activePage(page).getByText('书名', { exact: true }));

    // ALTER through the API while the page is open: 刷新 reads the definition again
    await addColumn(sheetId, 'pages', '页数');
    const altered = await api(base, token, '/api/action/createSqlTable/', { method: 'POST', body: { id: sheetId } });
    expect(altered.status, JSON.stringify(altered.body)).toBe(200);
    expect(await headers(page)).not.toContain('页数');
    await activePage(page).getByTestId('toolbar-refresh').click();
    await expect.poll(() => headers(page), { timeout: 10_000 }).toContain('页数');

    // ALTER through 创建表 in another tab: the page's tab shows the column when it comes back
    await addColumn(sheetId, 'shelf', '层号');
    await page.goto(`${base}/manage/dataMana`);
    await page.getByTestId('source-tree').getByText('本地数据库', { exact: true }).click();
    const listed = activePage(page).locator('.ant-table-tbody tr.ant-table-row', { hasText: name });
    await visible(listed);
    await listed.getByRole('button', { name: '创建表' }).click();
    await visible(page.getByTestId('sql-preview'));
    await page.getByTestId('confirm-create-table').click();
    await visible(page.getByText('表结构已更新', { exact: true }));
    await page
      .getByTestId('tags-track')
      .locator('[role="tab"]', { hasText: `书架${stamp}` })
      .click();
    await page.waitForURL(`${base}/manage/${name}`);
    await expect.poll(() => headers(page), { timeout: 10_000 }).toContain('层号');
  });
});

describe('defect 5: the generic add/edit dialog does not scroll sideways', () => {
  for (const width of [1280, 1440, 1920]) {
    it(`at ${width} px wide`, async () => {
      const { page } = b;
      await page.setViewportSize({ width, height: 900 });
      for (const route of ['member', 'questionBank', 'menu']) {
        await page.goto(`${base}/manage/${route}`);
        await activePage(page).getByTestId('toolbar-add').click();
        const form = dialog(page);
        await visible(form);
        const sizes = await form.evaluate((modal) =>
          // what can scroll: the modal's wrap (the window's layer), the dialog and its body
          [modal.closest('.ant-modal-wrap')!, modal, ...modal.querySelectorAll('.ant-modal-container, .ant-modal-body')].map((e) => ({
            cls: e.className.split(' ')[0],
            scrollWidth: e.scrollWidth,
            clientWidth: e.clientWidth,
          })),
        );
        for (const s of sizes) expect(s.scrollWidth, `${route} ${s.cls} at ${width}`).toBeLessThanOrEqual(s.clientWidth);
        await form.getByTestId('schema-dialog-cancel').click();
        await gone(form);
      }
    });
  }
});

describe('defect 14: the data pages are found, and 生成页面 asks where the menu goes', () => {
  it('an administrator finds 数据源管理, 数据库管理 and 数据表管理 under 开发工具 (their group stays hidden)', async () => {
    const { page } = b;
    const nav = page.getByTestId('nav-menu');
    expect(await nav.getByText('基础管理', { exact: true }).count()).toBe(0);
    await nav.getByText('开发工具', { exact: true }).click();
    for (const name of ['数据源管理', '数据库管理', '数据表管理']) await visible(nav.getByText(name, { exact: true }));
    await nav.getByText('数据库管理', { exact: true }).click();
    await page.waitForURL(`${base}/manage/dataMana`);
    await visible(page.getByTestId('source-tree'));
  });

  it('生成页面 puts the menu under the group picked', async () => {
    const { page } = b;
    const name = `placed${stamp}`;
    await createLocalTable(name);
    await page.goto(`${base}/manage/dataMana`);
    await page.getByTestId('source-tree').getByText('本地数据库', { exact: true }).click();
    const listed = activePage(page).locator('.ant-table-tbody tr.ant-table-row', { hasText: name });
    await visible(listed);
    await listed.getByRole('button', { name: '生成页面' }).click();
    const picker = page.getByTestId('generated-page-parent');
    await visible(picker);
    // the menu tree may still be loading when the picker first opens (a loaded CI machine): open it until the group shows
    const group = page
      .locator('.ant-select-dropdown:visible .ant-select-tree-node-content-wrapper')
      .filter({ hasText: /^系统管理$/ })
      .first();
    for (let attempt = 0; attempt < 4; attempt++) {
      if (!(await page.locator('.ant-select-dropdown:visible').count())) await picker.locator('.ant-select').click();
      if (
        await group.waitFor({ state: 'visible', timeout: 5_000 }).then(
          () => true,
          () => false,
        )
      )
        break;
      await page.keyboard.press('Escape');
    }
    await group.click();
    await page.getByTestId('generated-page-place').click();
    await visible(page.getByTestId('open-generated-page'));
    const menus = (await api(base, token, '/api/system/menu/')).body!.data as { id: number; name: string; url: string; parentMenu: number }[];
    const system = menus.find((m) => m.name === '系统管理')!;
    expect(menus.find((m) => m.url === `/manage/${name}`)).toMatchObject({ parentMenu: system.id });
    await page.getByTestId('open-generated-page').click();
    await page.waitForURL(`${base}/manage/${name}`);
    // the navigation shows it under 系统管理
    await visible(page.getByTestId('nav-menu').getByText(`书架${stamp}`, { exact: true }));
  });
});
