// The accessibility audit shared by the browser test (e2e/a11y.e2e.test.ts), the bench (scripts/bench-a11y.mjs)
// and the screenshots (e2e/a11y-screenshots.mjs): axe-core's own source injected into the page (no CDN), run over
// every route of the app. The routes are derived, never listed here: every page module of
// src/pages/manageRoutes.ts and every page the server's menu links to, so a new page is audited without a change.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { WEB_DIR, api, uiLogin } from './harness.mjs';

const AXE_SOURCE = readFileSync(createRequire(join(WEB_DIR, 'package.json')).resolve('axe-core/axe.min.js'), 'utf8');

/** WCAG 2.0/2.1 A and AA, plus axe's best practices (landmarks, one h1 per page, regions). */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
export const IMPACTS = ['critical', 'serious', 'moderate', 'minor'];

/** The paths of src/pages/manageRoutes.ts, read from its source (`{ path: 'member', titleKey: ... }`). */
export function manageRoutePaths() {
  const source = readFileSync(join(WEB_DIR, 'src', 'pages', 'manageRoutes.ts'), 'utf8');
  return [...source.matchAll(/\{\s*path:\s*'([^'/]+)',\s*titleKey:/g)].map((m) => `/manage/${m[1]}`);
}

/** The pages the server's menu links to (a table page generated for a runtime table among them). */
export async function menuRoutePaths(url, token) {
  const answer = await api(url, token, '/api/system/menu/');
  const rows = Array.isArray(answer.body?.data) ? answer.body.data : [];
  const paths = [];
  for (const row of rows) {
    const link = String(row.url ?? '').trim();
    if (!link || /^https?:\/\//i.test(link) || link.includes('isTurnByHref_') || Number(row.menuType) === 2) continue;
    paths.push((link.startsWith('/') ? link : `/manage/${link}`).replace(/\/+$/, ''));
  }
  return paths;
}

/** Every route to audit: the page modules first, then what only the menu knows; each once. */
export async function auditedRoutes(url, token) {
  return [...new Set([...manageRoutePaths(), ...(await menuRoutePaths(url, token))])].filter((p) => p.startsWith('/manage/'));
}

/**
 * Waits until the page has settled: no page spinner, a table page's rows in, no request under way, and no finite
 * animation running (a fading dialog or toast has colours between its two states, which axe would measure).
 */
export async function settle(page) {
  await page.waitForFunction(
    () => {
      const shown = (el) => el instanceof HTMLElement && el.offsetParent !== null;
      if ([...document.querySelectorAll('[data-testid="page-loading"], .ant-skeleton-active')].some(shown)) return false;
      if ([...document.querySelectorAll('[data-testid="crud-table"]')].some((t) => shown(t) && !t.hasAttribute('data-rows'))) return false;
      return true;
    },
    undefined,
    { timeout: 15_000 },
  );
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.waitForFunction(
    () => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
    undefined,
    { timeout: 10_000 },
  );
}

/** Runs axe-core on the page as it is; answers its violations, shortened to what a report needs. */
export async function runAxe(page) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (tags) => {
    const result = await window.axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target.join(' '), html: n.html.slice(0, 160), summary: n.failureSummary })),
    }));
  }, AXE_TAGS);
}

/**
 * Words of Latin script that the layout broke across two lines (a table header or a label too narrow for its English
 * title: "Prima / ry key"). Text that is meant to break anywhere (code, SQL, a cell of `word-break: break-all`) is left out.
 * @returns {Promise<string[]>} one entry per split word: the word and where it is
 */
export function splitWords(page) {
  return page.evaluate(() => {
    const found = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      if (!el || el.closest('pre, code, textarea, [aria-hidden="true"], .qb-sql-block')) continue;
      const style = getComputedStyle(el);
      if (style.wordBreak === 'break-all' || style.visibility === 'hidden' || el.getClientRects().length === 0) continue;
      for (const match of node.data.matchAll(/[A-Za-z]{3,}/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0).map((r) => Math.round(r.top)));
        if (tops.size > 1) found.push(`"${match[0]}" in <${el.tagName.toLowerCase()} class="${el.className}">: ${el.textContent.slice(0, 60)}`);
      }
    }
    return found;
  });
}

/** Counts of violating elements per impact. */
export function countByImpact(violations) {
  const counts = Object.fromEntries(IMPACTS.map((i) => [i, 0]));
  for (const v of violations) counts[v.impact ?? 'minor'] += v.nodes.length;
  return counts;
}

/** One line per violated rule: impact, rule, element count, and the first elements. */
export function describeViolations(violations, max = 3) {
  return violations
    .map(
      (v) =>
        `  [${v.impact}] ${v.id} (${v.nodes.length}): ${v.help}\n${v.nodes
          .slice(0, max)
          .map((n) => `      ${n.target}  ${n.html}`)
          .join('\n')}`,
    )
    .join('\n');
}

