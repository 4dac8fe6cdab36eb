import { useCallback, useEffect, useMemo, useState, type ComponentType } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fetchMenu } from '../api/system.ts';
import { fetchUserInfo } from '../api/auth.ts';
import { findManageRoute, resolveManageRoute } from '../pages/manageRoutes.ts';
import { menuTreeFor, routePathsOf, walkMenu, type MenuNode } from './menuTree.ts';
import { preloadPages } from './pageLoader.ts';
import { MENU_STALE_MS, queryKeys } from './queryClient.ts';
import { useTabMenuStore } from './stores.ts';

export function useMenuTree() {
  const query = useQuery({ queryKey: queryKeys.menu, queryFn: fetchMenu, staleTime: MENU_STALE_MS });
  // an administrator finds the hidden data pages under 开发工具 (menuTree.ts, withAdministratorTools)
  const isAdmin = useUserInfo().data?.isAdmin === true;
  const tree = useMemo(() => menuTreeFor(query.data ?? [], isAdmin), [query.data, isAdmin]);
  const routePaths = useMemo(() => routePathsOf(tree), [tree]);
  return { ...query, tree, routePaths };
}

export function useUserInfo() {
  return useQuery({ queryKey: queryKeys.userInfo, queryFn: fetchUserInfo });
}

/**
 * Display names. Menu names are data from the server (Chinese as seeded); in English a seeded name is
 * translated through `menuName`, else the title of the route it opens, else it stays as stored. A generated
 * table page not in the menu is titled by its table (`tableTitle`).
 */
/**
 * A stored menu name in the page's language: in English a name the server seeds is translated through `menuName`;
 * undefined for any other name (an operator's). The navigation, the tabs and 菜单管理 all name menus through it.
 */
export function useSeededMenuName(): (name: string) => string | undefined {
  const { t, i18n } = useTranslation();
  const english = i18n.language !== 'zh-CN';
  const names = t('menuName', { returnObjects: true }) as Record<string, string>;
  return useCallback(
    (name: string) => (english && typeof names === 'object' && names && Object.hasOwn(names, name) ? names[name] : undefined),
    [english, names],
  );
}

export function useTitles(tree: MenuNode[], tableTitle?: (path: string) => string | undefined) {
  const { t, i18n } = useTranslation();
  const english = i18n.language !== 'zh-CN';
  const seededName = useSeededMenuName();

  const menuLabel = useCallback(
    (node: MenuNode) => {
      if (!english) return node.name;
      const seeded = seededName(node.name);
      if (seeded) return seeded;
      const route = node.target.kind === 'route' ? findManageRoute(node.target.path) : undefined;
      if (route) return t(route.titleKey);
      return (node.target.kind === 'route' && tableTitle?.(node.target.path)) || node.name;
    },
    [english, seededName, t, tableTitle],
  );

  // the item the person clicked for a path, else the first item leading there
  const menuOf = useTabMenuStore((s) => s.menuOf);
  const byPath = useMemo(() => {
    const map = new Map<string, MenuNode>();
    for (const node of walkMenu(tree)) {
      if (node.target.kind !== 'route') continue;
      const path = node.target.path;
      if (!map.has(path) || menuOf[path] === node.id) map.set(path, node);
    }
    return map;
  }, [tree, menuOf]);

  /** Tab title: the menu item that opens the page (as the person saw it in the menu), else the route's own title. */
  const pageTitle = useCallback(
    (path: string) => {
      const route = findManageRoute(path);
      if (route?.path === 'home') return t(route.titleKey);
      const node = byPath.get(path);
      if (node) return menuLabel(node);
      return route ? t(route.titleKey) : (tableTitle?.(path) ?? path);
    },
    [byPath, menuLabel, t, tableTitle],
  );

  return { menuLabel, pageTitle };
}

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
