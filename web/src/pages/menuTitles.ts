import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSeededMenuName } from '../app/shellData.ts';
import { walkMenu, type MenuNode } from '../app/menuTree.ts';
import { useTabMenuStore } from '../app/stores.ts';
import { findManageRoute } from './manageRoutes.ts';

/** A menu as the pages name it: its stored (Chinese) name and the English name an operator gave, if any. */
export interface NamedMenu {
  name: string;
  nameEn?: string | null;
}

/** The English name of a menu row, or undefined when it has none (empty or blank). */
export const englishNameOf = (menu: NamedMenu): string | undefined => menu.nameEn?.trim() || undefined;

/**
 * A menu row's name in the page's language, as 菜单管理 lists it: in English its English name, else the built-in
 * translation of a seeded name, else the name as stored; in Chinese the name as stored.
 */
export function useMenuName(): (menu: NamedMenu) => string {
  const { i18n } = useTranslation();
  const english = i18n.language !== 'zh-CN';
  const seededName = useSeededMenuName();
  return useCallback((menu: NamedMenu) => (english ? (englishNameOf(menu) ?? seededName(menu.name) ?? menu.name) : menu.name), [english, seededName]);
}

/**
 * Display names. Menu names are data from the server (Chinese as seeded); in English a menu shows its English name
 * (sys_menu.nameEn), else a seeded name is translated through `menuName`, else the title of the route it opens, else
 * it stays as stored. A generated table page not in the menu is titled by its table (`tableTitle`).
 */
export function useTitles(tree: MenuNode[], tableTitle?: (path: string) => string | undefined) {
  const { t, i18n } = useTranslation();
  const english = i18n.language !== 'zh-CN';
  const seededName = useSeededMenuName();

  const menuLabel = useCallback(
    (node: MenuNode) => {
      if (!english) return node.name;
      if (node.nameEn) return node.nameEn;
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
