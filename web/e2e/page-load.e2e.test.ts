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

  it('/user/login: its code in one file', async () => {
    const { page } = b;
    const scripts = new Set<string>();
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.endsWith('.js')) scripts.add(url.pathname);
    });
    await page.goto(`${base}/user/login`);
    await page.getByPlaceholder('用户名').waitFor();
    expect([...scripts]).toHaveLength(1);
  });
});
