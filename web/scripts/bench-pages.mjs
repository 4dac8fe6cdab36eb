#!/usr/bin/env node
// Time to a usable page for the system pages a person opens by typed URL or reload (issue 19, "Speed a person
// feels"), in headless Chromium. Needs web/dist (npm run bench -w web builds it first). Starts its own server
// (temporary DATA_DIR) and, for each page, opens a new browser context with the session already stored, types the
// URL and waits until the page is usable: the content area is there, no page placeholder or spinner is left in it,
// a table (if the page has one) holds its rows. Prints the median of RUNS runs per page (the target: under 1 s), and
// the first open of 菜单管理 after the server started (in a fresh server: its first call of each kind).
// Then the same typed URLs in new tabs of one browser context that has opened the app before (an operator's usual
// case: HTTP cache warm, and each page's opening calls and code remembered, src/api/earlyCalls.ts). In the traces of
// these contexts V8 compiles the code again on every load: a real browser's code cache may do better than this.
// Then, for each page, one more load of each kind watched closely (scripts/pageLoadBreakdown.mjs): what it fetched
// before it was usable (files, bytes, API calls), how many waves of requests it waited for one after the other, and
// the main thread's CPU time by kind of work. These counts hardly move with the machine's load, the times do.
// Usage: node web/scripts/bench-pages.mjs [--runs N] [--pages a,b] [--latency MS] [--profile PATH] [--no-breakdown] [--persistent]
// (--profile: also writes a CPU profile of one load of that path, e.g. --profile layTable, to
// /tmp/bench-pages-<path>.cpuprofile, for Chromium's DevTools). WEB_DIST=dir measures a build elsewhere (the server's
// own variable). --persistent: the warm tabs in a browser profile on disk (a desktop browser's: HTTP cache on disk and
// V8's code cache) instead of a Playwright context, which is off the record: no code cache for any script there
// (docs/web-pages.md, "Issue 31, the last pass"); its watched loads have no main-thread trace.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { apiLogin, launchBrowser, startServer } from '../e2e/harness.mjs';
import { formatBreakdown, summarizeBreakdowns, watchLoad } from './pageLoadBreakdown.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const RUNS = Number(arg('--runs', 5));
const PROFILE = arg('--profile', '');
// --latency MS: every request of the page waits MS more (Chromium's network emulation), as over a real network
const LATENCY = Number(arg('--latency', 0));
const BREAKDOWN = !process.argv.includes('--no-breakdown');
const PERSISTENT = process.argv.includes('--persistent');
// issue 31: on a quiet machine, so that a busy one stays under 1 s
const TARGET_NEW_MS = 700;
const TARGET_WARM_MS = 500;
const ALL_PAGES = ['connSql', 'dataMana', 'dataSMana', 'layTable', 'menu', 'role', 'user', 'permission', 'questionBank'];
// --pages menu,user: only those (a quicker look at one change)
const PAGES = arg('--pages', '') ? arg('--pages', '').split(',') : ALL_PAGES;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Resolves, in the page, with performance.now() once the page is usable (checked on every DOM change and frame). */
const whenUsable = () =>
  new Promise((resolve) => {
    const usable = () => {
      const content = document.querySelector('[data-testid="content"]');
      if (!content || document.querySelector('[data-testid="page-loading"]')) return false;
      if (content.querySelector('.ant-spin-spinning, .ant-skeleton-active')) return false;
      const table = content.querySelector('[data-testid="crud-table"]');
      if (table && !table.hasAttribute('data-rows')) return false;
      // a page's own content, not the heading alone
      return content.querySelectorAll('button, input, table, canvas, [role="tree"], [role="tab"]').length > 0;
    };
    const check = () => {
      if (!usable()) return false;
      requestAnimationFrame(() => resolve(performance.now()));
      return true;
    };
    if (check()) return;
    const observer = new MutationObserver(() => check() && observer.disconnect());
    observer.observe(document, { subtree: true, childList: true, attributes: true });
  });

/** Resolves once the page has remembered its opening (src/api/earlyCalls.ts: when it is idle), or after 6 s. */
const whenRemembered = (path) =>
  new Promise((resolve) => {
    const started = performance.now();
    const check = () => {
      const stored = JSON.parse(localStorage.getItem('qb.earlyCalls') ?? '{}');
      if (stored.paths?.[`/manage/${path}`]?.scripts || performance.now() - started > 6000) resolve(undefined);
      else setTimeout(check, 50);
    };
    check();
  });

