#!/usr/bin/env node
// Time from navigation to 400 rendered rows of the questionBank page in headless Chromium, and the JS size of
// that page's chunk. Needs web/dist (npm run bench -w web builds it first). Starts its own server (temporary
// DATA_DIR), creates 400 questions through the API, then measures:
//   in-app: on the home page, once the shell has preloaded the menu's page code, a click on the menu entry ->
//           the table holds 400 rows and its first row is painted (the target: under 300 ms)
//   warm:   the same click after another table page (members) was shown: the generic page's styles are
//           injected and its code has run once, what is left is this page's own work
//   cold:   page.goto('/manage/questionBank') in a new browser context -> the same (HTML, every script, the
//           session check, the menu and the page's rows; printed for reference)
// Each figure is the median of RUNS runs (default 5). Usage: node web/scripts/bench-table.mjs [--runs N]
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { WEB_DIR, api, apiLogin, launchBrowser, startServer } from '../e2e/harness.mjs';

const ROWS = 400;
const TARGET_MS = 300;
const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 5;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** The page's own chunk, and everything it loads that the shell has not loaded already. */
function pageChunkSize() {
  const dist = join(WEB_DIR, 'dist');
  const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
  const gz = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length / 1024;
  const closure = (key, seen = new Set()) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return seen;
    seen.add(key);
    for (const dep of chunk.imports ?? []) closure(dep, seen);
    return seen;
  };
  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
  const layout = Object.keys(manifest).find((k) => k.endsWith('shell/ManageLayout.tsx'));
  const before = new Set([...closure(entry), ...closure(layout)]);
  const pageKey = Object.keys(manifest).find((k) => k.endsWith('pages/content/QuestionBankPage.tsx'));
  const own = manifest[pageKey].file;
  const added = [...closure(pageKey)]
    .filter((k) => !before.has(k))
    .map((k) => manifest[k].file)
    .filter((f) => f.endsWith('.js'));
  return { own, ownKb: gz(own), added, addedKb: added.reduce((s, f) => s + gz(f), 0) };
}

async function createQuestions(url, token) {
  const [subject] = (await api(url, token, `/api/select/?_flag=questionsClass&row=1&wheres=${encodeURIComponent('{"parentId":{"type":"gt","value":0}}')}`)).body
    .data;
  const batch = 20;
  for (let i = 0; i < ROWS; i += batch) {
    await Promise.all(
      Array.from({ length: batch }, (_, j) =>
        api(url, token, '/api/action/save/', {
          method: 'POST',
          body: {
            _flag: 'questionBank',
            params: {
              parentId: subject.id,
              name: `基准题目 ${i + j + 1}：下列哪一项正确？`,
              options: JSON.stringify(['甲', '乙', '丙', '丁']),
              correctOptions: 'B',
              subject: '<p>基准解析</p>',
            },
          },
        }),
      ),
    );
  }
}

/** Resolves, in the page, with performance.now() when the table holds 400 rows and a row is painted. */
const waitForRows = (rows) =>
  new Promise((resolve) => {
    const check = () => {
      const table = document.querySelector(`[data-testid="crud-table"][data-rows="${rows}"]`);
      if (table && table.querySelector('.ant-table-row')) {
        requestAnimationFrame(() => resolve(performance.now()));
        return true;
      }
      return false;
    };
    if (check()) return;
    const observer = new MutationObserver(() => check() && observer.disconnect());
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-rows'] });
  });

const server = await startServer({ captcha: 'off' });
const browser = await launchBrowser();
try {
  const token = await apiLogin(server.url);
  await createQuestions(server.url, token);
  const total = (await api(server.url, token, '/api/select/?_flag=questionBank&row=1')).body.total;
  const cold = [];
  const inApp = [];
  const warm = [];
  let virtual;
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    // logged in, page size 400 chosen earlier (remembered per page)
    await context.addInitScript(
      ([t, rows]) => {
        localStorage.setItem('qb.token', t);
        localStorage.setItem('qb.table.questionBank', JSON.stringify({ pageSize: rows }));
      },
      [token, ROWS],
    );
    const page = await context.newPage();
    await page.goto(`${server.url}/manage/questionBank`);
    cold.push(await page.evaluate(waitForRows, ROWS));
    virtual = await page.getAttribute('[data-testid="crud-table"]', 'data-virtual');

    for (const [list, first] of [
      [inApp, 'home'],
      [warm, 'member'],
    ]) {
      const second = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      await second.addInitScript(
        ([t, rows]) => {
          localStorage.setItem('qb.token', t);
          localStorage.setItem('qb.table.questionBank', JSON.stringify({ pageSize: rows }));
        },
        [token, ROWS],
      );
      const p2 = await second.newPage();
      await p2.goto(`${server.url}/manage/${first}`);
      if (first === 'member') await p2.locator('[data-testid="crud-table"][data-rows]').waitFor();
      await p2.getByTestId('nav-menu').getByText('题库管理', { exact: true }).click();
      await p2.getByTestId('nav-menu').getByText('题库', { exact: true }).waitFor();
      // the shell loads the code of the menu's pages when idle (shell/pageLoader.ts), as it has for a person who
      // has looked at the home page for a second or two
      // and has warmed the generic table up off screen (the User Timing marks it leaves)
      await p2.waitForFunction(() => performance.getEntriesByName('qb:warmup-done').length > 0, null, { timeout: 15_000 });
      await p2.waitForTimeout(300);
      const clickedAt = await p2.evaluate(() => {
        const item = [...document.querySelectorAll('[data-testid="nav-menu"] .ant-menu-item')].find((e) => e.textContent.trim() === '题库');
        const t = performance.now();
        item.click();
        return t;
      });
      list.push((await p2.evaluate(waitForRows, ROWS)) - clickedAt);
      await second.close();
    }
    await context.close();
  }
  const size = pageChunkSize();
  console.log(`\nquestionBank, ${ROWS} rows per page (${total} questions on the server), median of ${RUNS} runs, headless Chromium 1280x800:`);
  console.log(
    `  menu click -> ${ROWS} rows rendered (in-app navigation): ${median(inApp).toFixed(0)} ms (target ${TARGET_MS} ms; runs ${inApp.map((x) => x.toFixed(0)).join(', ')})`,
  );
  console.log(`  same, another table page shown before (warm):      ${median(warm).toFixed(0)} ms (runs ${warm.map((x) => x.toFixed(0)).join(', ')})`);
  console.log(`  page load -> ${ROWS} rows rendered (cold, new tab):    ${median(cold).toFixed(0)} ms (runs ${cold.map((x) => x.toFixed(0)).join(', ')})`);
  console.log(`  virtual scrolling: ${virtual === 'true' ? 'on' : 'off'}`);
  console.log(
    `questionBank page chunk: ${size.ownKb.toFixed(1)} KB gzip (${size.own}); with what it loads beyond the shell: ${size.addedKb.toFixed(1)} KB gzip in ${size.added.length} files`,
  );
} finally {
  await browser.close();
  await server.stop();
}
