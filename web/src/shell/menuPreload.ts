import { useCallback, useEffect, useState, type ComponentType } from 'react';
import { endOpening } from '../api/earlyCalls.ts';
import { resolveManageRoute } from '../pages/manageRoutes.ts';
import { walkMenu, type MenuNode } from '../app/menuTree.ts';
import { preloadPages } from './pageLoader.ts';

/** How long after the menu has loaded the shell waits before fetching the code of the pages in it. */
const PRELOAD_DELAY_MS = 500;
type Warmup = ComponentType<{ onDone(): void }>;
let warmedUp = false;

/**
 * Once the menu is there and the browser is idle, loads the code of every page the menu opens (not their data),
 * so that opening one renders it at once and starts reading its rows on the click. Then, once per session,
 * answers the off-screen table warm-up (crud/CrudWarmup.tsx) for the shell to mount until it calls onDone.
 */
export function usePreloadMenuPages(tree: MenuNode[]): { Warmup: Warmup | null; warmupDone(): void } {
  const [Warmup, setWarmup] = useState<Warmup | null>(null);
  useEffect(() => {
    const routes = [...walkMenu(tree)].flatMap((n) => (n.target.kind === 'route' ? [resolveManageRoute(n.target.path)] : [])).filter((r) => !!r);
    if (routes.length === 0) return;
    let cancelled = false;
    const idle = typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback.bind(window) : undefined;
    const start = async () => {
      if (cancelled) return;
      // the page has opened (the browser is idle): the other pages' code loaded now is not part of its opening, which
      // a typed URL of it preloads next time (api/earlyCalls.ts; a page that ends it itself when idle already has)
      endOpening();
      await preloadPages(routes);
      performance.mark('qb:pages-preloaded'); // user timing marks: the benchmark waits for them
      // without idle callbacks (jsdom, old browsers) there is no quiet moment to spend on the warm-up
      if (cancelled || warmedUp || !idle) return;
      warmedUp = true;
      const module = await import('../crud/CrudWarmup.tsx').catch(() => undefined);
      if (module && !cancelled) idle(() => !cancelled && setWarmup(() => module.default), { timeout: 5000 });
    };
    const timer = window.setTimeout(() => (idle ? idle(() => void start(), { timeout: 5000 }) : void start()), PRELOAD_DELAY_MS);
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [tree]);
  const warmupDone = useCallback(() => {
    setWarmup(null);
    performance.mark('qb:warmup-done');
  }, []);
  return { Warmup, warmupDone };
}
