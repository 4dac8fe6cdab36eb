import type { MenuRow } from '@qb/contracts';

/** SPEC.md §2: the navigation is a tree of up to three levels. */
export const MAX_MENU_DEPTH = 3;
const HREF_MARKER = 'isTurnByHref_';

export interface MenuNode {
  id: number;
  key: string;
  name: string;
  /** the English name an operator gave (sys_menu.nameEn), null when empty: English then falls back (pages/menuTitles.ts) */
  nameEn: string | null;
  icon: string | null;
  target: MenuTarget;
  children: MenuNode[];
}

export type MenuTarget = { kind: 'route'; path: string } | { kind: 'external'; href: string } | { kind: 'none' };

/** Where a menu item leads: an app route, a new window, or nowhere (a group). */
export function menuTarget(row: Pick<MenuRow, 'url' | 'menuType'>): MenuTarget {
  const url = (row.url ?? '').trim();
  if (!url) return { kind: 'none' };
  const marker = url.indexOf(HREF_MARKER);
  if (marker >= 0) {
    const href = url.slice(marker + HREF_MARKER.length);
    return href ? { kind: 'external', href } : { kind: 'none' };
  }
  if (/^https?:\/\//i.test(url) || Number(row.menuType) === 2) return { kind: 'external', href: url };
  // a relative url ('questionBank') is a page of the shell
  const path = url.startsWith('/') ? url : `/manage/${url}`;
  return { kind: 'route', path: path.length > 1 ? path.replace(/\/+$/, '') : path };
}

/**
 * Builds the navigation tree from the flat rows of GET /api/system/menu/.
 * Keeps the server's order; shows only display 1 (a hidden item hides its branch); parentMenu 0 is the root;
 * rows whose parent is missing, deeper than three levels, or groups left without children are dropped.
 */
export function buildMenuTree(rows: MenuRow[], maxDepth = MAX_MENU_DEPTH): MenuNode[] {
  const visible = rows.filter((r) => Number(r.display) === 1);
  const byParent = new Map<number, MenuRow[]>();
  for (const row of visible) {
    const parent = Number(row.parentMenu) || 0;
    const list = byParent.get(parent);
    if (list) list.push(row);
    else byParent.set(parent, [row]);
  }
  const used = new Set<number>();
  const grow = (parent: number, depth: number): MenuNode[] => {
    if (depth > maxDepth) return [];
    const nodes: MenuNode[] = [];
    for (const row of byParent.get(parent) ?? []) {
      if (used.has(row.id)) continue; // a cycle or a duplicate id
      used.add(row.id);
      const children = grow(row.id, depth + 1);
      const target = menuTarget(row);
      if (target.kind === 'none' && children.length === 0) continue;
      nodes.push({ id: row.id, key: String(row.id), name: row.name, nameEn: row.nameEn?.trim() || null, icon: row.icon, target, children });
    }
    return nodes;
  };
  return grow(0, 1);
}

/** The data pages an administrator builds with; the seed keeps their group (基础管理) hidden, as SPEC.md §2 says. */
export const ADMINISTRATOR_TOOL_ROUTES = ['/manage/connSql', '/manage/dataMana', '/manage/dataSMana'];
const DEV_TOOLS_MARK = 'devTools';

/**
 * For an administrator, the menu rows with the hidden data pages shown under 开发工具 (the group marked devTools,
 * where 表单设计 is): each hidden row leading to one of ADMINISTRATOR_TOOL_ROUTES that no shown item leads to is
 * shown there, under its own id, name and icon. The stored menus do not change; other accounts see them as stored.
 */
export function withAdministratorTools(rows: MenuRow[]): MenuRow[] {
  const shownPaths = new Set([...walkMenu(buildMenuTree(rows))].flatMap((n) => (n.target.kind === 'route' ? [n.target.path] : [])));
  const devTools = rows.find((r) => r.menuMark === DEV_TOOLS_MARK && Number(r.display) === 1 && (Number(r.parentMenu) || 0) === 0);
  if (!devTools) return rows;
  const moved = new Map<number, MenuRow>();
  for (const row of rows) {
    const target = menuTarget(row);
    if (target.kind !== 'route' || !ADMINISTRATOR_TOOL_ROUTES.includes(target.path) || shownPaths.has(target.path)) continue;
    shownPaths.add(target.path);
    moved.set(row.id, { ...row, display: 1, parentMenu: devTools.id });
  }
  return moved.size === 0 ? rows : rows.map((r) => moved.get(r.id) ?? r);
}

/** Depth-first walk over all nodes. */
export function* walkMenu(nodes: MenuNode[]): Generator<MenuNode> {
  for (const node of nodes) {
    yield node;
    yield* walkMenu(node.children);
  }
}

/**
 * The keys of the branch that leads to the item for `path` (ancestors first, the item last), or [] if none; of two
 * items leading to one path, `menuId`'s (the one the person clicked), else the first.
 */
export function menuPathTo(nodes: MenuNode[], path: string, menuId?: number): string[] {
  if (menuId !== undefined) {
    const clicked = keyPath(nodes, String(menuId));
    const node = [...walkMenu(nodes)].find((n) => n.key === String(menuId));
    if (clicked.length && node?.target.kind === 'route' && node.target.path === path) return clicked;
  }
  for (const node of nodes) {
    if (node.target.kind === 'route' && node.target.path === path) return [node.key];
    const below = menuPathTo(node.children, path);
    if (below.length) return [node.key, ...below];
  }
  return [];
}

/** Accordion behaviour of the menu: opening a branch closes the others, except its own ancestors. */
export function accordionOpenKeys(nodes: MenuNode[], previous: string[], next: string[]): string[] {
  const opened = next.find((k) => !previous.includes(k));
  if (!opened) return next;
  const branch = keyPath(nodes, opened);
  return branch.length ? branch : [opened];
}

function keyPath(nodes: MenuNode[], key: string): string[] {
  for (const node of nodes) {
    if (node.key === key) return [key];
    const below = keyPath(node.children, key);
    if (below.length) return [node.key, ...below];
  }
  return [];
}

/** The navigation of an account: its menu rows, with 开发工具 for an administrator (withAdministratorTools). */
export function menuTreeFor(rows: MenuRow[], isAdmin: boolean): MenuNode[] {
  return buildMenuTree(isAdmin ? withAdministratorTools(rows) : rows);
}

/** The pages a menu tree opens (/manage/... paths), in menu order. */
export function routePathsOf(tree: MenuNode[]): string[] {
  return [...walkMenu(tree)].flatMap((n) => (n.target.kind === 'route' ? [n.target.path] : []));
}
