#!/usr/bin/env node
// How long a person waits for the actions of the system pages (issue 19, "Speed a person feels"), in headless
// Chromium 1440x900, Chinese, motion on. Needs web/dist (npm run bench -w web builds it first; WEB_DIST points the
// server elsewhere). Starts its own server (temporary DATA_DIR) and defines, through the API, one table per run that
// is not created yet. Each run opens the page in a new browser context with the session stored, waits until the page
// is idle (no request for 500 ms, then 1 s more), as a person who opened it and now clicks:
//   用户管理 新增 → 账号, 姓名 filled → 保存 … the dialog with the new account's one-time password;
//   数据表管理 创建表 on a table not created yet … the SQL preview; its 执行 … the 建表成功 message;
//   生成页面 on the created table … its question where the menu goes (the group list loaded); 确定 … the page is made;
//   表单设计 查看json … the drawer's code editor (CodeMirror); a reload of 表单设计 … the designer usable (palette and canvas).
// Timed inside the page: performance.now() at the click event (capture phase, before the app's handlers) to the
// animation frame in which the target is first visible (checked at the start of every frame); the reload from
// the navigation's start. Prints the median of RUNS runs per action (the target: under 1000 ms; a figure over it does
// not fail the script, a step that never completes within 20 s does). Each click is the first of its kind in the page:
// what the page did not preload while it idled loads then.
// Usage: node web/scripts/bench-actions.mjs [--runs N] [--profile] (--profile: one run more, not counted, that prints
// the requests started and the long tasks seen after each click and writes a CPU profile of each action to
// /tmp/bench-actions-<action>.cpuprofile, for Chromium's DevTools)
import { writeFileSync } from 'node:fs';
import { apiLogin, defineBookSheet, launchBrowser, startServer } from '../e2e/harness.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const RUNS = Number(arg('--runs', 5));
const PROFILE = process.argv.includes('--profile');
const TARGET_MS = 1000;
const STEP_TIMEOUT_MS = 20_000;
/** Pads to a width in terminal columns (a Chinese character takes two). */
const pad = (s, width) => s + ' '.repeat(Math.max(0, width - [...s].reduce((w, c) => w + (/[\u2e80-\uffef]/.test(c) ? 2 : 1), 0)));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const stamp = Date.now() % 1_000_000;

const ACTIONS = [
  ['user-save', '用户管理 保存 → one-time password dialog'],
  ['create-preview', '数据表管理 创建表 → SQL preview'],
  ['create-run', '数据表管理 执行 → 建表成功'],
  ['page-open', '数据表管理 生成页面 → parent-menu question'],
  ['page-confirm', '数据表管理 生成页面 确定 → page made'],
  ['json-open', '表单设计 查看json → code editor'],
  ['designer-reload', '表单设计 reload → designer usable'],
];

/**
 * In the page: resolves in the first animation frame in which every selector of `all` matches a visible element (with
 * `text` in it, none of `none` inside it); with the ms since the click (or since the navigation's start
 * when `fromNavigation`), the requests started and the long tasks seen meanwhile. Resolves with null after `timeout`.
 */
function watch({ all, text, none, fromNavigation, timeout }) {
  const shown = (el) => {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) return false;
    const s = getComputedStyle(el);
    return s.visibility !== 'hidden' && s.display !== 'none';
  };
  const found = (css) =>
    [...document.querySelectorAll(css)].some((el) => shown(el) && (!text || el.textContent.includes(text)) && !(none && el.querySelector(none)));
  const longTasks = [];
  let observer;
  try {
    observer = new PerformanceObserver((list) => longTasks.push(...list.getEntries().map((e) => ({ start: e.startTime, ms: e.duration }))));
    observer.observe({ type: 'longtask', buffered: true });
  } catch {
    // no long task timing
  }
  let t0 = fromNavigation ? 0 : undefined;
  const clicked = (e) => {
    if (t0 === undefined && e.isTrusted) t0 = performance.now();
  };
  window.addEventListener('click', clicked, true);
  return new Promise((resolve) => {
    let done = false;
    const finish = (end) => {
      if (done) return;
      done = true;
      observer?.disconnect();
      window.removeEventListener('click', clicked, true);
      if (end === null) return resolve(null);
      const resources = performance
        .getEntriesByType('resource')
        .filter((r) => r.startTime >= t0)
        .map((r) => ({ name: r.name.replace(location.origin, ''), start: r.startTime - t0, ms: r.duration }));
      resolve({ ms: end - t0, resources, longTasks: longTasks.filter((l) => l.start + l.ms >= t0).map((l) => ({ start: l.start - t0, ms: l.ms })) });
    };
    // checked at the start of every frame (before its layout and paint): the first frame that shows the target
    const frame = () => {
      if (done) return;
      if (t0 !== undefined && all.every(found)) finish(performance.now());
      else requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
    setTimeout(() => finish(null), timeout);
  });
}

