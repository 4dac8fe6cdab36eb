#!/usr/bin/env node
// Saves PNGs of the system management pages (issue 10) at 1280x800 in both languages into
// docs/screenshots/page-<name>-<zh|en>.png: 菜单管理 (tree), its icon picker, its 数据设计 drawer, 角色管理 (tree),
// 操作日志 (the changes column, and an entry's stored record), 登录日志, the navigation's 开发工具. Usage: node web/e2e/system-screenshots.mjs [--no-build] [name ...]
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT_DIR, api, apiLogin, buildWeb, defineBookTable, launchBrowser, requireChineseFont, startServer, uiLogin } from './harness.mjs';

const OUT = join(ROOT_DIR, 'docs', 'screenshots');
requireChineseFont();
mkdirSync(OUT, { recursive: true });
if (!process.argv.includes('--no-build')) buildWeb();

const crud = (page) => page.locator('.qb-crud:visible');
const expand = (page, text) => crud(page).locator('.ant-table-row').filter({ hasText: text }).first().locator('.qb-expand').click();

/** [file name, route, what to do before the shot] */
const PAGES = [
  ['menu', 'menu', async (page) => expand(page, /系统管理|System/)],
  [
    'menu-icons',
    'menu',
    async (page) => {
      await crud(page).getByTestId('toolbar-add').click();
      await page.getByTestId('icon-picker-open').click();
      await page.getByTestId('icon-picker-grid').waitFor();
    },
  ],
  [
    'menu-layout',
    'menu',
    async (page) => {
      await crud(page).locator('.ant-table-row').filter({ hasText: '/manage/book' }).locator('.qb-row-action').first().click();
      await page.getByTestId('layout-list-price').waitFor();
    },
  ],
  ['role', 'role', async (page) => expand(page, '超级管理员')],
  ['operationLog', 'sys_operationLog'],
  [
    // the whole list of an entry with its stored record (issue 19 #12)
    'operationLog-raw',
    'sys_operationLog',
    async (page) => {
      await crud(page).getByTestId('changes-cell').first().hover();
      await page.getByTestId('changes-raw-toggle').click();
      await page.getByTestId('changes-raw').waitFor();
    },
  ],
  ['loginLog', 'sys_loginLog'],
  [
    // the navigation: 开发工具 with the data pages an administrator finds there, icons on the second level (issue 19 #13, #14)
    'nav-devtools',
    'menu',
    async (page) =>
      page
        .getByTestId('nav-menu')
        .getByText(/^(开发工具|Developer tools)$/)
        .click(),
  ],
];
const only = process.argv.slice(2).filter((a) => !a.startsWith('--'));

const server = await startServer({ captcha: 'off' });
const token = await apiLogin(server.url);
await defineBookTable(server.url, token, server.dataDir, 'book');
await api(server.url, token, '/api/action/save/', {
  method: 'POST',
  body: { _flag: 'sys_menu', params: { name: '图书', url: '/manage/book', icon: 'BookOutlined', sortNum: -1 } },
});
for (const [title, genre, price] of [
  ['红楼梦', 1, 39.9],
  ['史记', 2, 42.5],
]) {
  await api(server.url, token, '/api/action/save/', { method: 'POST', body: { _flag: 'book', params: { title, genre, price } } });
}
// a few writes for the operation log: a role added, renamed and switched off
const role = await api(server.url, token, '/api/action/save/', {
  method: 'POST',
  body: { _flag: 'sys_role', params: { name: '内容编辑', department: '内容部' } },
});
const roleId = role.body.data.id;
await api(server.url, token, '/api/action/save/', {
  method: 'POST',
  body: { _flag: 'sys_role', params: { id: roleId, name: '题库编辑', department: '题库组', enable: 0 } },
});
// a role's grants changed, and refused logins, for the logs
const menus = (await api(server.url, token, '/api/system/menu/')).body.data;
const menuId = (name) => menus.find((m) => m.name === name).id;
await api(server.url, token, '/api/access/role/', { method: 'POST', body: { roleId, grants: [{ menuId: menuId('菜单管理'), actions: ['view'] }] } });
await api(server.url, token, '/api/access/role/', {
  method: 'POST',
  body: {
    roleId,
    grants: [
      { menuId: menuId('菜单管理'), actions: ['view', 'save'] },
      { menuId: menuId('登录日志'), actions: ['view'] },
    ],
  },
});
// an account given roles and a form designed then changed: the log reads them by names and fields (issue 31 #7)
const account = await api(server.url, token, '/api/user/save/', { method: 'POST', body: { params: { loginid: 'editor1', name: '编辑一' } } });
await api(server.url, token, '/api/user/roles/', { method: 'POST', body: { id: account.body.data.id, roleIds: [roleId] } });
const bookForm = {
  version: 2,
  fields: [
    { kind: 'text', name: 'title', label: { zh: '书名', en: 'Title' } },
    { kind: 'number', name: 'price', label: { zh: '价格', en: 'Price' } },
  ],
};
const designed = await api(server.url, token, '/api/action/save/', {
  method: 'POST',
  body: { _flag: 'sys_layTable', params: { name: '图书表单', tableKey: 'bookForm', formJson: JSON.stringify(bookForm) } },
});
await api(server.url, token, '/api/action/save/', {
  method: 'POST',
  body: {
    _flag: 'sys_layTable',
    params: {
      id: designed.body.data.id,
      formJson: JSON.stringify({ ...bookForm, fields: [...bookForm.fields, { kind: 'textarea', name: 'intro', label: { zh: '简介', en: 'Summary' } }] }),
    },
  },
});
for (const loginid of ['admin', 'nobody'])
  await fetch(`${server.url}/api/user/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ loginid, pass: '0'.repeat(64) }),
  });
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
      await page.evaluate(() => localStorage.removeItem('qb.tabs'));
      await page.goto(`${server.url}/manage/${route}`);
      await page.locator('[data-testid="crud-table"][data-rows]:visible').first().waitFor();
      if (prepare) await prepare(page);
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
