import type { GrantAction, Texts as TableTexts } from '../api/types.ts';
import type { BuiltinTableDef } from './tableTypes.ts';

/**
 * The pieces a page is declared with (docs/architecture.md "A built-in resource"): its route, titles, icon, menu
 * mark, the tables it reads and writes with the actions it offers, what renders it, and the built-in tables it owns
 * (their columns, titles in both languages, search, indexes, and the migration step that creates each). The group
 * files beside this one (`questionBank.ts`, `operations.ts`…) hold the declarations, one menu group each, in menu
 * order: where a page is written is where the seed and the start-up menu step put it.
 */

export interface Texts {
  'zh-CN': string;
  'en-US': string;
}

export const ALL: GrantAction[] = ['view', 'save', 'delete', 'import', 'export'];
export const EDIT: GrantAction[] = ['view', 'save', 'delete', 'export'];
export const READ: GrantAction[] = ['view', 'export'];

/** The actions a page offers on each table (a role granted the page's menu gets at most these). */
export type PageTables = Record<string, GrantAction[]>;

export interface PageSpec {
  /** the route below /manage (/manage/<path>) */
  path: string;
  /** the tab, page and seeded menu title */
  title: Texts;
  /** the menu icon of the seed (an @ant-design/icons name) */
  icon?: string;
  /** sys_menu.menuMark of the seeded menu; the path when absent */
  mark?: string;
  tables: PageTables;
  /**
   * `own`: a component of its own in web/src/pages (listed in `pageModules` of web/src/pages/manageRoutes.ts, checked by the type
   * checker); `generated`: the generic page of the table named by the path, built from its metadata.
   */
  renders: 'own' | 'generated';
  /** the built-in tables declared with this page (each one of its `tables`): the server's registry serves them */
  owns?: BuiltinTableDef[];
}

/** A group of the seeded navigation: no page of its own, its children in menu order. */
export interface NavGroup {
  mark: string;
  title: Texts;
  icon: string;
  /** 0: hidden from the navigation (SPEC.md §2: 基础管理) */
  display?: 0;
  children: NavNode[];
}

export type NavNode = PageSpec | NavGroup;

export const isNavGroup = (node: NavNode): node is NavGroup => 'children' in node;

/** Texts of a table or a column ({ zh, en }), as the table metadata carries them. */
export const t = (zh: string, en: string): TableTexts => ({ zh, en });

const texts = (zh: string, en: string): Texts => ({ 'zh-CN': zh, 'en-US': en });

/** A table a page owns: its flag one of the page's tables (checked by the type checker). */
export type OwnedTable<T extends PageTables> = BuiltinTableDef & { flag: keyof T & string };

/** A page with a component of its own, and the tables it owns if any. */
export const page = <const P extends string, const T extends PageTables>(
  path: P,
  zh: string,
  en: string,
  icon: string | undefined,
  tables: T,
  owns?: OwnedTable<T>[],
) => ({ path, title: texts(zh, en), ...(icon ? { icon } : {}), tables, renders: 'own', ...(owns ? { owns } : {}) }) as PageSpec & { path: P; renders: 'own' };

/** The table of a generated page, declared with it: its flag is the page's path, its title the page's unless given. */
export type PageTable = Omit<BuiltinTableDef, 'flag' | 'title'> & { title?: TableTexts };

export interface TablePageSpec<P extends string> {
  path: P;
  title: [zh: string, en: string];
  icon: string;
  /** the menu mark when not the path */
  mark?: string;
  /** what the page offers on its table */
  actions: GrantAction[];
  /** the table the page shows, named by the path */
  table: PageTable;
  /** other tables the page reads (a reference's labels) and what it may do on them */
  reads?: PageTables;
}

/**
 * The generic page of a built-in table, and the table: one declaration. A generated page cannot be written without
 * its table (`table` is required); a migration step named by the table's `createdIn` makes it.
 */
export const tablePage = <const P extends string>(spec: TablePageSpec<P>) => {
  const [zh, en] = spec.title;
  const table: BuiltinTableDef = { ...spec.table, flag: spec.path, title: spec.table.title ?? t(zh, en) };
  return {
    path: spec.path,
    title: texts(zh, en),
    icon: spec.icon,
    ...(spec.mark ? { mark: spec.mark } : {}),
    tables: { [spec.path]: spec.actions, ...spec.reads },
    renders: 'generated',
    owns: [table],
  } as PageSpec & { path: P; renders: 'generated' };
};

/** A group of the navigation, its children in menu order (their literal types kept: the web's router reads the paths). */
export const group = <const C extends NavNode[]>(mark: string, zh: string, en: string, icon: string, children: C, more: Pick<NavGroup, 'display'> = {}) =>
  ({ mark, title: texts(zh, en), icon, children, ...more }) as Omit<NavGroup, 'children'> & { children: C };

/** The pages of a navigation tree, as a type (groups walked). */
export type PagesOf<N> = N extends readonly (infer E)[] ? (E extends { children: infer C } ? PagesOf<C> : E) : never;

/** The pages of a navigation tree, in menu order. */
export function pagesOf(nodes: readonly NavNode[]): PageSpec[] {
  return nodes.flatMap((n) => (isNavGroup(n) ? pagesOf(n.children) : [n]));
}
