import type { RegisteredColumn, RegisteredTable } from '../schema/types.ts';
import type { Caller } from './index.ts';

/**
 * A grant's field permissions on its page's table (issue 33 #2; sys_roleMenu.fieldRules, JSON): the columns the role
 * may not read (`hidden`: absent from lists, exports, templates, history and answers, unknown to filters and sorts)
 * and those it may read but not write (`readOnly`: shown, never written by its saves and imports). Absent: all.
 */
export interface FieldRules {
  hidden: string[];
  readOnly: string[];
}

/** What a caller may not do to a table's columns: the union of its grants' rules (a column one grant shows is shown). */
export interface ColumnLimits {
  hidden: ReadonlySet<string>;
  readOnly: ReadonlySet<string>;
}

/** A stored field rule (JSON): undefined for none; text that is no such object hides every column but the key. */
export function storedFieldRules(text: unknown): FieldRules | undefined {
  if (text === null || text === undefined || String(text).trim() === '') return undefined;
  try {
    const value = JSON.parse(String(text)) as unknown;
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      const { hidden = [], readOnly = [] } = value as Record<string, unknown>;
      if (Array.isArray(hidden) && Array.isArray(readOnly) && [...hidden, ...readOnly].every((x) => typeof x === 'string'))
        return hidden.length + readOnly.length > 0 ? { hidden: hidden as string[], readOnly: readOnly as string[] } : undefined;
    }
  } catch {
    // below
  }
  return { hidden: ['*'], readOnly: [] };
}

/**
 * The limits of several grants on one table: a column is hidden when every grant hides it, read-only when every grant
 * that may write (save or import) does not let it write it (hides it or makes it read-only). A grant without rules
 * limits nothing: no limits at all. `writes` says of each rule whether its grant may write the table.
 */
export function combinedLimits(table: RegisteredTable, rules: { rules: FieldRules | undefined; writes: boolean }[]): ColumnLimits | undefined {
  if (rules.length === 0 || rules.some((r) => !r.rules)) return undefined;
  const names = [...table.columns.keys()].filter((n) => n !== table.primaryKey && n !== 'isdelete');
  const hides = (r: FieldRules, n: string) => r.hidden.includes('*') || r.hidden.includes(n);
  const hidden = new Set(names.filter((n) => rules.every((r) => hides(r.rules!, n))));
  const writers = rules.filter((r) => r.writes);
  const readOnly = new Set(names.filter((n) => !hidden.has(n) && writers.every((r) => hides(r.rules!, n) || r.rules!.readOnly.includes(n))));
  return hidden.size + readOnly.size > 0 ? { hidden, readOnly } : undefined;
}

const limitedTables = new WeakMap<Caller, WeakMap<RegisteredTable, RegisteredTable>>();

/**
 * The table as a caller with field limits sees it: hidden columns gone (not selected, filtered, sorted, exported,
 * templated or written: unknown, as a secret column is), read-only ones kept by the server as its own columns are
 * (a save or an import leaves them as they are). The same object for the same caller and table.
 */
export function limitedTable(caller: Caller | undefined, table: RegisteredTable): RegisteredTable {
  const limits = caller && !caller.isAdmin ? caller.fieldLimits?.get(table.flag) : undefined;
  if (!limits) return table;
  let byTable = limitedTables.get(caller!);
  if (!byTable) limitedTables.set(caller!, (byTable = new WeakMap()));
  const known = byTable.get(table);
  if (known) return known;
  const columns = new Map<string, RegisteredColumn>();
  for (const [name, column] of table.columns) {
    if (limits.hidden.has(name)) continue;
    columns.set(name, limits.readOnly.has(name) ? { ...column, readOnly: true, required: false } : column);
  }
  // a column every new row needs, which this caller may not give: it can add no row (the database would name the column)
  const needed = (c: RegisteredColumn) =>
    c.required && c.defaultValue === undefined && !c.serverFilled && !c.readOnly && !c.creator && c.name !== table.primaryKey;
  const insertBlocked = [...table.columns.values()].some((c) => (limits.hidden.has(c.name) || limits.readOnly.has(c.name)) && needed(c));
  const limited: RegisteredTable = {
    ...table,
    ...(insertBlocked ? { insertNeedsUnwritable: true as const } : {}),
    columns,
    selectable: table.selectable.filter((n) => !limits.hidden.has(n)),
    // a list sorted by a hidden column by default is sorted by its key
    defaultSort: table.defaultSort && limits.hidden.has(table.defaultSort.column) ? undefined : table.defaultSort,
  };
  byTable.set(table, limited);
  return limited;
}
