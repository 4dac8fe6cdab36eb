import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { api, apiLogin, ROOT_DIR, sessionLogin } from './harness.mjs';
import { gone, useBrowser, visible } from './support.ts';

const base = inject('baseUrl');
const b = useBrowser();
const PG_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** Names of this run: a table per source, so that runs never meet. */
const run = Date.now() % 1_000_000;
const localTable = `e2elocal${run}`;
const pgTable = `e2epg${run}`;
const pgSource = `本机PG${run % 1000}`;
let token: string;

const crud = (page: Page) => page.locator('.qb-crud:visible');
const modal = (page: Page) => page.locator('.ant-modal:visible');

beforeAll(async () => {
  token = await apiLogin(base);
});
beforeEach(async () => {
  await sessionLogin(b.page, base, token);
});
afterAll(async () => {
  // the PostgreSQL table this run created, wherever the source put it
  const { Client } = createRequire(join(ROOT_DIR, 'server', 'package.json'))('pg') as typeof import('pg');
  const client = new Client({ connectionString: PG_URL });
  await client.connect();
  try {
    const found = await client.query<{ table_schema: string }>('select table_schema from information_schema.tables where table_name = $1', [pgTable]);
    for (const { table_schema } of found.rows) await client.query(`drop table if exists "${table_schema}"."${pgTable}"`);
  } finally {
    await client.end();
  }
});

/** In the data-table manager: a new table of three columns on the chosen source, saved, created after its SQL preview, its page generated and opened from the menu. */
async function defineCreateAndOpen(page: Page, sourceName: string, table: string, title: string) {
  await page.goto(`${base}/manage/dataMana`);
  await page.getByTestId('source-tree').getByText(sourceName, { exact: true }).click();
  await visible(page.getByTestId('source-tag').getByText(sourceName));
  await crud(page).getByTestId('toolbar-add').click();
  const dialog = modal(page).filter({ has: page.getByTestId('table-save') });
  await dialog.getByLabel('表名').pressSequentially(table);
  await dialog.getByLabel('描述', { exact: true }).first().pressSequentially(title);
  // three columns: the key, a required title and a price
  const grid = dialog.getByTestId('column-grid');
  const row = (i: number) => grid.locator('.ant-table-tbody tr.ant-table-row').nth(i);
  await row(0).getByTestId('column-name').pressSequentially('id');
  await row(0).getByTestId('column-type').click();
  await page.locator('.ant-select-dropdown:visible').getByTitle('int', { exact: true }).click();
  await row(0).getByLabel('主键').check();
  await row(0).getByLabel('自增').check();
  await row(0).getByTestId('column-intro').pressSequentially('编号');
  await dialog.getByTestId('column-add').click();
  await row(1).getByTestId('column-name').pressSequentially('title');
  await row(1).getByLabel('非空').check();
  await row(1).getByTestId('column-intro').pressSequentially('书名');
  await dialog.getByTestId('column-add').click();
  await row(2).getByTestId('column-name').pressSequentially('price');
  await row(2).getByTestId('column-type').click();
  await page.locator('.ant-select-dropdown:visible').getByTitle('money', { exact: true }).click();
  await row(2).getByTestId('column-intro').pressSequentially('价格');
  await dialog.getByTestId('table-save').click();
  await visible(page.getByText('保存成功', { exact: true }));
  await gone(dialog);

  const listed = crud(page).locator('.ant-table-tbody tr.ant-table-row', { hasText: table });
  await visible(listed);
  await listed.getByRole('button', { name: '创建表' }).click();
  const preview = page.getByTestId('sql-preview');
  await visible(preview);
  expect(await preview.innerText()).toContain('CREATE TABLE');
  expect(await preview.innerText()).toContain(table);
  await page.getByTestId('confirm-create-table').click();
  await visible(page.getByText('建表成功', { exact: true }));
  await visible(listed.getByText('是', { exact: true }));

  await listed.getByRole('button', { name: '建表历史' }).click();
  const history = page.getByTestId('ddl-history');
  await visible(history.getByTestId('sql-preview').filter({ hasText: 'CREATE TABLE' }).filter({ hasText: table }));
  await page.locator('.ant-drawer-close:visible').click();
  await gone(history);

  await listed.getByRole('button', { name: '生成页面' }).click();
  // where the menu goes: the default, 数据页面
  await page.getByTestId('generated-page-place').click();
  await gone(page.getByTestId('generated-page-parent'));
  await visible(page.getByTestId('open-generated-page'));
  await page.getByRole('button', { name: /取\s*消/ }).click();
  // the side menu has its entry now: open the page from there
  const menu = page.getByTestId('nav-menu');
  const entry = menu.getByText(title, { exact: true });
  if (!(await entry.isVisible())) await menu.getByText('数据页面', { exact: true }).click();
  await entry.click();
  await page.waitForURL(`${base}/manage/${table}`);
}

