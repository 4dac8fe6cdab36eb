import { nowText } from '../db/time.ts';
import type { FieldChange } from '../audit/log.ts';
import { isKeyRun } from '@qb/contracts/keyRuns';
import { loggedValue, wasCut } from '../audit/log.ts';
import { ApiError } from '../http/errors.ts';
import type { RegisteredColumn, RegisteredTable } from '../schema/types.ts';

/** One entry of the operation log about one row, its changes parsed. */
export interface Revision {
  id: number;
  action: string;
  loginid: string | null;
  createTime: string | null;
  changes: FieldChange[];
  /** an entry of a run of rows inserted together (an import's batch): its values are the row's own, see runValues */
  run?: true;
}

/** A logged row of the operation log, as the database answers it. */
export interface LogRow {
  id: number | string;
  action: string;
  loginid: string | null;
  createTime: unknown;
  changes: string | null;
  rowId?: string | null;
}

const isoInstant = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;

/**
 * A logged value as the generic API answers it: the log keeps what the driver gave, and a driver's date (PostgreSQL,
 * MySQL) was logged as an ISO instant; the API (and a save) speak the server's local `YYYY-MM-DD HH:mm:ss`.
 */
export function apiValue(column: RegisteredColumn | undefined, value: unknown): unknown {
  if (column?.type === 'datetime' && typeof value === 'string' && isoInstant.test(value)) return nowText(new Date(value));
  return value;
}

const timeText = (value: unknown): string | null => {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return nowText(value);
  return String(value).slice(0, 19).replace('T', ' ');
};

/** A logged row as a revision; `run`: the entry is a run of keys holding the row (read as such by its rowId). */
export function revisionOf(table: RegisteredTable, row: LogRow, run = false): Revision {
  let changes: FieldChange[] = [];
  try {
    const parsed: unknown = row.changes ? JSON.parse(row.changes) : [];
    if (Array.isArray(parsed)) changes = parsed.filter((c): c is FieldChange => typeof c === 'object' && c !== null && typeof c.column === 'string');
  } catch {
    // an entry whose changes are not JSON (none of this server's) shows no fields
  }
  // a column that became secret since is never shown
  // the key names the row and the delete mark is the revision's action: neither is a field a person changed
  changes = changes
    .filter((c) => !table.columns.get(c.column)?.secret && c.column !== 'pass' && c.column !== table.primaryKey && c.column !== 'isdelete')
    .map((c) => {
      const column = table.columns.get(c.column);
      return { ...c, before: apiValue(column, c.before), after: apiValue(column, c.after) };
    });
  return {
    id: Number(row.id),
    action: row.action,
    loginid: row.loginid,
    createTime: timeText(row.createTime),
    changes,
    ...(run && isKeyRun(row.rowId) ? { run: true } : {}),
  };
}

/**
 * The fields of a run's revision for one of its rows (the run's entry logs the keys, not the values): the values the
 * row had right after it — each column's value before the earliest later revision that changed it, else its value
 * now (`row`; a row deleted for good has none: its delete logged every value). A write the log does not know (another
 * program's) shows here as if the run had written it.
 */
export function runValues(table: RegisteredTable, newestFirst: Revision[], run: Revision, row: Record<string, unknown> | undefined): FieldChange[] {
  const values = new Map<string, unknown>();
  if (row) for (const [name, value] of Object.entries(row)) values.set(name, loggedValue(value));
  for (const revision of newestFirst) {
    if (revision.id <= run.id) continue;
    for (const change of revision.changes) values.set(change.column, change.before);
  }
  const changes: FieldChange[] = [];
  for (const column of table.columns.values()) {
    const name = column.name;
    if (column.secret || name === 'pass' || name === table.primaryKey || name === 'isdelete') continue;
    const value = values.get(name);
    if (value === null || value === undefined) continue;
    changes.push({ column: name, before: null, after: apiValue(column, value) });
  }
  return changes;
}

/** Whether a revision is a delete of the row (soft: isdelete 0 → 1, or for good). */
export const isDeleteRevision = (r: Revision) => r.action === 'delete';

