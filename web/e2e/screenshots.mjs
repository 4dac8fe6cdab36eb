#!/usr/bin/env node
// Saves PNGs of the login page, the shell and the home page in both languages at 1280x800 (and the home page at
// 1920x1080) into docs/screenshots/. Usage: node web/e2e/screenshots.mjs [--no-build]
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT_DIR, buildWeb, launchBrowser, requireChineseFont, startServer, uiLogin } from './harness.mjs';

const OUT = join(ROOT_DIR, 'docs', 'screenshots');
requireChineseFont();
mkdirSync(OUT, { recursive: true });
if (!process.argv.includes('--no-build')) buildWeb();

const withCaptcha = await startServer({ captcha: 'on' });
const plain = await startServer({ captcha: 'off' });
const browser = await launchBrowser();
const shots = [];

async function newPage(lang, viewport = { width: 1280, height: 800 }) {
  const context = await browser.newContext({ viewport, locale: lang });
  await context.addInitScript((l) => {
    if (!sessionStorage.getItem('qb.shot')) {
      localStorage.setItem('qb.lang', l);
      sessionStorage.setItem('qb.shot', '1');
    }
  }, lang);
  return { context, page: await context.newPage() };
}

async function shot(page, name) {
  // let animations (menu, message toasts) settle
  await page.waitForTimeout(1200);
  const file = join(OUT, `${name}.png`);
  await page.screenshot({ path: file });
  shots.push(file);
}

try {
  for (const [lang, suffix] of [
    ['zh-CN', 'zh'],
    ['en-US', 'en'],
  ]) {
    {
      const { context, page } = await newPage(lang);
      await page.goto(`${withCaptcha.url}/user/login`);
      await page.locator('[data-testid="captcha"] img').waitFor();
      await shot(page, `login-${suffix}`);
      await context.close();
    }
    const { context, page } = await newPage(lang);
    await uiLogin(page, plain.url);
    await page.getByTestId('bill-flow-chart').locator('svg.recharts-surface').first().waitFor();
    await shot(page, `home-${suffix}`);
    // the shell with a few pages open from the menu
    const menu = page.getByTestId('nav-menu');
    await menu.getByText(lang === 'zh-CN' ? '题库管理' : 'Question bank', { exact: true }).click();
    await menu.getByText(lang === 'zh-CN' ? '考题科目' : 'Subjects', { exact: true }).click();
    await menu.getByText(lang === 'zh-CN' ? '系统管理' : 'System', { exact: true }).click();
    await menu.getByText(lang === 'zh-CN' ? '角色管理' : 'Roles', { exact: true }).click();
    await menu.getByText(lang === 'zh-CN' ? '菜单管理' : 'Menus', { exact: true }).click();
    await page.getByTestId('not-built').last().waitFor();
    await page.getByTestId('user-menu').click();
    await shot(page, `shell-${suffix}`);
    await context.close();
  }
  {
    const { context, page } = await newPage('zh-CN', { width: 1920, height: 1080 });
    await uiLogin(page, plain.url);
    await page.getByTestId('bill-flow-chart').locator('svg.recharts-surface').first().waitFor();
    await shot(page, 'home-zh-1920');
    await context.close();
  }
  {
    const { context, page } = await newPage('zh-CN', { width: 900, height: 700 });
    await uiLogin(page, plain.url);
    await page.getByTestId('bill-flow-chart').locator('svg.recharts-surface').first().waitFor();
    await shot(page, 'home-zh-900');
    await context.close();
  }
  console.log(shots.join('\n'));
} finally {
  await browser.close();
  await withCaptcha.stop();
  await plain.stop();
}