/** A browser context as a person has it, the session stored, with a count of the requests in flight. */
async function openPage(browser, url, token, path) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  context.setDefaultTimeout(STEP_TIMEOUT_MS);
  await context.addInitScript((t) => localStorage.setItem('qb.token', t), token);
  const page = await context.newPage();
  const inFlight = new Set();
  page.on('request', (r) => inFlight.add(r));
  page.on('requestfinished', (r) => inFlight.delete(r));
  page.on('requestfailed', (r) => inFlight.delete(r));
  page.on('pageerror', (e) => console.error(`  page error on /manage/${path}: ${e.message}`));
  /** Until no request has been in flight for 500 ms, then 1 s more: the page is idle, a person reads it. */
  page.idle = async () => {
    let quietSince = Date.now();
    const deadline = Date.now() + STEP_TIMEOUT_MS;
    while (Date.now() - quietSince < 500) {
      if (Date.now() > deadline) throw new Error(`/manage/${path} never went idle`);
      await page.waitForTimeout(50);
      if (inFlight.size > 0) quietSince = Date.now();
    }
    await page.waitForTimeout(1000);
  };
  await page.goto(`${url}/manage/${path}`, { waitUntil: 'networkidle' });
  await page.idle();
  return { context, page };
}

/**
 * One timed action: arms the watch in the page, runs `act` (the click), answers the watch's result. With --profile on
 * the last run, a CPU profile of it too.
 */
