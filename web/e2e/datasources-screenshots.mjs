#!/usr/bin/env node
// Saves the data-source pages (issue 11) at 1280x800 in both languages into docs/screenshots/page-<name>-<zh|en>.png:
// connSql (list and dialog after a connection test), dataMana (a source chosen, the table dialog, its choice list and
// reference editors, the SQL preview),
// dataSMana, layTable (both tabs). Usage: flock /tmp/qb-e2e.lock node web/e2e/datasources-screenshots.mjs [--no-build]
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT_DIR, api, apiLogin, buildWeb, launchBrowser, requireChineseFont, startServer, uiLogin } from './harness.mjs';

const OUT = join(ROOT_DIR, 'docs', 'screenshots');
requireChineseFont();
mkdirSync(OUT, { recursive: true });
if (!process.argv.includes('--no-build')) buildWeb();

const server = await startServer({ captcha: 'off' });
const token = await apiLogin(server.url);
const post = (path, body) => api(server.url, token, path, { method: 'POST', body });
const save = (flag, params) => post('/api/action/save/', { _flag: flag, params });
const pg = await save('sys_connsql', {
  name: '本机PG',
  englishName: 'localpg',
  sqlType: 4,
  mainAddr: '127.0.0.1',
  port: 5432,
  databaseName: 'test',
  databaseUser: 'postgres',
  databasePsd: 'x',
});
await save('sys_connsql', {
  name: '报表库',
  englishName: 'report',
  sqlType: 2,
  mainAddr: '127.0.0.1',
  port: 3306,
  databaseName: 'test',
  databaseUser: 'root',
  databasePsd: 'x',
});
const columns = [
  { columnName: 'id', type: 'int', primaryKey: 1, autoIncrement: 1, nonEmpty: 1, intro: '编号', titleEn: 'No.' },
  { columnName: 'title', type: 'nvarchar', length: 80, nonEmpty: 1, intro: '书名', titleEn: 'Title' },
  // a 默认值: in the grid, the CREATE TABLE preview and the table (issue 31 #8)
  { columnName: 'price', type: 'money', defaults: '0', intro: '价格', titleEn: 'Price' },
  { columnName: 'published', type: 'datetime', intro: '出版日期', titleEn: 'Published' },
  // a choice list and a reference (issue 31 #3)
  {
    columnName: 'genre',
    type: 'int',
    intro: '类别',
    titleEn: 'Genre',
    options: JSON.stringify([
      { value: 1, zh: '小说', en: 'Novel' },
      { value: 2, zh: '历史', en: 'History' },
    ]),
  },
  { columnName: 'subject', type: 'int', intro: '科目', titleEn: 'Subject', refTable: 'questionsClass', refLabel: 'name' },
];
const book = await post('/api/action/masterSlave/', {
  _flag: 'sys_dataSheet',
  _flagChidren: 'sys_tableFields',
  mainData: { tableName: 'shotbook', intro: '图书', titleEn: 'Books', parentid: 10000 },
  chidrenData: columns,
  bindField: 'parentid',
});
await post('/api/action/createSqlTable/', { id: book.body.data.id });
await post('/api/action/masterSlave/', {
  _flag: 'sys_dataSheet',
  _flagChidren: 'sys_tableFields',
  mainData: { tableName: 'shotauthor', intro: '作者', parentid: 10000 },
  chidrenData: columns.slice(0, 3),
  bindField: 'parentid',
});
for (const [name, isDataBase] of [
  ['题库主库', 1],
  ['questionBank', 0],
  ['sys_member', 0],
])
  await save('sys_dataMana', { name, isDataBase, intro: '' });
await save('sys_layTable', { name: '图书登记表', tableKey: 'bookForm', tableName: 'shotbook', databaseId: pg.body.data.id, isCreateTable: 1 });
await save('sys_layTable', { name: '会员资料', tableKey: 'memberForm', tableName: 'sys_member', databaseId: pg.body.data.id, isCreateTable: 0 });

