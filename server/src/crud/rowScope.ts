import { sql, type Expression, type SqlBool } from 'kysely';
import type { Caller, RowFilter } from '../access/index.ts';
import type { SourceEngine } from '../datasources/engines.ts';
import { nowText } from '../db/time.ts';
import { ApiError } from '../http/errors.ts';
import type { TableRegistry } from '../schema/registry.ts';
import type { RegisteredTable } from '../schema/types.ts';
import { type Condition, parseWheres, whereExpression } from './wheres.ts';

/** A filter's values with the variables replaced: $CURRENT_USER the caller's account id, $NOW the time of the call. */
function bound(filter: RowFilter, caller: Pick<Caller, 'id'>): Record<string, unknown> {
  const now = nowText();
  const variable = (v: unknown): unknown => (v === '$CURRENT_USER' ? caller.id : v === '$NOW' ? now : v);
  // the grammar's value shapes only (a value, a list of values, {type, value}): one level each, never a recursion that
  // a deeply nested body could take past the stack (parseWheres refuses anything deeper)
  const values = (v: unknown): unknown => (Array.isArray(v) ? v.map(variable) : variable(v));
  const condition = (v: unknown): unknown =>
    v && typeof v === 'object' && !Array.isArray(v) && 'value' in v ? { ...v, value: values((v as { value: unknown }).value) } : values(v);
  return Object.fromEntries(Object.entries(filter).map(([name, v]) => [name, condition(v)]));
}

/** A row filter checked against its table as a list's `wheres` is (a 400 naming what is wrong), variables bound. */
export function parseRowFilter(filter: RowFilter, table: RegisteredTable, registry: TableRegistry, caller: Pick<Caller, 'id'>): Condition[] {
  return parseWheres(bound(filter, caller), table, registry);
}

/**
 * The conditions that keep a caller to its rows of a table (issue 33): undefined for every row (administrators, the
 * server, a table no grant filters). One filter is its own conditions, ANDed into a list's (the search indexes serve
 * them as any other); several (grants of several roles) are one `anyOf` condition. A filter that no longer fits the
 * table (a column dropped since it was saved, a broken stored filter) matches no row: it never widens the rows.
 */
export function rowScope(caller: Caller | undefined, table: RegisteredTable, registry: TableRegistry): Condition[] | undefined {
  if (!caller || caller.isAdmin) return undefined;
  const filters = caller.rowFilters?.get(table.flag);
  if (!filters || filters.length === 0) return undefined;
  const key = table.columns.get(table.primaryKey)!;
  const none: Condition[] = [{ column: key, op: 'anyOf', value: [] }];
  const groups: Condition[][] = [];
  for (const filter of filters) {
    try {
      groups.push(parseRowFilter(filter, table, registry, caller));
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      groups.push(none);
    }
  }
  return groups.length === 1 ? groups[0]! : [{ column: key, op: 'anyOf', value: groups }];
}

/** The WHERE of a caller's rows of a table, for a statement of its own (a write's look-up); `1 = 1` for every row. */
export function scopeExpression(eb: Parameters<typeof whereExpression>[0], scope: Condition[] | undefined, engine: SourceEngine): Expression<SqlBool> {
  return scope && scope.length > 0 ? whereExpression(eb, scope, false, engine) : sql<SqlBool>`1 = 1`;
}
