import { SQL_NAME_PATTERN, type GrantAction } from '@qb/contracts';
import { managePages } from '@qb/contracts/pages';
import { GRANT_ACTIONS } from '@qb/contracts/schemas';
import type { TableRegistry } from '../schema/registry.ts';

/**
 * What each page of the shell needs on the server: the tables it reads and writes and the actions it offers.
 * A role granted a menu with some actions gets those actions on these tables (and `view` on the content tables they
 * reference, for labels and dropdowns: schema/references.ts; a system table a page shows labels of is declared here). A page not declared here whose route is `/manage/<flag>` of an operator's
 * table in the registry (not a built-in one) is that table's generated page. Pages with no table (home, profile) are opened with the menu grant.
 */
export interface PageDeclaration {
  /** per table, the actions the page offers on it */
  tables: Record<string, GrantAction[]>;
}

// the generated page of an operator's table offers every action, import too (docs/import.md "Import into any table")
const GENERATED: GrantAction[] = [...GRANT_ACTIONS];

// the pages are declared once, in packages/contracts/src/pages.ts; a Map: menu routes are user data, and a plain
// object would answer `constructor` or `toString` (issue 17 #2)
const declared = new Map<string, PageDeclaration>(managePages.map((p) => [`/manage/${p.path}`, { tables: p.tables }]));

/** The declaration of a menu's route, or undefined for a route that is no page of this server (an external link). */
export function pageDeclaration(url: string | null | undefined, registry: TableRegistry): PageDeclaration | undefined {
  if (!url) return undefined;
  const known = declared.get(url);
  if (known) return known;
  const flag = url.startsWith('/manage/') ? url.slice('/manage/'.length) : undefined;
  // only an operator's own table (created from a definition) has a generated page: a menu pointed at /manage/sys_user
  // or another built-in table must not hand out more than that table's declared page does (attack-access.test.ts)
  if (flag && SQL_NAME_PATTERN.test(flag) && registry.has(flag) && !registry.isBuiltinName(flag)) return { tables: { [flag]: GENERATED } };
  return undefined;
}

/** The actions a menu's page offers: the union over its tables (view alone for a page without tables). */
export function offeredActions(declaration: PageDeclaration | undefined): GrantAction[] {
  if (!declaration) return [];
  const offered = new Set<GrantAction>(['view']);
  for (const actions of Object.values(declaration.tables)) for (const a of actions) offered.add(a);
  return GRANT_ACTIONS.filter((a) => offered.has(a));
}
