import { baseDataGroup } from './resources/baseData.ts';
import { isNavGroup, page, pagesOf, type NavNode, type PagesOf, type Texts } from './resources/declare.ts';
import { devToolsGroup } from './resources/devTools.ts';
import { operationGroup } from './resources/operations.ts';
import { questionGroup } from './resources/questionBank.ts';
import { samplesGroup } from './resources/samples.ts';
import { systemGroup } from './resources/system.ts';
import type { BuiltinTableDef } from './resources/tableTypes.ts';

/**
 * Every page of the shell (SPEC.md §2) and every built-in table, declared once: a page with its route, its titles in
 * both languages, its icon, its place in the navigation, the tables it reads and writes with the actions it offers,
 * what renders it, and the tables it owns (columns, titles, search, indexes, the migration step that makes a new one).
 * The declarations are in resources/, one file per menu group, in menu order; this file puts the groups together.
 * Read by the server (the table registry: server/src/schema/builtin.ts; access rules: server/src/access/pages.ts; the
 * menus of a new installation and the start-up step that gives an existing one a new page: server/src/seed/builtinMenus.ts;
 * a new table's migration step: server/src/db/migrations/index.ts) and the web app (router and tab titles:
 * web/src/pages/manageRoutes.ts; texts: web/src/i18n/manage.*.ts). Adding a page is one entry in its group's file
 * plus, for `renders: 'own'`, one component in web/src/pages (docs/architecture.md "A built-in resource").
 */

export * from './resources/declare.ts';
export type { BuiltinTableDef, ColumnDef, TableDef } from './resources/tableTypes.ts';

const home = page('home', '首页', 'Home', 'HomeOutlined', {});
/** the signed-in account's own page (the header's menu), in no navigation */
const profile = page('profile', '基本资料', 'Profile', undefined, {});

const navigation = [home, questionGroup, operationGroup, systemGroup, baseDataGroup, devToolsGroup, samplesGroup] as const;

/** The navigation a new installation starts with, in menu order (the seed writes it into sys_menu). */
export const seedNavigation: NavNode[] = [...navigation];

type ManagePage = typeof profile | PagesOf<typeof navigation>;

/** Every page of the shell: those of the navigation, and those reached otherwise (the profile). */
export const managePages: readonly ManagePage[] = [home, profile, ...(pagesOf(navigation.slice(1)) as ManagePage[])];

/** The path of a page with a component of its own: `pageModules` of web/src/pages/manageRoutes.ts has one loader for each. */
export type OwnPage = Extract<ManagePage, { renders: 'own' }>;
export type OwnPagePath = OwnPage['path'];

export const isOwnPage = (p: ManagePage): p is OwnPage => p.renders === 'own';

/** Every built-in table, from the pages that own them (server/src/schema/builtin.ts serves them). */
export const builtinTableDefs: readonly BuiltinTableDef[] = managePages.flatMap((p) => p.owns ?? []);

/** The group the data-source tools put generated pages under (POST /api/datasources/menu/): named, not seeded. */
export const GENERATED_PAGES_GROUP: Texts = { 'zh-CN': '数据页面', 'en-US': 'Data pages' };

/** Titles of everything the seed names (groups and pages), Chinese → English, for menus shown in English. */
export function seededMenuNames(): Record<string, string> {
  const names: Record<string, string> = { [GENERATED_PAGES_GROUP['zh-CN']]: GENERATED_PAGES_GROUP['en-US'] };
  const walk = (nodes: NavNode[]) => {
    for (const node of nodes) {
      names[node.title['zh-CN']] = node.title['en-US'];
      if (isNavGroup(node)) walk(node.children);
    }
  };
  walk(seedNavigation);
  return names;
}

/** The title of every page in one language, by path (the web app's `route.<path>` texts). */
export function pageTitles(language: keyof Texts): Record<string, string> {
  return Object.fromEntries(managePages.map((p) => [p.path, p.title[language]]));
}
