#!/usr/bin/env node
// Screenshots for docs/accessibility.md, taken the same way before and after the accessibility work:
//   a11y-contrast-<screen>-<state>.png  the login page with its errors, the member list and its add dialog after a
//                                       failed save; every element axe-core finds short of WCAG AA contrast is framed in red
//   a11y-focus-<state>.png              where the keyboard focus is, reached with Tab and arrow keys only: a menu
//                                       entry, a tag tab, a toolbar button, a row checkbox, a row action, pagination
// Usage: node web/e2e/a11y-screenshots.mjs --state before|after [--no-build]
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT_DIR, buildWeb, launchBrowser, requireChineseFont, startServer, uiLogin } from './harness.mjs';
import { openRoute, runAxe, settle } from './a11y.mjs';

const stateAt = process.argv.indexOf('--state');
const STATE = stateAt > 0 ? process.argv[stateAt + 1] : '';
if (!['before', 'after'].includes(STATE)) {
  console.error('usage: node web/e2e/a11y-screenshots.mjs --state before|after [--no-build]');
  process.exit(1);
}
const OUT = join(ROOT_DIR, 'docs', 'screenshots');
requireChineseFont();
mkdirSync(OUT, { recursive: true });
if (!process.argv.includes('--no-build')) buildWeb();

/** Frames the elements axe finds short of contrast (an overlay: the page itself is not restyled). */
async function frameContrastFailures(page) {
  const failing = (await runAxe(page)).filter((v) => v.id === 'color-contrast').flatMap((v) => v.nodes.map((n) => n.target));
  await page.evaluate((targets) => {
    for (const target of targets) {
      const el = document.querySelector(target);
      if (!el) continue;
      const r = el.getBoundingClientRect();
      const box = document.createElement('div');
      box.className = 'a11y-shot-frame';
      Object.assign(box.style, {
        position: 'fixed',
        left: `${r.left - 2}px`,
        top: `${r.top - 2}px`,
        width: `${r.width + 4}px`,
        height: `${r.height + 4}px`,
        border: '2px solid #e00',
        boxSizing: 'border-box',
        pointerEvents: 'none',
        zIndex: 99999,
      });
      document.body.append(box);
    }
  }, failing);
  return failing.length;
}

/** Presses Tab (or the given key) until the focused element matches `selector`. */
async function focusWith(page, selector, key = 'Tab', max = 400) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(key);
    if (await page.evaluate((s) => !!document.activeElement?.matches(s), selector)) return;
  }
  throw new Error(`${key} never reached ${selector}`);
}

/** A clip of the page around the focused element. */
async function focusTile(page, caption) {
  await page.waitForTimeout(400);
  const r = await page.evaluate(() => {
    const b = document.activeElement.getBoundingClientRect();
    return { x: b.left, y: b.top, width: b.width, height: b.height };
  });
  const pad = 36;
  const vp = page.viewportSize();
  const x = Math.max(0, r.x - pad);
  const y = Math.max(0, r.y - pad);
  const clip = { x, y, width: Math.min(vp.width - x, Math.max(r.width + 2 * pad, 300)), height: Math.min(vp.height - y, r.height + 2 * pad) };
  return { caption, width: clip.width, png: (await page.screenshot({ clip })).toString('base64') };
}

const server = await startServer({ captcha: 'off' });
const browser = await launchBrowser();
const shots = [];
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'zh-CN' });
  const page = await context.newPage();
  const save = async (name) => {
    const file = join(OUT, `${name}-${STATE}.png`);
    await page.screenshot({ path: file });
    shots.push(file);
  };

  await page.goto(`${server.url}/user/login`);
  await page.getByTestId('login-submit').click();
  await page.locator('.ant-form-item-explain-error').first().waitFor();
  await page.mouse.move(0, 0);
  await settle(page);
  console.log('login: framed', await frameContrastFailures(page));
  await save('a11y-contrast-login');

  await uiLogin(page, server.url);
  await openRoute(page, server.url, '/manage/member');
  console.log('member: framed', await frameContrastFailures(page));
  await save('a11y-contrast-member');
  await page.evaluate(() => document.querySelectorAll('.a11y-shot-frame').forEach((e) => e.remove()));

  await page.locator('.qb-crud:visible [data-testid="toolbar-add"]').click();
  await page.locator('.ant-modal-wrap:visible [data-testid="schema-dialog-submit"]').click();
  await page.locator('.ant-modal-wrap:visible .ant-form-item-explain-error').first().waitFor();
  await page.mouse.move(0, 0);
  await settle(page);
  console.log('member dialog: framed', await frameContrastFailures(page));
  await save('a11y-contrast-member-dialog');

  await context.close();

  // the focus ring, at twice the pixels: keyboard only from a freshly loaded page (the bill list has more than one page of rows)
  const sharp = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'zh-CN', deviceScaleFactor: 2 });
  const focusPage = await sharp.newPage();
  await uiLogin(focusPage, server.url);
  await focusTiles(focusPage, sharp);
} finally {
  await browser.close();
  await server.stop();
}
console.log(shots.join('\n'));

async function focusTiles(page, context) {
  await openRoute(page, server.url, '/manage/billFlow');
  const tiles = [];
  await focusWith(page, '[data-testid="toolbar-add"]');
  tiles.push(await focusTile(page, '工具栏按钮 / toolbar button'));
  await focusWith(page, '.ant-table-tbody input[type="checkbox"]');
  tiles.push(await focusTile(page, '行选择框 / row checkbox'));
  await focusWith(page, '[data-testid="row-edit"]');
  tiles.push(await focusTile(page, '行操作 / row action'));
  await focusWith(page, '[data-testid="crud-pagination"] li[tabindex], [data-testid="crud-pagination"] button, [data-testid="crud-pagination"] input');
  tiles.push(await focusTile(page, '分页 / pagination'));
  await openRoute(page, server.url, '/manage/member');
  await focusWith(page, '[role="tab"]');
  tiles.push(await focusTile(page, '标签页 / tag tab'));
  await openRoute(page, server.url, '/manage/member');
  await focusWith(page, '[data-testid="nav-menu"], [data-testid="nav-menu"] [role="menuitem"]');
  await page.keyboard.press('ArrowDown');
  tiles.push(await focusTile(page, '导航菜单 / navigation menu'));

  const board = await context.newPage();
  await board.setContent(`<body style="margin:0;padding:16px;font:14px sans-serif;background:#fff">
    <h1 style="font-size:18px;margin:0 0 12px">键盘焦点 / keyboard focus (${STATE})</h1>
    <div style="display:flex;flex-wrap:wrap;gap:16px">${tiles
      .map(
        (t) =>
          `<figure style="margin:0;border:1px solid #ccc;padding:8px"><img src="data:image/png;base64,${t.png}" style="width:${t.width}px"><figcaption>${t.caption}</figcaption></figure>`,
      )
      .join('')}</div></body>`);
  const file = join(OUT, `a11y-focus-${STATE}.png`);
  await board.screenshot({ path: file, fullPage: true });
  shots.push(file);
}
