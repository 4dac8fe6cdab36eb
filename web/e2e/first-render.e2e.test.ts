import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiLogin, TOKEN_KEY } from './harness.mjs';
import { useBrowser } from './support.ts';

// Issue 31 (Speed): what a typed URL renders before the page is usable. Counted through React's DevTools hook (a
// production build calls it after every commit), not timed: the counts do not depend on the machine's load.
const base = inject('baseUrl');
const b = useBrowser();

/**
 * Installed before the page's code: after every commit React reports, counts for each table body cell (a `td` of a
 * row, not of the measure row) the commits that rendered it again (its props are a new object when its component
 * rendered; a component React skipped keeps them).
 */
function countCellRenders() {
  const renders = new Map<Element, number>();
  const lastProps = new WeakMap<Element, unknown>();
  type Fiber = { tag: number; type: unknown; stateNode: unknown; memoizedProps: unknown; child: Fiber | null; sibling: Fiber | null };
  const walk = (fiber: Fiber | null) => {
    for (let f = fiber; f; f = f.sibling) {
      if (f.tag === 5 && f.type === 'td' && f.stateNode instanceof Element) {
        const td = f.stateNode;
        if (lastProps.get(td) !== f.memoizedProps) {
          lastProps.set(td, f.memoizedProps);
          if (td.closest('.ant-table-tbody') && !td.closest('.ant-table-measure-row')) renders.set(td, (renders.get(td) ?? 0) + 1);
        }
      }
      walk(f.child);
    }
  };
  (window as unknown as Record<string, unknown>).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject: () => 1,
    checkDCE: () => undefined,
    onScheduleFiberRoot: () => undefined,
    onCommitFiberUnmount: () => undefined,
    onPostCommitFiberRoot: () => undefined,
    onCommitFiberRoot: (_id: number, root: { current: Fiber }) => walk(root.current),
  };
  (window as unknown as Record<string, unknown>).__cellRenders = () => {
    const inPage = [...renders].filter(([td]) => td.isConnected && td.closest('[data-testid="content"] [data-testid="crud-table"]'));
    return { cells: inPage.length, most: Math.max(0, ...inPage.map(([, n]) => n)) };
  };
}

async function typedUrl(page: Page, path: string) {
  const token = await apiLogin(base);
  await page.goto(`${base}/api/health`);
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [TOKEN_KEY, token]);
  await page.addInitScript(countCellRenders);
  await page.goto(`${base}${path}`);
  await page.locator('[data-testid="content"] [data-testid="crud-table"][data-rows]').waitFor();
  // what the table does after its first layout (its measure row, its resize observer) is done two frames later
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  return page.evaluate(() => (window as unknown as { __cellRenders(): { cells: number; most: number } }).__cellRenders());
}

describe('a typed URL of a table page renders each cell once', () => {
  it('/manage/role: the rows are not rendered again when the table measures its columns', async () => {
    const counted = await typedUrl(b.page, '/manage/role');
    expect(counted.cells).toBeGreaterThan(0);
    expect(counted.most).toBe(1);
  });
});