/** On the generated page: a row added through its dialog, then found with the search bar. */
async function addAndFind(page: Page, bookTitle: string) {
  await visible(crud(page).getByTestId('crud-table'));
  await crud(page).getByTestId('toolbar-add').click();
  const form = modal(page).filter({ has: page.getByTestId('schema-form') });
  await form.getByLabel('书名').pressSequentially(bookTitle);
  await form.getByLabel('价格').pressSequentially('42.5');
  await form.getByTestId('schema-dialog-submit').click();
  await visible(page.getByText('保存成功', { exact: true }));
  await gone(form);
  await crud(page).getByTestId('toolbar-add').click();
  await form.getByLabel('书名').pressSequentially('另一本');
  await form.getByTestId('schema-dialog-submit').click();
  await gone(form);
  await visible(crud(page).getByText('另一本', { exact: true }));

  await crud(page).getByTestId('search-bar').getByLabel('书名').pressSequentially(bookTitle.slice(0, 2));
  await crud(page).getByTestId('search-submit').click();
  // other pages stay mounted in their tabs: only the visible table counts
  await expect.poll(() => crud(page).getByTestId('crud-table').getAttribute('data-rows'), { timeout: 10_000 }).toBe('1');
  const row = crud(page).locator('.ant-table-tbody tr.ant-table-row').first();
  await visible(row.getByText(bookTitle, { exact: true }));
  await visible(row.getByText('42.50', { exact: true }));
}

describe('data sources, real tables and their pages', () => {
  it('on the local database: define three columns, create the table, generate its page, add a row and find it', async () => {
    const { page } = b;
    await defineCreateAndOpen(page, '本地数据库', localTable, `图书${run}`);
    await addAndFind(page, '史记本地');
    const rows = await api(base, token, `/api/select/?_flag=${localTable}&wheres=${encodeURIComponent(JSON.stringify({ title: '史记本地' }))}`);
    expect(rows.body!.data).toMatchObject([{ title: '史记本地', price: 42.5 }]);
  });

  it('on PostgreSQL: the connection added and tested through 数据源管理, then the same', async () => {
    const { page } = b;
    await page.goto(`${base}/manage/connSql`);
    await crud(page).getByTestId('toolbar-add').click();
    const dialog = modal(page).filter({ has: page.getByTestId('conn-save') });
    await dialog.getByLabel('连接名称').pressSequentially(pgSource);
    await dialog.getByLabel('英文名称').pressSequentially('localpg');
    await dialog.getByLabel('数据库类型').click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('PostgreSQL', { exact: true }).click();
    await dialog.getByLabel('主机地址').pressSequentially('127.0.0.1');
    expect(await dialog.getByLabel('端口').inputValue()).toBe('5432');
    await dialog.getByLabel('数据库名称').pressSequentially('test');
    await dialog.getByLabel('用户名').pressSequentially('postgres');
    await dialog.getByLabel('密码', { exact: true }).pressSequentially('not-needed-trust');
    // a wrong database first: the dialog says why
    await dialog.getByLabel('数据库名称').fill('no_such_db_e2e');
    await dialog.getByTestId('conn-test').click();
    await visible(dialog.getByTestId('conn-test-result').getByText('连接失败'), 15_000);
    await dialog.getByLabel('数据库名称').fill('test');
    await dialog.getByTestId('conn-test').click();
    await visible(dialog.getByText(/连接成功，用时 \d+ 毫秒/), 15_000);
    await dialog.getByTestId('conn-save').click();
    await visible(page.getByText('保存成功', { exact: true }));
    await gone(dialog);
    await visible(crud(page).getByText(pgSource, { exact: true }));

    await defineCreateAndOpen(page, pgSource, pgTable, `PG图书${run}`);
    await addAndFind(page, '史记PG');
  });
});
