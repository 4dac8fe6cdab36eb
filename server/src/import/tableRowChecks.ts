import { hasOwnKey } from '@qb/contracts';
import { toStoredValue } from '../crud/values.ts';
import { ApiError } from '../http/errors.ts';
import type { TableRegistry } from '../schema/registry.ts';
import type { RegisteredColumn, RegisteredTable } from '../schema/types.ts';
import type { RowProblem } from './questions.ts';
import { headerOfColumn, type MappedHeader, problemOf } from './tableColumns.ts';
import type { Key } from './tableLookups.ts';

/**
 * What an import finds wrong with a row beyond its cells' own conversions (docs/import.md "Import into any table"):
 * every column the save's checks refuse, and a value of a unique column that a live row or an earlier row of the file
 * already has (docs/decisions.md "Natural key of a table (import)").
 */

const NONE: readonly RowProblem[] = [];

/** A refusal of the save's checks as a problem of a row, naming the column by the file's header text. */
export function problemOfError(row: number, mapped: MappedHeader, table: RegisteredTable, err: ApiError): RowProblem {
  const header = headerOfColumn(mapped, table, err.params.column) ?? '';
  return { row, column: header, key: err.key, params: { ...err.params, ...(header ? { column: header } : {}) } };
}

/**
 * Every column of a row the save's checks refuse (CrudService.toColumnValues stops at the first): each given value
 * checked as that function checks it, then, for a new row, each required column not given. Called only for a row the
 * save refused, so that a good row takes the save's own path; `failed` is that refusal, answered when nothing else
 * names the problem. `skip`: columns whose cells were already problems of the row.
 */
export function saveProblems(
  registry: TableRegistry,
  table: RegisteredTable,
  params: Record<string, unknown>,
  mode: 'insert' | 'update',
  failed: ApiError,
  at: (err: ApiError) => RowProblem,
  skip: ReadonlySet<string>,
): RowProblem[] {
  const out: RowProblem[] = [];
  for (const [name, raw] of Object.entries(params)) {
    try {
      const column = registry.column(table, name, 'write');
      if (column.serverFilled || column.readOnly) continue;
      if (toStoredValue(column, raw) === null && column.required) throw new ApiError(400, 'required', { column: name });
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      out.push(at(err));
    }
  }
  if (mode === 'insert') {
    for (const column of table.columns.values()) {
      if (column.name === 'id' || hasOwnKey(params, column.name) || skip.has(column.name)) continue;
      if (column.readOnly || column.serverFilled || column.defaultValue !== undefined || !column.required) continue;
      out.push(at(new ApiError(400, 'required', { column: column.name })));
    }
  }
  // nothing named: the save's refusal itself, unless it is about a cell already a problem of the row
  return out.length > 0 || skip.has(String(failed.params.column)) ? out : [at(failed)];
}

/** A unique column the file fills (but the match column, whose repeats the plan finds itself). */
export interface UniqueColumn {
  name: string;
  column: RegisteredColumn;
  header: string;
  /** the live rows holding each of the file's values: value (as text, trimmed) -> their keys */
  live: Map<string, Key[]>;
}

/**
 * The values of unique columns the rows of a file write, so that no row writes one that a live row (but the row it
 * updates) or an earlier written row of the file has: on a table whose database has no unique index on the column
 * (a member's phone), a second live row with the value; on one that has (a primary key a file gives), a refusal of
 * the whole batch by the database instead of a problem naming the row.
 */
export class UniqueValues {
  private readonly written = new Map<string, Map<string, number>>();

  constructor(readonly columns: UniqueColumn[]) {
    for (const c of columns) this.written.set(c.name, new Map());
  }

  /** The problems of a row about to be written with `params` (as a save takes them), updating the row `own` if any. */
  check(row: number, params: Record<string, unknown>, own: Key | undefined): readonly RowProblem[] {
    if (this.columns.length === 0) return NONE;
    const out: RowProblem[] = [];
    for (const c of this.columns) {
      let stored: string | number | null;
      try {
        stored = toStoredValue(c.column, params[c.name]);
      } catch (err) {
        if (err instanceof ApiError) continue; // the save's checks name it
        throw err;
      }
      if (stored === null) continue;
      const value = String(stored).trim();
      const written = this.written.get(c.name)!;
      const first = written.get(value);
      if (first !== undefined) {
        out.push(problemOf(row, c.header, 'importDuplicateInFile', { value: value.slice(0, 40), first }));
        continue;
      }
      written.set(value, row);
      if ((c.live.get(value) ?? []).some((k) => String(k) !== String(own))) out.push(problemOf(row, c.header, 'dbDuplicate'));
    }
    return out;
  }
}