const crud = (page) => page.locator('.qb-crud:visible');
const SHOTS = [
  ['connSql', 'connSql'],
  [
    'connSql-dialog',
    'connSql',
    async (page) => {
      await crud(page).getByTestId('row-edit').first().click();
      await page.getByTestId('conn-test').click();
      await page.getByTestId('conn-test-result').waitFor({ timeout: 15_000 });
    },
  ],
  ['dataMana', 'dataMana', async (page) => page.getByTestId('source-10000').click()],
  [
    'dataMana-dialog',
    'dataMana',
    async (page) => {
      await page.getByTestId('source-10000').click();
      await crud(page).locator('.ant-table-tbody tr.ant-table-row', { hasText: 'shotbook' }).getByTestId('row-edit').click();
      await page.getByTestId('column-grid').locator('tr.ant-table-row').nth(5).waitFor();
    },
  ],
  // the column grid's choice list and reference (issue 31 #3)
  [
    'dataMana-options',
    'dataMana',
    async (page) => {
      await page.getByTestId('source-10000').click();
      await crud(page).locator('.ant-table-tbody tr.ant-table-row', { hasText: 'shotbook' }).getByTestId('row-edit').click();
      await page.getByTestId('column-grid').locator('tr.ant-table-row').nth(4).getByTestId('column-options').click();
      await page.getByTestId('options-editor').waitFor();
    },
  ],
  [
    'dataMana-reference',
    'dataMana',
    async (page) => {
      await page.getByTestId('source-10000').click();
      await crud(page).locator('.ant-table-tbody tr.ant-table-row', { hasText: 'shotbook' }).getByTestId('row-edit').click();
      await page.getByTestId('column-grid').locator('tr.ant-table-row').nth(5).getByTestId('column-reference').click();
      await page.getByTestId('reference-label').waitFor();
    },
  ],
  [
    'dataMana-preview',
    'dataMana',
    async (page) => {
      await crud(page)
        .locator('.ant-table-tbody tr.ant-table-row', { hasText: 'shotauthor' })
        .getByRole('button', { name: /^(创建表|Create)$/ })
        .click();
      await page.getByTestId('sql-preview').waitFor();
    },
  ],
  [
    'dataMana-history',
    'dataMana',
    async (page) => {
      await crud(page)
        .locator('.ant-table-tbody tr.ant-table-row', { hasText: 'shotbook' })
        .getByRole('button', { name: /^(历史|Log)$/ })
        .click();
      await page.getByTestId('ddl-history').getByTestId('sql-preview').first().waitFor();
    },
  ],
  ['dataSMana', 'dataSMana'],
  ['layTable', 'layTable'],
  [
    'layTable-definitions',
    'layTable',
    async (page) => {
      await page.getByRole('tab', { name: /表单定义|Form definitions/ }).click();
      await crud(page).getByTestId('crud-table').waitFor();
    },
  ],
];
const only = process.argv.slice(2).filter((a) => !a.startsWith('--'));

const browser = await launchBrowser();
const shots = [];
try {
  for (const [lang, suffix] of [
    ['zh-CN', 'zh'],
    ['en-US', 'en'],
  ]) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: lang });
    await context.addInitScript((l) => localStorage.setItem('qb.lang', l), lang);
    const page = await context.newPage();
    await uiLogin(page, server.url);
    for (const [name, route, prepare] of SHOTS) {
      if (only.length && !only.includes(name)) continue;
      console.log(lang, name);
      await page.evaluate(() => localStorage.removeItem('qb.tabs'));
      await page.goto(`${server.url}/manage/${route}`);
      await page.waitForTimeout(1500);
      try {
        if (prepare) await prepare(page);
      } catch (error) {
        await page.screenshot({ path: join(OUT, `failed-${name}-${suffix}.png`) });
        throw error;
      }
      await page.waitForTimeout(1000);
      const file = join(OUT, `page-${name}-${suffix}.png`);
      await page.screenshot({ path: file });
      shots.push(file);
    }
    await context.close();
  }
  console.log(shots.join('\n'));
} finally {
  await browser.close();
  await server.stop();
}