/** Columns a restore never writes: the key, the delete mark, what the server fills or keeps (createTime, a sheet's flag). */
function restoredColumn(table: RegisteredTable, name: string): boolean {
  const column = table.columns.get(name);
  if (!column) return true;
  return !(name === table.primaryKey || name === 'isdelete' || column.serverFilled || column.readOnly || column.secret);
}

/**
 * The values that take a row from now back to the state right after `target`: each column that a later revision
 * changed gets the value it had before the earliest of those. Columns no later revision changed keep their value,
 * so a write the log does not know (another program's) is not undone. Refused: a column since removed from the table,
 * a value that was too long to be logged whole.
 */
export function valuesAt(table: RegisteredTable, newestFirst: Revision[], target: Revision): Record<string, unknown> {
  const later = newestFirst.filter((r) => r.id > target.id);
  const values: Record<string, unknown> = {};
  for (const revision of later) {
    for (const change of revision.changes) {
      if (!restoredColumn(table, change.column)) continue;
      if (!table.columns.has(change.column)) throw new ApiError(409, 'restoreColumnRemoved', { column: change.column });
      if (wasCut(change, 'before')) throw new ApiError(409, 'restoreValueCut', { column: change.column });
      // newest first: the earliest later revision is the last one to set the value
      values[change.column] = change.before;
    }
  }
  return values;
}

const comparable = (column: RegisteredColumn | undefined, value: unknown): string | null => {
  const v = apiValue(column, loggedValue(value));
  if (v === null || v === undefined) return null;
  // a driver's number and its logged text (PostgreSQL's numeric "12.50" against 12.5) are the same value
  const n = typeof v === 'number' || (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v)) ? Number(v) : NaN;
  return Number.isFinite(n) ? String(n) : String(v);
};

/**
 * Refusal of a restore that would change a column the caller may read but not write (`locked`: read-only by its
 * grants' field rules, access/fieldRules.ts; issue 33): the first such column whose value before the earliest later
 * revision that changed it differs from the row's value now (`row`). A column it may not read is in no revision the
 * caller is given, so no restore of its writes it. Undefined: the restore changes none of them.
 */
export function lockedChange(
  table: RegisteredTable,
  newestFirst: Revision[],
  target: Revision,
  locked: ReadonlySet<string>,
  row: Record<string, unknown> | undefined,
): ApiError | undefined {
  if (locked.size === 0 || !row) return undefined;
  const values = new Map<string, unknown>();
  for (const revision of newestFirst) {
    if (revision.id <= target.id) continue;
    for (const change of revision.changes) if (locked.has(change.column)) values.set(change.column, change.before);
  }
  for (const [name, value] of values) {
    const column = table.columns.get(name);
    if (comparable(column, value) === comparable(column, row[name])) continue;
    return new ApiError(409, 'restoreColumnNotWritable', { column: name, title: column?.title?.zh ?? name, titleEn: column?.title?.en ?? name });
  }
  return undefined;
}

/** Why a revision cannot be restored (the same error the restore would answer), or undefined. */
export function refusalOf(table: RegisteredTable, newestFirst: Revision[], revision: Revision, deleted: boolean): ApiError | undefined {
  if (deleted) return new ApiError(409, 'restoreRowDeleted');
  if (isDeleteRevision(revision)) return new ApiError(409, 'restoreDeleteRevision');
  try {
    valuesAt(table, newestFirst, revision);
    return undefined;
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw err;
  }
}

/** The values of a row deleted for good, as its delete logged them (to insert it again). */
export function deletedValues(table: RegisteredTable, deletion: Revision): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const change of deletion.changes) {
    if (change.column === table.primaryKey || change.column === 'isdelete') continue;
    const column = table.columns.get(change.column);
    if (!column || column.serverFilled || column.readOnly || column.secret) continue;
    if (wasCut(change, 'before')) throw new ApiError(409, 'restoreValueCut', { column: change.column });
    values[change.column] = change.before;
  }
  return values;
}
