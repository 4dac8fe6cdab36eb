import type { GrantAction } from '@qb/contracts';
import { GRANT_ACTIONS } from '@qb/contracts/schemas';
import type { AppDb } from '../db/appDatabase.ts';
import { referenceGivesView } from '../schema/references.ts';
import type { TableRegistry } from '../schema/registry.ts';
import type { Caller, RowFilter } from './index.ts';
import { type ColumnLimits, combinedLimits, type FieldRules, storedFieldRules } from './fieldRules.ts';
import { pageDeclaration } from './pages.ts';

export type Access = Pick<Caller, 'isAdmin' | 'grants' | 'menuIds' | 'urls' | 'rowFilters' | 'fieldLimits'>;

/** The actions stored in sys_roleMenu.actions (comma-joined); unknown words are ignored. */
export function parseActions(text: unknown): GrantAction[] {
  const words = new Set(
    String(text ?? '')
      .split(',')
      .map((w) => w.trim()),
  );
  return GRANT_ACTIONS.filter((a) => words.has(a));
}

/**
 * What an account may do: the union over its enabled roles. An administrator role gives everything; otherwise each
 * granted menu gives its actions on the tables its page declares (server/src/access/pages.ts), `view` on the content
 * tables those reference (schema/references.ts: never a system table), and the menu itself with its ancestors. Read when a session is loaded, never per call.
 */
export async function loadAccess(db: AppDb, registry: TableRegistry, userId: number): Promise<Access> {
  const roles = await db
    .selectFrom('sys_userRole')
    .innerJoin('sys_role', 'sys_role.id', 'sys_userRole.roleId')
    .select(['sys_role.id', 'sys_role.isAdmin'])
    .where('sys_userRole.userId', '=', userId)
    .where('sys_role.isdelete', '=', 0)
    .where('sys_role.enable', '=', 1)
    .execute();
  const menus = await db.selectFrom('sys_menu').select(['id', 'url', 'parentMenu']).where('isdelete', '=', 0).execute();
  const byId = new Map(menus.map((m) => [Number(m.id), { url: m.url === null ? '' : String(m.url), parent: Number(m.parentMenu) }]));
  if (roles.some((r) => Number(r.isAdmin) === 1)) {
    return { isAdmin: true, grants: new Map(), menuIds: new Set(byId.keys()), urls: new Set([...byId.values()].map((m) => m.url)) };
  }
  const rows = roles.length
    ? await db
        .selectFrom('sys_roleMenu')
        .select(['menuId', 'actions', 'rowFilter', 'fieldRules'])
        .where(
          'roleId',
          'in',
          roles.map((r) => Number(r.id)),
        )
        .execute()
    : [];
  const grants = new Map<string, Set<GrantAction>>();
  const give = (flag: string, action: GrantAction) => {
    let set = grants.get(flag);
    if (!set) grants.set(flag, (set = new Set()));
    set.add(action);
  };
  const menuIds = new Set<number>();
  // row filters: a table is filtered only when every grant that gives it filters it (union of the grants' rows)
  const filters = new Map<string, RowFilter[]>();
  const everyRow = new Set<string>();
  // field rules: per table, each grant that gives it with its rules (none for a table it gives beside its page's own)
  const fieldRules = new Map<string, { rules: FieldRules | undefined; writes: boolean }[]>();
  const addRules = (flag: string, rules: FieldRules | undefined, writes: boolean) => fieldRules.set(flag, [...(fieldRules.get(flag) ?? []), { rules, writes }]);
  for (const row of rows) {
    const menuId = Number(row.menuId);
    const menu = byId.get(menuId);
    const actions = parseActions(row.actions);
    if (!menu || actions.length === 0) continue;
    // the menu and its ancestors, so that the tree holds
    for (let id: number | undefined = menuId, depth = 0; id && byId.has(id) && depth < 50; id = byId.get(id)!.parent, depth++) menuIds.add(id);
    const declaration = pageDeclaration(menu.url, registry);
    const rowFilter = storedRowFilter(row.rowFilter);
    const main = pageTable(declaration);
    for (const [flag, offered] of Object.entries(declaration?.tables ?? {})) {
      if (!registry.has(flag)) continue;
      // a grant's row filter is on the page's own table; the other tables it declares it shows whole (as before)
      if (rowFilter && flag === main) filters.set(flag, [...(filters.get(flag) ?? []), rowFilter]);
      else everyRow.add(flag);
      addRules(
        flag,
        flag === main ? storedFieldRules(row.fieldRules) : undefined,
        actions.some((a) => (a === 'save' || a === 'import') && offered.includes(a)),
      );
      // every table the page declares is read to show it (labels of a source, a member's name): any grant of the page sees them
      give(flag, 'view');
      for (const action of actions) {
        if (!offered.includes(action)) continue;
        give(flag, action);
        // what is exported, saved or deleted is first seen: no action without view
        give(flag, 'view');
      }
      // what the page shows beside its rows: the labels and dropdowns of the tables it references
      // (only references the rule allows: never a system table, never another source: schema/references.ts)
      const table = registry.get(flag);
      for (const column of table.columns.values())
        if (column.references && referenceGivesView(registry, table, column.references)) {
          give(column.references, 'view');
          // labels of other tables are read whole; a table's references to itself (a parent) stay under its own filter
          if (column.references !== flag) {
            everyRow.add(column.references);
            addRules(column.references, undefined, false);
          }
        }
    }
  }
  const urls = new Set([...menuIds].map((id) => byId.get(id)!.url).filter((u) => u !== ''));
  const rowFilters = new Map([...filters].filter(([flag]) => !everyRow.has(flag)));
  const fieldLimits = new Map<string, ColumnLimits>();
  for (const [flag, rules] of fieldRules) {
    const limits = registry.has(flag) ? combinedLimits(registry.get(flag), rules) : undefined;
    if (limits) fieldLimits.set(flag, limits);
  }
  return { isAdmin: false, grants, menuIds, urls, rowFilters, fieldLimits };
}

