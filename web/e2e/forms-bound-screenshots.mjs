#!/usr/bin/env node
// Saves PNGs of a table page whose add dialog is a bound form definition (issue 12): the form designed for testList
// (a row of two fields, a checkbox, a field shown by linkage), its messages after an empty save, in both languages,
// into docs/screenshots/forms-bound-<zh|en>.png and forms-bound-messages-<zh|en>.png.
// Usage: flock /tmp/qb-e2e.lock node web/e2e/forms-bound-screenshots.mjs [--no-build]
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT_DIR, api, apiLogin, buildWeb, launchBrowser, requireChineseFont, startServer, uiLogin } from './harness.mjs';

const OUT = join(ROOT_DIR, 'docs', 'screenshots');
requireChineseFont();
mkdirSync(OUT, { recursive: true });
if (!process.argv.includes('--no-build')) buildWeb();

const form = {
  version: 2,
  labelWidth: 100,
  fields: [
    {
      kind: 'row',
      name: 'row101',
      label: { zh: '' },
      children: [
        {
          kind: 'text',
          name: 'name',
          span: 12,
          label: { zh: '姓名', en: 'Name' },
          placeholder: { zh: '请输入姓名', en: 'Name' },
          rules: { required: true, maxLength: 20 },
        },
        { kind: 'number', name: 'age', span: 12, label: { zh: '年龄', en: 'Age' }, rules: { min: 0, max: 150 } },
      ],
    },
    {
      kind: 'radio',
      name: 'sex',
      label: { zh: '性别', en: 'Sex' },
      button: true,
      defaultValue: 1,
      options: [
        { label: { zh: '男', en: 'Male' }, value: 1 },
        { label: { zh: '女', en: 'Female' }, value: 2 },
      ],
    },
    {
      kind: 'textarea',
      name: 'desc',
      label: { zh: '描述', en: 'Description' },
      rules: { required: true, maxLength: 200 },
      linkage: [{ when: { field: 'sex', op: 'equals', value: 2 }, then: 'show' }],
    },
    {
      kind: 'checkbox',
      name: 'mark',
      label: { zh: '标签', en: 'Tags' },
      options: [
        { label: { zh: '热门', en: 'Hot' }, value: 1 },
        { label: { zh: '推荐', en: 'Recommended' }, value: 2 },
        { label: { zh: '精选', en: 'Featured' }, value: 3 },
      ],
      rules: { max: 2 },
    },
    { kind: 'rate', name: 'lvl', label: { zh: '等级', en: 'Level' }, showText: true },
    { kind: 'switch', name: 'status', label: { zh: '状态', en: 'Status' }, activeValue: 1, inactiveValue: 0, defaultValue: 1 },
  ],
};

const server = await startServer({ captcha: 'off' });
const token = await apiLogin(server.url);
await api(server.url, token, '/api/action/save/', {
  method: 'POST',
  body: { _flag: 'sys_layTable', params: { name: '测试列表表单', tableKey: 'testListForm', tableName: 'testList', formJson: JSON.stringify(form) } },
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
    await page.evaluate(() => localStorage.removeItem('qb.tabs'));
    await page.goto(`${server.url}/manage/testList`);
    await page.locator('[data-testid="crud-table"][data-rows]:visible').first().waitFor();
    await page.locator('.qb-crud:visible [data-testid="toolbar-add"]').click();
    const dialog = page.locator('.ant-modal:visible');
    await dialog.waitFor();
    // 女 shows the description (linkage)
    await dialog.locator('.ant-radio-button-wrapper').nth(1).click();
    await page.waitForTimeout(800);
    let file = join(OUT, `forms-bound-${suffix}.png`);
    await page.screenshot({ path: file });
    shots.push(file);
    await dialog.locator('[data-testid="schema-dialog-submit"]').click();
    await page.waitForTimeout(800);
    file = join(OUT, `forms-bound-messages-${suffix}.png`);
    await page.screenshot({ path: file });
    shots.push(file);
    await context.close();
  }
  console.log(shots.join('\n'));
} finally {
  await browser.close();
  await server.stop();
}
