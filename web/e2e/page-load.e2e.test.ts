import { describe, expect, inject, it } from 'vitest';
import { apiLogin, TOKEN_KEY } from './harness.mjs';
import { useBrowser } from './support.ts';

// Issue 31 (Speed): a typed URL of a page fetches its code in a few files, not the 80-90 small common chunks the
// bundler makes when left to itself (web/vite.config.ts, chunkGroups; docs/web-pages.md). Counted, not timed: the
// count does not depend on the machine's load.
const base = inject('baseUrl');
const b = useBrowser();

describe('a typed URL of a page', () => {
  it('/manage/menu: its code in at most 12 script files, the table metadata read before the rows', async () => {
    const { page } = b;
    const token = await apiLogin(base);
    await page.goto(`${base}/api/health`);
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [TOKEN_KEY, token]);
    // the code asked for before the page's rows (its code has run by then; the shell loads the other pages' code
    // only once it has shown, when the browser is idle)
    const scripts = new Set<string>();
    const calls: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.endsWith('.js') && !calls.includes('/api/select/sys_menu')) scripts.add(url.pathname);
      if (url.pathname.startsWith('/api/')) calls.push(url.pathname + (url.searchParams.get('_flag') ?? ''));
    });
    await page.goto(`${base}/manage/menu`);
    await page.locator('[data-testid="crud-table"][data-rows]').waitFor();
    expect(calls).toContain('/api/select/sys_menu');
    expect([...scripts].length).toBeLessThanOrEqual(12);
    expect(calls.indexOf('/api/schema/sys_menu')).toBeGreaterThanOrEqual(0);
    expect(calls.indexOf('/api/schema/sys_menu')).toBeLessThan(calls.indexOf('/api/select/sys_menu'));
  });

  it('/manage/menu again: its calls and its code asked for at once, before the entry has run (early calls)', async () => {
    const { page } = b;
    const token = await apiLogin(base);
    await page.goto(`${base}/api/health`);
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [TOKEN_KEY, token]);
    await page.goto(`${base}/manage/menu`);
    await page.locator('[data-testid="crud-table"][data-rows]').waitFor();
    // the opening is remembered once the page is idle (api/earlyCalls.ts)
    await page.waitForFunction(() => JSON.parse(localStorage.getItem('qb.earlyCalls') ?? '{}').paths?.['/manage/menu']?.scripts?.length > 0);
    const rows: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/select/' && url.searchParams.get('_flag') === 'sys_menu') rows.push(url.href);
    });
    await page.goto(`${base}/manage/menu`);
    await page.locator('[data-testid="crud-table"][data-rows]').waitFor();
    const started = await page.evaluate(() => {
      const at = (test: (name: string) => boolean) =>
        performance.getEntriesByType('resource').find((e) => test(new URL(e.name).pathname + new URL(e.name).search))?.startTime;
      return {
        rows: at((n) => n.startsWith('/api/select/?_flag=sys_menu')),
        meta: at((n) => n === '/api/schema/sys_menu'),
        shell: at((n) => /^\/assets\/shell-[\w-]+\.js$/.test(n)),
        page: at((n) => /^\/assets\/MenuPage-[\w-]+\.js$/.test(n)),
      };
    });
    // the rows and the metadata before the shell's code (which the entry asks for once it runs), the page's code too
    expect(started.rows).toBeDefined();
    expect(started.shell).toBeDefined();
    expect(started.rows!).toBeLessThan(started.shell!);
    expect(started.meta!).toBeLessThan(started.shell!);
    expect(started.page!).toBeLessThanOrEqual(started.shell! + 50);
    // the app took the answer started early: the rows were asked for once
    expect(rows).toHaveLength(1);
  });

  it('/manage/user the first time in this browser: the routes, shell and table chunks asked for before the entry has arrived', async () => {
    const { page } = b;
    const token = await apiLogin(base);
    await page.goto(`${base}/api/health`);
    await page.evaluate(([key, value]) => (localStorage.removeItem('qb.earlyCalls'), localStorage.setItem(key, value)), [TOKEN_KEY, token]);
    // the entry is held until the three chunks are asked for (or 10 s): only the early script can ask for them then
    const asked = new Set<string>();
    let seen = () => undefined as void;
    const allSeen = new Promise<void>((resolve) => (seen = resolve));
    page.on('request', (request) => {
      const name = /^\/assets\/(routes|shell|table)-[\w-]+\.js$/.exec(new URL(request.url()).pathname)?.[1];
      if (name) asked.add(name);
      if (asked.size === 3) seen();
    });
    let askedWhileHeld: string[] = [];
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await Promise.race([allSeen, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      askedWhileHeld = [...asked].sort();
      await route.continue();
    });
    try {
      await page.goto(`${base}/manage/user`);
      await page.locator('[data-testid="crud-table"][data-rows]').waitFor();
    } finally {
      await page.unroute(/\/assets\/index-[\w-]+\.js$/);
    }
    expect(askedWhileHeld).toEqual(['routes', 'shell', 'table']);
  });

  it('/manage/permission: what a typed URL of it preloads next time is its own code, not the pages the shell loads when idle', async () => {
    const { page } = b;
    const token = await apiLogin(base);
    await page.goto(`${base}/api/health`);
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [TOKEN_KEY, token]);
    await page.goto(`${base}/manage/permission`);
    await page.getByTestId('permission-page').waitFor();
    // the shell has loaded the code of every page in the menu (shell/menuPreload.ts), and the opening is remembered
    await page.waitForFunction(() => performance.getEntriesByName('qb:pages-preloaded').length > 0, undefined, { timeout: 20_000 });
    await page.waitForFunction(() => JSON.parse(localStorage.getItem('qb.earlyCalls') ?? '{}').paths?.['/manage/permission']?.scripts, undefined, {
      timeout: 20_000,
    });
    const scripts: string[] = await page.evaluate(() => JSON.parse(localStorage.getItem('qb.earlyCalls')!).paths['/manage/permission'].scripts);
    expect(scripts.some((s) => /\/PermissionPage-[\w-]+\.js$/.test(s))).toBe(true);
    // no other page's own chunk (their code is loaded once this page has opened)
    expect(scripts.filter((s) => /Pages?-[\w-]+\.js$/.test(s) && !/\/PermissionPage-/.test(s))).toEqual([]);
  });

  it('/user/login: its code in one file (besides the early script)', async () => {
    const { page } = b;
    const scripts = new Set<string>();
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.endsWith('.js')) scripts.add(url.pathname);
    });
    await page.goto(`${base}/user/login`);
    await page.getByPlaceholder('用户名').waitFor();
    // besides the small script that starts a /manage page's calls early (it does nothing here)
    expect([...scripts].filter((s) => !s.startsWith('/assets/early-'))).toHaveLength(1);
  });
});
