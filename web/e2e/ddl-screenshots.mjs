#!/usr/bin/env node
// Screenshots of what the server side of issue 11 makes visible: a table defined, created with createSqlTable
// (then altered) and given a menu by POST /api/datasources/menu/, its generated page; the DDL history
// (sys_ddlHistory) and /manage/dataSMana as generic pages. 1280x800, both languages, into
// docs/screenshots/ddl-<name>-<zh|en>.png. Usage: node web/e2e/ddl-screenshots.mjs [--no-build]
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT_DIR, api, apiLogin, buildWeb, launchBrowser, requireChineseFont, startServer, uiLogin } from './harness.mjs';

const OUT = join(ROOT_DIR, 'docs', 'screenshots');
requireChineseFont();
mkdirSync(OUT, { recursive: true });
if (!process.argv.includes('--no-build')) buildWeb();

const must = (r, what) => {
  if (r.status !== 200) throw new Error(`${what}: ${JSON.stringify(r.body)}`);
  return r.body.data;
};

const server = await startServer({ captcha: 'off' });
const browser = await launchBrowser();
try {
  const token = await apiLogin(server.url);
  const post = (path, body) => api(server.url, token, path, { method: 'POST', body });
  const sheet = must(
    await post('/api/action/masterSlave/', {
      _flag: 'sys_dataSheet',
      _flagChidren: 'sys_tableFields',
      bindField: 'parentid',
      mainData: { tableName: 'goods', intro: '商品', titleEn: 'Goods', parentid: 10000 },
      chidrenData: [
        { columnName: 'id', type: 'int', primaryKey: 1, autoIncrement: 1, intro: '编号', titleEn: 'No.' },
        { columnName: 'title', type: 'nvarchar', length: 40, nonEmpty: 1, intro: '品名', titleEn: 'Name' },
        { columnName: 'price', type: 'money', intro: '价格', titleEn: 'Price' },
      ],
    }),
    'define',
  );
  must(await post('/api/action/createSqlTable/', { id: sheet.id }), 'create');
  must(
    await post('/api/action/save/', {
      _flag: 'sys_tableFields',
      params: { parentid: sheet.id, columnName: 'stock', type: 'int', intro: '库存', titleEn: 'Stock' },
    }),
    'add column',
  );
  must(await post('/api/action/createSqlTable/', { id: sheet.id }), 'alter');
  must(await post('/api/datasources/menu/', { sheetId: sheet.id }), 'menu');
  for (const [title, price, stock] of [
    ['苹果', 3.5, 120],
    ['香蕉', 2.8, 80],
    ['橙子', 4.2, 64],
  ])
    must(await post('/api/action/save/', { _flag: 'goods', params: { title, price, stock } }), 'row');
  for (const [name, isDataBase, intro] of [
    ['题库', 1, '本系统数据库'],
    ['questionBank', 0, '题目'],
    ['goods', 0, '商品'],
  ]) {
    must(await post('/api/action/save/', { _flag: 'sys_dataMana', params: { name, isDataBase, intro } }), 'dataMana');
  }
  const shots = [];
  for (const [lang, suffix] of [
    ['zh-CN', 'zh'],
    ['en-US', 'en'],
  ]) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: lang });
    await context.addInitScript((l) => localStorage.setItem('qb.lang', l), lang);
    const page = await context.newPage();
    await uiLogin(page, server.url);
    for (const [name, route] of [
      ['generated', 'goods'],
      ['history', 'sys_ddlHistory'],
      ['dataSMana', 'dataSMana'],
    ]) {
      await page.evaluate(() => localStorage.removeItem('qb.tabs'));
      await page.goto(`${server.url}/manage/${route}`);
      await page
        .locator('[data-testid="crud-table"][data-rows]:visible')
        .first()
        .waitFor({ timeout: 15_000 })
        .catch(() => {});
      await page.waitForTimeout(1200);
      const file = join(OUT, `ddl-${name}-${suffix}.png`);
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
