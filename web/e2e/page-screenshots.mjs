#!/usr/bin/env node
// Saves a PNG of every content page (and of the add/edit dialog of two of them), and of the page generated for a
// table defined at run time, at 1280x800 in both languages into docs/screenshots/page-<name>-<zh|en>.png.
// Usage: node web/e2e/page-screenshots.mjs [--no-build] [name ...] (only the pages named)
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT_DIR, api, apiLogin, buildWeb, defineBookTable, launchBrowser, requireChineseFont, startServer, uiLogin } from './harness.mjs';

const OUT = join(ROOT_DIR, 'docs', 'screenshots');
requireChineseFont();
mkdirSync(OUT, { recursive: true });
if (!process.argv.includes('--no-build')) buildWeb();

/** [file name, route, what to do before the shot] */
const PAGES = [
  ['questionsClass', 'questionsClass', async (page) => page.locator('.qb-crud:visible .qb-expand').first().click()],
  ['questionsSmallClass', 'questionsSmallClass'],
  ['questionBank', 'questionBank'],
  ['questionBank-dialog', 'questionBank', async (page) => page.locator('.qb-crud:visible [data-testid="toolbar-add"]').click()],
  ['member', 'member'],
  ['member-dialog', 'member', async (page) => page.locator('.qb-crud:visible [data-testid="toolbar-add"]').click()],
  ['billFlow', 'billFlow'],
  ['taskConfiguration', 'taskConfiguration'],
  ['user', 'user'],
  ['userList', 'userList'],
  ['role', 'role'],
  ['roleList', 'roleList', async (page) => page.locator('.qb-crud:visible .qb-expand').first().click()],
  ['testList', 'testList'],
  ['testThree', 'testThree'],
  // a table an operator defined at run time: no page module, the page comes from its metadata alone
  ['generated', 'book'],
  ['generated-dialog', 'book', async (page) => page.locator('.qb-crud:visible [data-testid="toolbar-add"]').click()],
];
const only = process.argv.slice(2).filter((a) => !a.startsWith('--'));

const server = await startServer({ captcha: 'off' });
const token = await apiLogin(server.url);
await defineBookTable(server.url, token, server.dataDir, 'book');
for (const [title, genre, price] of [
  ['红楼梦', 1, 39.9],
  ['史记', 2, 42.5],
  ['三国演义', 1, 35],
  ['资治通鉴', 2, 128],
]) {
  await api(server.url, token, '/api/action/save/', { method: 'POST', body: { _flag: 'book', params: { title, genre, price } } });
}
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
    for (const [name, route, prepare] of PAGES) {
      if (only.length && !only.includes(name)) continue;
      console.log(lang, name);
      // one tab per shot: Home and the page
      await page.evaluate(() => localStorage.removeItem('qb.tabs'));
      await page.goto(`${server.url}/manage/${route}`);
      await page
        .locator('[data-testid="crud-table"][data-rows]:visible, [data-testid="task-configuration"] form')
        .first()
        .waitFor()
        .catch(async (error) => {
          await page.screenshot({ path: join(OUT, `failed-${name}-${suffix}.png`) });
          throw error;
        });
      if (prepare) await prepare(page);
      // let data, dialogs and the editor settle
      await page.waitForTimeout(1200);
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
