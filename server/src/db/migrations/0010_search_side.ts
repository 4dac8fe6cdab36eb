import { type Kysely, sql } from 'kysely';
import type { Engine } from '../connection.ts';
import { SEARCHED } from './0007_search.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/*
 * Cheaper upkeep of the PostgreSQL search index (issue 21, docs/search.md "Write path"), frozen once released.
 * Migration 0007's pg_trgm GIN indexes sat on the base tables: their upkeep made a save ~38% and an import of
 * 100,000 rows ~71% slower. Here, on PostgreSQL with pg_trgm only (a no-op elsewhere), for each table of 0007:
 * - `sys_search__<table> (id, <searched columns>)`, the side table, carries the GIN trigram indexes, filled here from the
 *   existing rows; 0007's GIN indexes on the base table are dropped;
 * - `sys_searchq__<table> (id)`: the ids written since the side table last caught up. Statement-level AFTER
 *   INSERT / UPDATE / DELETE triggers with transition tables add them in the writing transaction (one
 *   `insert … select` per statement, whatever writes: the API, an import, another instance, a tool's SQL). An update
 *   queues only the rows whose id or searched text changed;
 * - the server moves pending ids into the side table after the commit (search/upkeep.ts SearchUpkeep), in bounded
 *   batches, one catch-up of a table at a time across instances (an advisory lock);
 * - a search takes as candidates the side table's trigram hits plus the pending ids, and the base row's own `ilike`
 *   decides (crud/wheres.ts): exact at every moment. Ids of concurrent transactions commit out of order, hence a
 *   queue of ids rather than SQLite's mark.
 */
const q = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * The side table of `table`. Named `sys_…` as the app's own tables are: the data-table manager does not offer them as
 * tables of the local database; the two prefixes differ before the `__`, so no table's side table is another's queue.
 */
export const sideTable = (table: string) => `sys_search__${table}`;
/** The ids of `table` written since its side table last caught up. */
export const pendingTable = (table: string) => `sys_searchq__${table}`;
/** The table a side table or queue name belongs to. */
export const baseOfSearchTable = (name: string) => name.replace(/^sys_searchq?__/, '');
/** Longest table name given a side table: `sys_searchq__<table>` and `ix_sys_search__<table>_<k>` within PostgreSQL's 63 bytes. */
export const SIDE_TABLE_NAME_MAX = 40;
/** The trigger function every side table shares: its first argument is the pending table, the others the searched columns. */
export const QUEUE_FUNCTION = 'qb_search_queue';

/**
 * The trigger function: the written ids into the pending table of the trigger's own schema (TG_TABLE_SCHEMA, so a
 * writer whose search_path is another schema still finds it). An update queues the rows whose id or searched text changed.
 */
async function queueFunction(db: AnyDb): Promise<void> {
  await sql
    .raw(
      `create or replace function ${q(QUEUE_FUNCTION)}() returns trigger language plpgsql as $qb$
declare
  changed text := '';
begin
  if TG_OP = 'INSERT' then
    execute format('insert into %I.%I (id) select id from qb_new', TG_TABLE_SCHEMA, TG_ARGV[0]);
  elsif TG_OP = 'DELETE' then
    execute format('insert into %I.%I (id) select id from qb_old', TG_TABLE_SCHEMA, TG_ARGV[0]);
  else
    for k in 1 .. TG_NARGS - 1 loop
      changed := changed || format(' or n.%I is distinct from o.%I', TG_ARGV[k], TG_ARGV[k]);
    end loop;
    execute format('insert into %I.%I (id) select coalesce(n.id, o.id) from qb_new n full join qb_old o on o.id = n.id where n.id is null or o.id is null%s',
      TG_TABLE_SCHEMA, TG_ARGV[0], changed);
  end if;
  return null;
end
$qb$`,
    )
    .execute(db);
}

/** Drops the side table of `table`, its pending table and its triggers (nothing when there are none). */
export async function dropPgSearchSide(db: AnyDb, table: string): Promise<void> {
  const exists = await sql<{
    n: number;
  }>`select count(*) as n from information_schema.tables where table_schema = current_schema() and table_name = ${table}`.execute(db);
  if (Number(exists.rows[0]?.n ?? 0) > 0) {
    for (const t of ['ai', 'au', 'ad']) await sql.raw(`drop trigger if exists ${q(`${sideTable(table)}_${t}`)} on ${q(table)}`).execute(db);
  }
  await sql.raw(`drop table if exists ${q(sideTable(table))}`).execute(db);
  await sql.raw(`drop table if exists ${q(pendingTable(table))}`).execute(db);
}

/**
 * The side table of `table` (integer key `id`) with a GIN trigram index per column, its pending table and triggers,
 * made (again) from the base rows. `trgmSchema`: the schema of pg_trgm. Also used for runtime tables.
 */
export async function pgSearchSide(db: AnyDb, table: string, columns: string[], trgmSchema: string): Promise<void> {
  await dropPgSearchSide(db, table);
  await queueFunction(db);
  const side = sideTable(table);
  const pending = pendingTable(table);
  const cols = columns.map(q).join(', ');
  // the same types and collations as the base columns (`ilike` folds case by the collation)
  await sql.raw(`create table ${q(side)} as select id, ${cols} from ${q(table)} with no data`).execute(db);
  await sql.raw(`alter table ${q(side)} add primary key (id)`).execute(db);
  await sql.raw(`create table ${q(pending)} as select id from ${q(table)} with no data`).execute(db);
  // triggers before the rows are copied: the migration's transaction holds the base table until it commits anyway
  const args = [pending, ...columns].map((a) => `'${a.replace(/'/g, "''")}'`).join(', ');
  const fn = `${q(QUEUE_FUNCTION)}(${args})`;
  await sql
    .raw(`create trigger ${q(`${side}_ai`)} after insert on ${q(table)} referencing new table as qb_new for each statement execute function ${fn}`)
    .execute(db);
  await sql
    .raw(
      `create trigger ${q(`${side}_au`)} after update on ${q(table)} referencing old table as qb_old new table as qb_new for each statement execute function ${fn}`,
    )
    .execute(db);
  await sql
    .raw(`create trigger ${q(`${side}_ad`)} after delete on ${q(table)} referencing old table as qb_old for each statement execute function ${fn}`)
    .execute(db);
  await sql.raw(`insert into ${q(side)} (id, ${cols}) select id, ${cols} from ${q(table)}`).execute(db);
  for (const [k, column] of columns.entries()) {
    await sql.raw(`create index ${q(`ix_${side}_${k}`)} on ${q(side)} using gin (${q(column)} ${q(trgmSchema)}.gin_trgm_ops)`).execute(db);
  }
  await sql.raw(`analyze ${q(side)}`).execute(db);
}

/** The schema pg_trgm lives in, or undefined (0007 tried to create it; it is not tried again here). */
export async function trigramSchemaOf(db: AnyDb): Promise<string | undefined> {
  const { rows } = await sql<{
    schema: string;
  }>`select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db);
  return rows[0]?.schema;
}

export async function up(db: AnyDb, engine: Engine): Promise<void> {
  if (engine !== 'postgres') return;
  const schema = await trigramSchemaOf(db);
  if (!schema) return;
  for (const [table, columns] of Object.entries(SEARCHED)) {
    for (const column of columns) await sql.raw(`drop index if exists ${q(`ix_${table}_${column}_trgm`)}`).execute(db);
    await pgSearchSide(db, table, columns, schema);
  }
}