/** The visible table page's add button, if the page is a table page the account may add to. */
export function addButton(page) {
  return page.locator('.qb-crud:visible [data-testid="toolbar-add"]');
}

/**
 * Opens the add dialog of the visible table page and waits until it has settled; false when there is none, or when
 * the page opens none (a page may refuse to add until something is chosen, e.g. a data source: it says so instead).
 */
export async function openAddDialog(page) {
  const add = addButton(page);
  if ((await add.count()) === 0) return false;
  // the data-table manager adds to a chosen source: the local database (node 10000) is chosen first
  const localSource = page.locator('[data-testid="source-tree"]:visible [data-testid="source-10000"]');
  if ((await localSource.count()) > 0) {
    await localSource.first().click();
    await page.locator('[data-testid="source-tag"]:visible').first().waitFor();
    await settle(page);
  }
  await add.first().click();
  const opened = await page
    .locator('.ant-modal-wrap:visible [role="dialog"]')
    .first()
    .waitFor({ timeout: 5_000 })
    .then(
      () => true,
      () => false,
    );
  if (!opened) return false;
  await page
    .locator('.ant-modal-wrap:visible .ant-form')
    .first()
    .waitFor({ timeout: 10_000 })
    .catch(() => undefined);
  await settle(page);
  return true;
}

/**
 * Clicks the first `button` (a data-testid) of the visible table page and waits for `ready` (a selector of what it
 * opens) to settle; false when the page has no such button.
 */
async function openFromPage(page, button, ready) {
  const found = page.locator(`.qb-crud:visible [data-testid="${button}"]`);
  if ((await found.count()) === 0) return false;
  await found.first().click();
  await page.locator(ready).first().waitFor();
  await settle(page);
  return true;
}

/** The import dialog of the visible table page (a page with spreadsheet import). */
export const openImportDialog = (page) => openFromPage(page, 'toolbar-import', '[data-testid="import-submit"]:visible');

/** The history drawer of the first row of the visible table page (issue 23). */
export const openHistoryDrawer = (page) => openFromPage(page, 'row-history', '[data-testid="history-revision"]:visible, .ant-drawer:visible .ant-empty');

/** The deleted-rows drawer of the visible table page. */
export const openDeletedDrawer = (page) => openFromPage(page, 'toolbar-deleted-rows', '.ant-drawer:visible .ant-table');

/** Opens a route of the shell with only Home and it in the tabs, and waits until it has settled. */
export async function openRoute(page, url, path) {
  await page.evaluate(() => localStorage.removeItem('qb.tabs'));
  await page.goto(`${url}${path}`);
  await page.getByTestId('content').waitFor();
  await settle(page);
}

/**
 * The audit of one language, as a list of screens: the login page (empty, then with its errors shown), every route,
 * and each table page again with its add dialog open, and with its import dialog when it has spreadsheet import; `extraRoutes` too (the page generated for a table defined at
 * run time). Logs in on the way (the page's context sets the language).
 * @returns {Promise<{ name: string, violations: object[] }[]>}
 */
export async function auditApp(page, url, token, { extraRoutes = [], onScreen = () => undefined } = {}) {
  const screens = [];
  const audit = async (name) => {
    await settle(page);
    const screen = { name, violations: await runAxe(page), splitWords: await splitWords(page) };
    screens.push(screen);
    onScreen(screen);
  };
  await page.goto(`${url}/user/login`);
  await page.getByTestId('login-submit').waitFor();
  await audit('/user/login');
  await page.getByTestId('login-submit').click();
  await page.locator('.ant-form-item-explain-error').first().waitFor();
  await audit('/user/login (errors)');
  await uiLogin(page, url);
  for (const path of new Set([...(await auditedRoutes(url, token)), ...extraRoutes])) {
    await openRoute(page, url, path);
    await audit(path);
    if (await openAddDialog(page)) await audit(`${path} (add dialog)`);
    if ((await page.locator('.qb-crud:visible [data-testid="toolbar-import"]').count()) > 0) {
      await openRoute(page, url, path);
      if (await openImportDialog(page)) await audit(`${path} (import dialog)`);
    }
  }
  // a row's history and the deleted rows: the same drawers on every table page, audited on the question bank's
  await openRoute(page, url, '/manage/questionBank');
  if (await openHistoryDrawer(page)) await audit('/manage/questionBank (history drawer)');
  await openRoute(page, url, '/manage/questionBank');
  if (await openDeletedDrawer(page)) await audit('/manage/questionBank (deleted rows)');
  return screens;
}
