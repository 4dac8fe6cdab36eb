import type { AnyDb, SourceEngine } from '../db/connection.ts';
import type { RegisteredTable } from '../schema/types.ts';
import { type EventLoopTurns, yieldToEventLoop } from './turns.ts';
import { scopeExpression } from '../crud/rowScope.ts';
import type { Condition } from '../crud/wheres.ts';

/** How a table import finds the live rows a file names (docs/import.md "Import into any table"). */

export type Key = number | string;

/** values per `in (…)` list when existing rows are looked up on an indexed column */
const LOOKUP_CHUNK = 2000;
/** rows per page when a table is read in key order (an unindexed column) */
const PAGE_ROWS = 5000;

/** Whether the database finds a column's values by an index: the key, or the first column of a declared index. */
function indexedColumn(table: RegisteredTable, column: string): boolean {
  return column === table.primaryKey || (table.indexes ?? []).some((columns) => columns[0] === column);
}

/**
 * The live rows of a table whose `column` holds one of `values`: each value (as text, trimmed) -> the keys of its rows
 * (a reference column's labels, the match column's values). On an indexed column, `LOOKUP_CHUNK` values per `in (…)`;
 * on another, each such list would scan the whole table (200,000 values: 100 scans, on SQLite on the event loop, the
 * server held 14-22 s), so the table is read once in key order, a page at a time, and the values picked here. Either
 * way each statement is short and the event loop turns between two.
 */
export async function keysByValue(
  db: AnyDb,
  engine: SourceEngine,
  table: RegisteredTable,
  column: string,
  values: (string | number)[],
  /** the caller's rows only (a grant's row filter, crud/rowScope.ts): a row outside is no match */
  scope?: Condition[],
): Promise<Map<string, Key[]>> {
  const out = new Map<string, Key[]>();
  const add = (k: unknown, v: unknown) => {
    const value = String(v).trim();
    const keys = out.get(value);
    if (keys) keys.push(k as Key);
    else out.set(value, [k as Key]);
  };
  if (values.length === 0) return out;
  const key = table.primaryKey;
  // paging by `limit` is kysely's on these three; another source engine keeps the lists
  if (indexedColumn(table, column) || !(engine === 'sqlite' || engine === 'postgres' || engine === 'mysql')) {
    for (let i = 0; i < values.length; i += LOOKUP_CHUNK) {
      let q = db
        .selectFrom(table.table)
        .select([`${key} as k`, `${column} as v`])
        .where(column, 'in', values.slice(i, i + LOOKUP_CHUNK));
      if (table.softDelete) q = q.where('isdelete', '=', 0);
      if (scope) q = q.where((eb) => scopeExpression(eb, scope, engine));
      for (const r of await q.execute()) add(r.k, r.v);
      await yieldToEventLoop();
    }
    return out;
  }
  // a value matches as the database's `in` would have it for the same text or number: equal as text, untrimmed
  const wanted = new Set(values.map(String));
  for (let after: unknown = undefined; ;) {
    let q = db
      .selectFrom(table.table)
      .select([`${key} as k`, `${column} as v`])
      .orderBy(key)
      .limit(PAGE_ROWS);
    if (after !== undefined) q = q.where(key, '>', after);
    if (table.softDelete) q = q.where('isdelete', '=', 0);
    if (scope) q = q.where((eb) => scopeExpression(eb, scope, engine));
    const page = await q.execute();
    for (const r of page) if (r.v !== null && wanted.has(String(r.v))) add(r.k, r.v);
    if (page.length < PAGE_ROWS) return out;
    after = page[page.length - 1]!.k;
    await yieldToEventLoop();
  }
}

/** Whether two look-ups found the same rows for the same values (200,000 entries: compared in slices of time). */
export async function sameLookups(a: Map<string, Key[]>, b: Map<string, Key[]>, turns: EventLoopTurns): Promise<boolean> {
  if (a.size !== b.size) return false;
  for (const [value, keys] of a) {
    if (turns.due()) await turns.turn();
    const other = b.get(value);
    if (!other || other.length !== keys.length || keys.some((k, i) => k !== other[i])) return false;
  }
  return true;
}