/** The table a page lists (the first it declares): what its grants' row filters are written on. */
export function pageTable(declaration: { tables: Record<string, unknown> } | undefined): string | undefined {
  return declaration ? Object.keys(declaration.tables)[0] : undefined;
}

/**
 * A grant's stored row filter (sys_roleMenu.rowFilter, JSON); null or empty: every row. Text that is no JSON object
 * (written by hand into the database) filters every row out: a broken filter never widens what a role sees.
 */
export function storedRowFilter(text: unknown): RowFilter | undefined {
  if (text === null || text === undefined || String(text).trim() === '') return undefined;
  try {
    const value: unknown = JSON.parse(String(text));
    if (value && typeof value === 'object' && !Array.isArray(value)) return Object.keys(value).length > 0 ? (value as RowFilter) : undefined;
  } catch {
    // below
  }
  return BROKEN_FILTER;
}

/** The filter a broken stored filter stands for: crud/rowScope.ts answers it with no row. */
export const BROKEN_FILTER: RowFilter = Object.freeze({ $broken: true });

/** The accounts able to administer: live, enabled, holding an enabled administrator role. */
export async function administratorIds(db: AppDb): Promise<number[]> {
  const rows = await db
    .selectFrom('sys_user')
    .innerJoin('sys_userRole', 'sys_userRole.userId', 'sys_user.id')
    .innerJoin('sys_role', 'sys_role.id', 'sys_userRole.roleId')
    .select('sys_user.id')
    .where('sys_user.isdelete', '=', 0)
    .where('sys_user.state', '=', 1)
    .where('sys_role.isdelete', '=', 0)
    .where('sys_role.enable', '=', 1)
    .where('sys_role.isAdmin', '=', 1)
    .execute();
  return [...new Set(rows.map((r) => Number(r.id)))];
}