async function timed(page, name, target, act, profile) {
  let cdp;
  if (profile) {
    cdp = await page.context().newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  const options = { none: null, text: null, fromNavigation: false, timeout: STEP_TIMEOUT_MS, ...target };
  let result;
  if (target.fromNavigation) {
    await act();
    result = await page.evaluate(watch, options);
  } else {
    // armed before the click: the page runs this call before the click's own calls and its input
    const pending = page.evaluate(watch, options);
    await act();
    result = await pending;
  }
  if (cdp) {
    const { profile: p } = await cdp.send('Profiler.stop');
    writeFileSync(`/tmp/bench-actions-${name}.cpuprofile`, JSON.stringify(p));
    await cdp.detach();
  }
  if (!result) throw new Error(`${name}: the target never showed within ${STEP_TIMEOUT_MS / 1000} s (${JSON.stringify(target.all)})`);
  return result;
}

const server = await startServer({ captcha: 'off' });
const browser = await launchBrowser();
const figures = Object.fromEntries(ACTIONS.map(([key]) => [key, []]));
const details = {};
let failed = false;
try {
  const token = await apiLogin(server.url);
  // with --profile, one run more, not counted: the profiler slows what it watches
  const total = RUNS + (PROFILE ? 1 : 0);
  const tables = Array.from({ length: total }, (_, i) => `benchact${stamp}${i}`);
  for (const name of tables) await defineBookSheet(server.url, token, name);

  for (let run = 0; run < total; run++) {
    const profile = run === RUNS;
    const record = (key, result) => {
      if (profile) details[key] = result;
      else figures[key].push(result.ms);
    };

    // 用户管理: a new account, its one-time password shown
    {
      const { context, page } = await openPage(browser, server.url, token, 'user');
      const crud = page.locator('.qb-crud:visible');
      await crud.getByTestId('toolbar-add').click();
      const form = page.locator('.ant-modal:visible').filter({ has: page.getByTestId('schema-form') });
      await form.waitFor();
      await form.getByTestId('form-field-loginid').locator('input').fill(`bench${stamp}${run}`);
      await form.getByTestId('form-field-name').locator('input').fill('测速账号');
      const submit = form.getByTestId('schema-dialog-submit');
      record('user-save', await timed(page, 'user-save', { all: ['[data-testid="new-password"]'] }, () => submit.click(), profile));
      await context.close();
    }

    // 数据表管理: 创建表 (preview, 执行), then 生成页面 (question, 确定)
    {
      const { context, page } = await openPage(browser, server.url, token, 'dataMana');
      const row = page.locator('.qb-crud:visible .ant-table-tbody tr.ant-table-row').filter({ hasText: tables[run] });
      await row.waitFor();
      await page.idle();
      record(
        'create-preview',
        await timed(page, 'create-preview', { all: ['[data-testid="sql-preview"]'] }, () => row.getByRole('button', { name: '创建表' }).click(), profile),
      );
      await page.idle();
      record(
        'create-run',
        await timed(page, 'create-run', { all: ['.ant-message-notice'], text: '建表成功' }, () => page.getByTestId('confirm-create-table').click(), profile),
      );
      await row.getByText('是', { exact: true }).waitFor();
      await page.idle();
      record(
        'page-open',
        await timed(
          page,
          'page-open',
          // the question with its group list loaded (no loading arrow in the select)
          { all: ['[data-testid="generated-page-parent"]', '[data-testid="generated-page-place"]'], none: '.anticon-loading' },
          () => row.getByRole('button', { name: '生成页面' }).click(),
          profile,
        ),
      );
      await page.idle();
      record(
        'page-confirm',
        await timed(page, 'page-confirm', { all: ['[data-testid="open-generated-page"]'] }, () => page.getByTestId('generated-page-place').click(), profile),
      );
      await context.close();
    }

    // 表单设计: 查看json, then a reload
    {
      const { context, page } = await openPage(browser, server.url, token, 'layTable');
      record(
        'json-open',
        await timed(
          page,
          'json-open',
          { all: ['.ant-drawer-open [data-testid="json-editor"] .cm-editor'] },
          () => page.getByTestId('designer-json').click(),
          profile,
        ),
      );
      await page.locator('.ant-drawer-open .ant-drawer-close').click();
      await page.locator('.ant-drawer-open').waitFor({ state: 'detached' });
      await page.idle();
      record(
        'designer-reload',
        await timed(
          page,
          'designer-reload',
          { all: ['[data-testid="palette-text"]', '[data-testid="designer-canvas"]'], fromNavigation: true },
          () => page.reload({ waitUntil: 'commit' }),
          profile,
        ),
      );
      await context.close();
    }
  }
} catch (error) {
  failed = true;
  console.error(`\nFAILED: ${error.message}`);
} finally {
  await browser.close();
  await server.stop();
}

const done = ACTIONS.filter(([key]) => figures[key].length > 0);
if (done.length) {
  console.log(
    `\nAction → result shown, median of ${RUNS} runs, headless Chromium 1440x900, a freshly opened page idle before each run (target ${TARGET_MS} ms);`,
  );
  console.log(`timed in the page (performance.now()) from the click event, the reload from the navigation's start, to the frame that shows the result:`);
  for (const [key, label] of done) {
    const runs = figures[key];
    const m = median(runs);
    console.log(
      `  ${pad(label, 48)} ${String(m.toFixed(0)).padStart(5)} ms${m > TARGET_MS ? ' (over)' : '       '}  (runs ${runs.map((x) => x.toFixed(0)).join(', ')})`,
    );
  }
}
if (PROFILE) {
  for (const [key, label] of ACTIONS) {
    const d = details[key];
    if (!d) continue;
    console.log(`\n${label}: ${d.ms.toFixed(0)} ms; CPU profile /tmp/bench-actions-${key}.cpuprofile`);
    const at = (ms) => `${ms < 0 ? '-' : '+'}${Math.abs(ms).toFixed(0)} ms`;
    for (const r of d.resources) console.log(`  request at ${at(r.start)}, ${r.ms.toFixed(0)} ms: ${r.name}`);
    for (const l of d.longTasks) console.log(`  long task at ${at(l.start)}, ${l.ms.toFixed(0)} ms`);
  }
}
if (failed) process.exit(1);