async function openPage(browser, url, token, path, profile, shared, watch, stay) {
  const context = shared ?? (await browser.newContext({ viewport: { width: 1440, height: 900 } }));
  if (!shared) await context.addInitScript((t) => localStorage.setItem('qb.token', t), token);
  const page = await context.newPage();
  if (LATENCY) {
    const network = await context.newCDPSession(page);
    await network.send('Network.enable');
    await network.send('Network.emulateNetworkConditions', { offline: false, latency: LATENCY, downloadThroughput: -1, uploadThroughput: -1 });
  }
  let cdp;
  if (profile) {
    cdp = await context.newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.start');
  }
  const watching = watch ? await watchLoad(browser, context, page) : undefined;
  await page.goto(`${url}/manage/${path}`, { waitUntil: 'commit' });
  const ms = await page.evaluate(whenUsable);
  // an operator stays on a page they opened: it remembers then what a typed URL of it starts early next time
  if (stay) await page.evaluate(whenRemembered, path);
  const breakdown = watching ? await watching(ms) : undefined;
  if (cdp) {
    const { profile: p } = await cdp.send('Profiler.stop');
    writeFileSync(`/tmp/bench-pages-${path}.cpuprofile`, JSON.stringify(p));
  }
  if (shared) await page.close();
  else await context.close();
  return watch ? { ms, breakdown } : ms;
}

const server = await startServer({ captcha: 'off' });
const browser = await launchBrowser();
const load = () =>
  loadavg()
    .map((x) => x.toFixed(1))
    .join(' ');
const loadBefore = load();
try {
  const token = await apiLogin(server.url);
  const first = await openPage(browser, server.url, token, 'menu');
  const figures = [];
  for (const path of PAGES) {
    const runs = [];
    for (let run = 0; run < RUNS; run++) runs.push(await openPage(browser, server.url, token, path));
    figures.push({ path, runs });
  }
  // The usual case of an operator: a new tab of a browser that has used the app before (its HTTP cache holds the
  // immutable assets and its code cache their compiled code), a typed URL in it.
  const profileDir = PERSISTENT ? mkdtempSync(join(tmpdir(), 'bench-pages-profile-')) : '';
  const returning = PERSISTENT
    ? await chromium.launchPersistentContext(profileDir, {
        executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
        args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
        viewport: { width: 1440, height: 900 },
      })
    : await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await returning.addInitScript((t) => localStorage.setItem('qb.token', t), token);
  // each page opened once and stayed on, as an operator does (the tab is closed as soon as it is usable only in the
  // timed runs)
  for (const path of PAGES) await openPage(browser, server.url, token, path, false, returning, false, true);
  const warm = [];
  for (const path of PAGES) {
    const runs = [];
    for (let run = 0; run < RUNS; run++) runs.push(await openPage(browser, server.url, token, path, false, returning));
    warm.push({ path, runs });
  }
  // one watched load of each page and kind: counts, not times (the watching itself slows the load)
  const watched = { new: [], warm: [] };
  if (BREAKDOWN) {
    for (const path of PAGES) watched.new.push({ path, ...(await openPage(browser, server.url, token, path, false, undefined, true)) });
    // a persistent profile is another browser: its loads are watched without a trace of the main thread
    for (const path of PAGES)
      watched.warm.push({ path, ...(await openPage(PERSISTENT ? undefined : browser, server.url, token, path, false, returning, true)) });
  }
  await returning.close();
  if (profileDir) rmSync(profileDir, { recursive: true, force: true });
  if (PROFILE) await openPage(browser, server.url, token, PROFILE, true);
  console.log(
    `\nTyped URL -> usable page, median of ${RUNS} runs, headless Chromium 1440x900, new browser context each run${LATENCY ? `, ${LATENCY} ms added to every request` : ''} (target on a quiet machine ${TARGET_NEW_MS} ms; load average ${loadBefore} before, ${load()} after):`,
  );
  for (const { path, runs } of figures) {
    console.log(`  /manage/${path.padEnd(14)} ${String(median(runs).toFixed(0)).padStart(5)} ms  (runs ${runs.map((x) => x.toFixed(0)).join(', ')})`);
  }
  console.log(`  first /manage/menu after the server started: ${first.toFixed(0)} ms`);
  console.log(
    `\nThe same in a new tab of a browser that has opened the app before (${PERSISTENT ? 'a profile on disk: HTTP cache and V8 code cache' : 'a Playwright context: HTTP cache, no V8 code cache'}; target ${TARGET_WARM_MS} ms):`,
  );
  for (const { path, runs } of warm) {
    console.log(`  /manage/${path.padEnd(14)} ${String(median(runs).toFixed(0)).padStart(5)} ms  (runs ${runs.map((x) => x.toFixed(0)).join(', ')})`);
  }
  if (BREAKDOWN) {
    for (const [kind, list] of Object.entries(watched)) {
      console.log(
        `\nWhere the time goes, ${kind === 'new' ? 'new browser context' : 'warm tab'}: one watched load per page (${list.map((x) => x.ms.toFixed(0)).join(', ')} ms)`,
      );
      console.log(summarizeBreakdowns(list));
      for (const { path, breakdown } of list) console.log(formatBreakdown(path, breakdown));
    }
  }
  if (PROFILE) console.log(`  CPU profile of /manage/${PROFILE}: /tmp/bench-pages-${PROFILE}.cpuprofile`);
} finally {
  await browser.close();
  await server.stop();
}
