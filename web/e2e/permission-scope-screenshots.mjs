#!/usr/bin/env node
// Saves PNGs of 权限管理's 数据范围 (issue 33 #4) at 1280x800 in both languages into docs/screenshots:
// page-permission-scope-<zh|en>.png (a role's grants with 自定义, 仅本人创建 and a filter set through the API) and
// page-permission-scope-dialog-<zh|en>.png (the 自定义 dialog: the page's search fields and the filter as text).
// Usage: node web/e2e/permission-scope-screenshots.mjs [--no-build]
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
const subjects = (await api(server.url, token, '/api/select/?_flag=questionsClass&row=100')).body.data;
const subject = (name) => subjects.find((s) => s.name === name).id;
const menus = (await api(server.url, token, '/api/system/menu/')).body.data;
const menuId = (url) => menus.find((m) => m.url === url).id;
const role = (await post('/api/action/save/', { _flag: 'sys_role', params: { name: '申论编辑', department: '内容部' } })).body.data.id;
const saved = await post('/api/access/role/', {
  roleId: role,
  grants: [
    { menuId: menuId('/manage/questionsClass'), actions: ['view'] },
    // set through the API: a list of subjects, which the search fields cannot express
    { menuId: menuId('/manage/questionsSmallClass'), actions: ['view'], rowFilter: { subjectId: [subject('行政职业能力测验'), subject('申论')] } },
    { menuId: menuId('/manage/questionBank'), actions: ['view', 'save', 'export'], rowFilter: { parentId: subject('申论') } },
    { menuId: menuId('/manage/member'), actions: ['view'], rowFilter: { createdBy: '$CURRENT_USER' } },
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
    await page.getByTestId('permission-role-tree').getByText('申论编辑', { exact: true }).click();
    const questions = menuId('/manage/questionBank');
    await page.getByTestId(`scope-text-${questions}`).filter({ hasText: /申论/ }).waitFor();
    await page.waitForTimeout(300);
    const file = join(OUT, `page-permission-scope-${suffix}.png`);
    await page.screenshot({ path: file });
    shots.push(file);
    await page.getByTestId(`scope-edit-${questions}`).click();
    await page.getByTestId('scope-dialog').locator('.ant-cascader').filter({ hasText: '申论' }).waitFor();
    await page.waitForTimeout(400);
    const dialog = join(OUT, `page-permission-scope-dialog-${suffix}.png`);
    await page.screenshot({ path: dialog });
    shots.push(dialog);
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
console.log(shots.join('\n'));
