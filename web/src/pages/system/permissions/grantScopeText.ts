import { useQueries, type QueryClient } from '@tanstack/react-query';
import type { ColumnMeta, MenuRow, TableMeta } from '@qb/contracts';
import { call } from '../../../api/index.ts';
import { textIn } from '../../../crud/configFromMeta.ts';
import { filterText, pageTableOf, type RowFilter } from './rowScope.ts';
import { isEmptyRules, parseRules, rulesText } from './fieldRules.ts';

/**
 * The 数据范围 of a logged grant (操作日志: `[menuId, actions, rowFilterJSON]`, server/src/access/grantsService.ts)
 * read as 权限管理 shows it: the page's table's column titles, choice labels and the names of referenced rows.
 */

type Translate = (key: string, options?: Record<string, unknown>) => string;
/** The name of a referenced row when it has been read (referenced table, id). */
export type NameOf = (flag: string, id: string) => string | undefined;
/** A grant's filter as text, or undefined when it is none; `fields`: its field rules (JSON) as text, the same way. */
export interface ScopeText {
  (menuId: number, filter: unknown): string | undefined;
  fields(menuId: number, rules: unknown): string | undefined;
}

const isRecord = (v: unknown): v is RowFilter => !!v && typeof v === 'object' && !Array.isArray(v);

function referenceOf(column: ColumnMeta | undefined): { flag: string; labelColumn: string } | undefined {
  if (column?.reference) return column.reference;
  return column?.references ? { flag: column.references, labelColumn: 'name' } : undefined;
}

/** The logged grants: [menuId, actions, filter (JSON text)] each, the filter parsed; undefined when the value is no such list. */
function loggedFilters(value: unknown): { menuId: number; filter: RowFilter }[] {
  let list: unknown = value;
  if (typeof value === 'string') {
    try {
      list = JSON.parse(value);
    } catch {
      return [];
    }
  }
  if (!Array.isArray(list)) return [];
  return list.flatMap((g) => {
    if (!Array.isArray(g) || typeof g[2] !== 'string') return [];
    try {
      const filter: unknown = JSON.parse(g[2]);
      return isRecord(filter) ? [{ menuId: Number(g[0]), filter }] : [];
    } catch {
      return [];
    }
  });
}

const tableOfMenu = (menus: MenuRow[], tables: Map<string, TableMeta>, menuId: number) =>
  tables.get(pageTableOf(menus.find((m) => Number(m.id) === menuId)?.url) ?? '');

export function scopeTextOf(tables: Map<string, TableMeta>, menus: MenuRow[], lang: string, t: Translate, nameOf: NameOf): ScopeText {
  const scope = (menuId: number, filter: unknown) => {
    if (!isRecord(filter)) return undefined;
    const columns = new Map((tableOfMenu(menus, tables, menuId)?.columns ?? []).map((c) => [c.name, c]));
    return filterText(filter, {
      title: (column) => {
        const known = columns.get(column);
        return known ? textIn(known.title, lang) : column;
      },
      value: (column, value) => {
        const known = columns.get(column);
        const option = known?.enum?.find((e) => String(e.value) === String(value));
        if (option) return textIn(option.label, lang);
        const reference = referenceOf(known);
        return (reference && nameOf(reference.flag, String(value))) ?? (typeof value === 'object' ? JSON.stringify(value) : String(value));
      },
      t,
    });
  };
  // 隐藏：手机号；只读：性别, the columns by their titles in the page's table
  const fields = (menuId: number, value: unknown) => {
    const rules = parseRules(value);
    return rules && !isEmptyRules(rules) ? rulesText(rules, tableOfMenu(menus, tables, menuId), lang, t) : undefined;
  };
  return Object.assign(scope, { fields });
}

/** The ids the logged filters (of grants lists logged before and after) refer to, per referenced table. */
function referencedIds(values: unknown[], tables: Map<string, TableMeta>, menus: MenuRow[]): Map<string, { labelColumn: string; ids: number[] }> {
  const wanted = new Map<string, { labelColumn: string; ids: Set<number> }>();
  for (const { menuId, filter } of values.flatMap(loggedFilters)) {
    const meta = tableOfMenu(menus, tables, menuId);
    for (const [column, v] of Object.entries(filter)) {
      const reference = referenceOf(meta?.columns.find((c) => c.name === column));
      if (!reference) continue;
      const inner = isRecord(v) ? v.value : v;
      for (const one of Array.isArray(inner) ? inner : [inner]) {
        const id = Number(one);
        if (!Number.isInteger(id) || id <= 0) continue;
        const entry = wanted.get(reference.flag) ?? { labelColumn: reference.labelColumn, ids: new Set<number>() };
        entry.ids.add(id);
        wanted.set(reference.flag, entry);
      }
    }
  }
  return new Map([...wanted].map(([flag, w]) => [flag, { labelColumn: w.labelColumn, ids: [...w.ids].sort((a, b) => a - b) }]));
}

type Named = { id: string; name: string }[];
const NAMES_KEY = 'grantScopeNames';

/**
 * Reads the names of the rows the logged filters refer to (silently: a person who may not read that table sees the
 * ids) and answers them as they arrive; print and export read the same answers from the cache (cachedNameOf).
 */
export function useGrantScopeNames(values: unknown[], tables: Map<string, TableMeta>, menus: MenuRow[]): NameOf {
  const wanted = [...referencedIds(values, tables, menus)];
  const results = useQueries({
    queries: wanted.map(([flag, { labelColumn, ids }]) => ({
      queryKey: [NAMES_KEY, flag, ids.join(',')],
      queryFn: async (): Promise<Named> => {
        const answer = await call('select', { query: { _flag: flag, page: 1, row: ids.length, wheres: { id: ids } }, silent: true });
        const rows = Array.isArray(answer.data) ? (answer.data as Record<string, unknown>[]) : [];
        return rows.map((r) => ({ id: String(r.id), name: String(r[labelColumn] ?? r.id) }));
      },
      staleTime: 60_000,
    })),
  });
  return (flag, id) => {
    const i = wanted.findIndex(([f]) => f === flag);
    return i === -1 ? undefined : results[i]?.data?.find((r) => r.id === id)?.name;
  };
}

/** The names useGrantScopeNames has read, outside React. */
export function cachedNameOf(queryClient: QueryClient): NameOf {
  return (flag, id) => {
    for (const [, data] of queryClient.getQueriesData<Named>({ queryKey: [NAMES_KEY, flag] })) {
      const found = data?.find((r) => r.id === id);
      if (found) return found.name;
    }
    return undefined;
  };
}
