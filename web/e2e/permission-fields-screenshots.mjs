#!/usr/bin/env node
// Saves PNGs of 权限管理's 字段权限 (issue 33 #4) at 1280x800 in both languages into docs/screenshots:
// page-permission-fields-<zh|en>.png (a role's grants with their 数据范围 and 字段权限 summaries) and
// page-permission-fields-dialog-<zh|en>.png (小程序用户管理's dialog: 手机号 not readable, 性别 read-only).
// Usage: node web/e2e/permission-fields-screenshots.mjs [--no-build]
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
const menus = (await api(server.url, token, '/api/system/menu/')).body.data;
const menuId = (url) => menus.find((m) => m.url === url).id;
const role = (await post('/api/action/save/', { _flag: 'sys_role', params: { name: '运营助理', department: '运营部' } })).body.data.id;
const saved = await post('/api/access/role/', {
  roleId: role,
  grants: [
    { menuId: menuId('/manage/questionBank'), actions: ['view'], fieldRules: { hidden: ['correctOptions'], readOnly: [] } },
    { menuId: menuId('/manage/member'), actions: ['view', 'save', 'export'], fieldRules: { hidden: ['phone', 'openid'], readOnly: ['gender'] } },
    { menuId: menuId('/manage/billFlow'), actions: ['view'], rowFilter: { createdBy: '$CURRENT_USER' } },
  ],
});
if (saved.status !== 200) throw new Error(`grants: ${JSON.stringify(saved.body)}`);

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
    await page.goto(`${server.url}/manage/permission`);
    await page.getByTestId('permission-role-tree').getByText('运营助理', { exact: true }).click();
    const members = menuId('/manage/member');
    await page.getByTestId(`fields-summary-${members}`).filter({ hasText: /2/ }).waitFor();
    await page.waitForTimeout(300);
    const file = join(OUT, `page-permission-fields-${suffix}.png`);
    await page.screenshot({ path: file });
    shots.push(file);
    await page.getByTestId(`fields-edit-${members}`).click();
    await page.getByTestId('fields-dialog').waitFor();
    await page.waitForTimeout(400);
    const dialog = join(OUT, `page-permission-fields-dialog-${suffix}.png`);
    await page.screenshot({ path: dialog });
    shots.push(dialog);
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
console.log(shots.join('\n'));
