import { CompiledQuery, sql } from 'kysely';
import { asDataFailure } from '../crud/reads.ts';
import type { CrudService } from '../crud/service.ts';
import type { AnyDb } from '../db/connection.ts';
import type { SourceEngine } from '../datasources/engines.ts';
import type { RowChange } from '../hooks/tableHooks.ts';
import type { RegisteredTable } from '../schema/types.ts';
import { yieldToEventLoop } from './turns.ts';

type Key = number | string;

/** bound values per INSERT: within SQLite's 32,766, PostgreSQL's and MySQL's 65,535 */
const MAX_BOUND_VALUES = 30_000;
const MAX_BATCH_ROWS = 1000;
const sameValues = (a: readonly unknown[], b: readonly unknown[]) => a.length === b.length && a.every((v, i) => v === b[i]);

/**
 * Whether rows of this table can be inserted many per statement with their keys known: on the local database (or a
 * source) of SQLite or PostgreSQL (RETURNING, the keys of one statement ascending in row order), MySQL/MariaDB when
 * one statement's generated keys are consecutive (innodb_autoinc_lock_mode 0 or 1; the driver answers the first),
 * or any of the three when the rows carry their key. Elsewhere the rows are saved one by one.
 */
async function batchPlan(trx: AnyDb, engine: SourceEngine, generated: boolean): Promise<{ step: number } | undefined> {
  if (!generated) return engine === 'sqlite' || engine === 'postgres' || engine === 'mysql' ? { step: 0 } : undefined;
  if (engine === 'sqlite' || engine === 'postgres') return { step: 0 };
  if (engine !== 'mysql') return undefined;
  const r = await sql<{ mode: unknown; step: unknown }>`select @@innodb_autoinc_lock_mode as mode, @@auto_increment_increment as step`.execute(trx);
  const row = r.rows[0];
  if (!row || Number(row.mode) > 1) return undefined;
  return { step: Number(row.step) || 1 };
}

/**
 * Inserts the rows (column values as the save checked them) in one transaction of multi-row INSERTs, and records each
 * row as the save does (hooks, one operation-log entry per row). One compiled statement serves every full batch.
 */
export async function insertRows(
  crud: CrudService,
  trx: AnyDb,
  table: RegisteredTable,
  engine: SourceEngine,
  rows: Record<string, unknown>[],
  generated: boolean,
): Promise<void> {
  if (rows.length === 0) return;
  const plan = await batchPlan(trx, engine, generated);
  const key = table.primaryKey;
  if (!plan) {
    for (const values of rows) {
      const id = await crud.insert(trx, table, values, engine).catch((err: unknown) => Promise.reject(asDataFailure(err, table, Object.entries(values))));
      await crud.assertInScope(trx, table, id, engine);
      await crud.recordChanges(trx, [{ table, action: 'insert', id, after: { ...values, [key]: id } }]);
    }
    return;
  }
  // the columns any row gives, without a list of every row's keys (200,000 rows: one long step on the event loop)
  const given = new Set<string>();
  // the creator (createdBy) of every row is the caller's, as for a save
  const creator = crud.creatorValues(trx, table);
  if (Object.keys(creator).length > 0) for (const r of rows) Object.assign(r, creator);
  for (const r of rows) for (const n in r) given.add(n);
  const names = [...given];
  const batchRows = Math.max(1, Math.min(MAX_BATCH_ROWS, Math.floor(MAX_BOUND_VALUES / Math.max(1, names.length))));
  const returning = generated && engine !== 'mysql';
  let fullBatchSql: string | undefined;
  for (let start = 0; start < rows.length; start += batchRows) {
    const slice = rows.slice(start, start + batchRows);
    const params: unknown[] = [];
    for (const r of slice) for (const n of names) params.push(r[n] ?? null);
    let query: CompiledQuery;
    if (fullBatchSql !== undefined && slice.length === batchRows) query = CompiledQuery.raw(fullBatchSql, params);
    else {
      const objects = slice.map((r) => Object.fromEntries(names.map((n) => [n, r[n] ?? null])));
      const insert = trx.insertInto(table.table).values(objects);
      query = returning ? insert.returning(key).compile() : insert.compile();
      // Kysely binds the values row by row: the SQL of a full batch serves every other full batch
      if (slice.length === batchRows && sameValues(query.parameters, params)) fullBatchSql = query.sql;
    }
    // a refusal of the database (a unique index, a range) is a 400 naming the column, as for a save
    const result = await trx.executeQuery<Record<string, unknown>>(query).catch((err: unknown) => Promise.reject(asDataFailure(err, table, [])));
    let ids: Key[];
    if (!generated) ids = slice.map((r) => r[key] as Key);
    else if (returning) ids = result.rows.map((r) => Number(r[key])).sort((a, b) => a - b);
    else {
      const first = Number(result.insertId);
      ids = slice.map((_, i) => first + i * plan.step);
    }
    if (ids.length !== slice.length) throw new Error(`insert answered ${ids.length} keys for ${slice.length} rows`);
    // every row inserted must be one of the caller's rows (a grant's row filter): else the import is refused whole
    await crud.assertInScope(trx, table, ids, engine);
    // the values are the import's own: the key goes into them rather than into a copy (100,000 rows, less garbage)
    for (let i = 0; i < slice.length; i++) slice[i]![key] = ids[i]!;
    // integer keys: one log entry per run of consecutive keys; other keys (text, given by the file): one per row
    if (ids.every((id) => typeof id === 'number' && Number.isSafeInteger(id)))
      await crud.recordInsertRuns(
        trx,
        table,
        slice.map((after, i) => ({ id: ids[i] as number, after })),
      );
    else
      await crud.recordChanges(
        trx,
        slice.map((after, i): RowChange => ({ table, action: 'insert', id: ids[i]!, after })),
      );
    // lists are read on another connection (SQLite's reader, or the pool): let them be answered between batches
    await yieldToEventLoop();
  }
}
