import { limitedTable } from '../access/fieldRules.ts';
import { assertAllowed, type Caller } from '../access/index.ts';
import { rowScope, scopeExpression } from '../crud/rowScope.ts';
import type { CrudService } from '../crud/service.ts';
import { ApiError } from '../http/errors.ts';
import type { TableRegistry } from '../schema/registry.ts';
import type { RegisteredTable } from '../schema/types.ts';

type Key = number | string;

/** A row another row's reference names: whether it is still there and live, and its label when the caller may read it. */
export interface ReferencedRow {
  live: boolean;
  label?: string;
}

/** Per reference column of a table, the rows its values name, by their id as text. */
export type ReferencedRows = Map<string, Map<string, ReferencedRow>>;

/** ids read per query */
const CHUNK = 500;

export function mayView(caller: Caller | undefined, flag: string): boolean {
  try {
    assertAllowed(caller, flag, 'view');
    return true;
  } catch {
    return false;
  }
}

/** The ids a reference column's value names: none for empty or 0 (a top-level parent), several for a list column. */
export function referenceIds(table: RegisteredTable, column: string, value: unknown): string[] {
  const meta = table.columns.get(column);
  if (!meta?.references || value === null || value === undefined || value === '' || value === 0 || value === '0') return [];
  return meta.list ? String(value).split(',').filter(Boolean) : [String(value)];
}

/** A logged row id as the table's key (a number for an integer key). */
export function keyValue(table: RegisteredTable, text: string): Key | undefined {
  const column = table.columns.get(table.primaryKey);
  if (column?.type === 'int' && !column.native) return /^\d{1,15}$/.test(text) ? Number(text) : undefined;
  return text;
}

/**
 * The rows named by `ids` (per reference column of `table`), read from their tables, deleted ones included: a row
 * absent or soft-deleted is not live. Labels only of a table the caller may view (no view of the accounts' names), of
 * a label column it may read, and of the rows it may see (a grant's row filter on the referenced table: issue 33).
 */
export async function readReferencedRows(
  crud: CrudService,
  registry: TableRegistry,
  table: RegisteredTable,
  ids: Map<string, Set<string>>,
  caller: Caller | undefined,
): Promise<ReferencedRows> {
  const answer: ReferencedRows = new Map();
  for (const [name, named] of ids) {
    const column = table.columns.get(name);
    if (!column?.references || !registry.has(column.references) || named.size === 0) continue;
    const referenced = registry.get(column.references);
    const labelColumn = column.labelColumn ?? 'name';
    const readable = limitedTable(caller, referenced).columns.get(labelColumn);
    const labelled = mayView(caller, referenced.flag) && readable !== undefined && !readable.secret;
    // a caller held to some rows of the referenced table reads the labels of those only
    const scope = labelled ? rowScope(caller, referenced, registry) : undefined;
    const rows = new Map<string, ReferencedRow>([...named].map((id) => [id, { live: false }]));
    const keys = [...named].map((id) => keyValue(referenced, id)).filter((k): k is Key => k !== undefined);
    const target = await crud.target(referenced);
    for (let i = 0; i < keys.length; i += CHUNK) {
      const chunk = keys.slice(i, i + CHUNK);
      const select = [referenced.primaryKey, ...(labelled && !scope ? [labelColumn] : []), ...(referenced.softDelete ? ['isdelete'] : [])];
      const found = (await target.db.selectFrom(referenced.table).select(select).where(referenced.primaryKey, 'in', chunk).execute()) as Record<
        string,
        unknown
      >[];
      const labels = new Map<string, unknown>();
      if (scope) {
        const seen = (await target.db
          .selectFrom(referenced.table)
          .select([referenced.primaryKey, labelColumn])
          .where(referenced.primaryKey, 'in', chunk)
          .where((eb) => scopeExpression(eb, scope, target.engine))
          .execute()) as Record<string, unknown>[];
        for (const row of seen) labels.set(String(row[referenced.primaryKey]), row[labelColumn]);
      } else if (labelled) for (const row of found) labels.set(String(row[referenced.primaryKey]), row[labelColumn]);
      for (const row of found) {
        const id = String(row[referenced.primaryKey]);
        const live = !referenced.softDelete || Number(row.isdelete) !== 1;
        rows.set(id, { live, ...(labels.has(id) ? { label: String(labels.get(id) ?? '') } : {}) });
      }
    }
    answer.set(name, rows);
  }
  return answer;
}

/** The ids each reference column of `table` names in `values`. */
export function idsOfValues(table: RegisteredTable, values: Record<string, unknown>, into = new Map<string, Set<string>>()): Map<string, Set<string>> {
  for (const [name, value] of Object.entries(values)) {
    const ids = referenceIds(table, name, value);
    if (ids.length === 0) continue;
    const set = into.get(name) ?? new Set<string>();
    for (const id of ids) set.add(id);
    into.set(name, set);
  }
  return into;
}

/**
 * The refusal of values that name a row no longer live, in the page's words: the column by its title and the row by
 * its label (题目分类“临时分类”已删除), `#id` when the row is gone for good or its label is not the caller's to see.
 */
export function goneReference(table: RegisteredTable, values: Record<string, unknown>, rows: ReferencedRows): ApiError | undefined {
  for (const [name, value] of Object.entries(values)) {
    for (const id of referenceIds(table, name, value)) {
      const row = rows.get(name)?.get(id);
      if (!row || row.live) continue;
      const column = table.columns.get(name)!;
      return new ApiError(409, 'restoreReferenceGone', {
        column: name,
        title: column.title?.zh ?? name,
        titleEn: column.title?.en ?? name,
        label: row.label || `#${id}`,
        flag: column.references!,
        id,
      });
    }
  }
  return undefined;
}
