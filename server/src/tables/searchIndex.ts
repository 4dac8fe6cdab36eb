import { sql } from 'kysely';
import type { TablesDeps } from './deps.ts';
import { lockSearchSide } from '../search/pgSide.ts';
import type { AnyDb } from '../db/connection.ts';
import { dropSqliteSearchIndex, sqliteSearchIndex } from '../db/migrations/0008_search_upkeep.ts';
import { dropPgSearchSide, pgSearchSide, SIDE_TABLE_NAME_MAX, sideTable, pendingTable, trigramSchemaOf } from '../db/migrations/0010_search_side.ts';
import { BLOCK_TABLE_NAME_MAX, dropMysqlGramBlocks } from '../db/migrations/0016_search_gram_blocks.ts';
import { mysqlGramBits } from '../db/migrations/0018_search_gram_bits.ts';
import { withGramsLock } from '../search/grams.ts';
import { LOCAL_SOURCE } from '../schema/registry.ts';

/*
 * Keyword search index of an operator's table in the local database (issue 21, docs/search.md): its text columns
 * marked searchable (`search: 'input'`) get the index of the built-in ones, made again whenever the table is created
 * or altered. SQLite: the FTS5 trigram table `<table>__search`, its mark and triggers (migration 0008's shape), only
 * for an integer key `id` (the FTS5 rowid); PostgreSQL, when pg_trgm exists: migration 0010's side table
 * `sys_search__<table>` with its GIN trigram indexes, queue `sys_searchq__<table>` and statement triggers, for a key
 * `id` and a name of at most SIDE_TABLE_NAME_MAX characters (else, as before, a GIN index per column on the table);
 * MySQL/MariaDB: migration 0018's gram rows `sys_searchb__<table>` (0016's queue and row triggers; a key `id`, a name of at
 * most BLOCK_TABLE_NAME_MAX characters). Tables of other data sources are searched as before.
 */
const q = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Serializes remakes of side tables (they all replace the shared trigger function, which two at once cannot). */
const REMAKE_LOCK = 'qb_search_queue';

/**
 * Before the DDL of a local table. SQLite: its triggers name its columns (an altered or dropped column would fail), so
 * the index goes. PostgreSQL: the manager's DDL (CREATE, ADD COLUMN, ALTER COLUMN TYPE) does not trip over the statement
 * triggers, which name no column; only a side table and queue left by a table of that name dropped by hand are dropped
 * (they would hold its old rows). The rest is compared and remade after the DDL.
 */
export async function beforeTableDdl(ctx: TablesDeps, sourceId: number, table: string): Promise<void> {
  if (sourceId !== LOCAL_SOURCE) return;
  if (ctx.conn.engine === 'sqlite') await dropSqliteSearchIndex(ctx.conn.db, table);
  // MySQL: the row triggers name the columns (a dropped or renamed one would fail every write): remade after the DDL
  else if (ctx.conn.engine === 'mysql') await lockedGrams(ctx.conn.db, table, (conn) => dropMysqlGramBlocks(conn, table));
  else if (ctx.conn.engine === 'postgres') {
    if (await exists(ctx.conn.db, table)) return;
    await ctx.conn.db.transaction().execute(async (trx) => {
      await lockSearchSide(trx, REMAKE_LOCK);
      await lockSearchSide(trx, table);
      await dropPgSearchSide(trx, table);
    });
  } else return;
  ctx.crud.searchUpkeep.forget(table);
  ctx.crud.searchIndexes.forget(table);
}

/** After the DDL (and the registry's reload): the index of the table's searchable text columns, made again. */
export async function afterTableDdl(ctx: TablesDeps, sourceId: number, table: string): Promise<void> {
  if (sourceId !== LOCAL_SOURCE) return;
  const registered = ctx.registry
    .flags()
    .map((f) => ctx.registry.get(f))
    .find((t) => t.table === table && t.source === LOCAL_SOURCE);
  const columns = registered ? [...registered.columns.values()].filter((c) => c.search === 'input' && c.type === 'nvarchar').map((c) => c.name) : [];
  const db = ctx.conn.db;
  if (ctx.conn.engine === 'sqlite') {
    await dropSqliteSearchIndex(db, table);
    // FTS5's rowid is the integer key; `rowid` is a reserved column name in FTS5
    const usable = columns.filter((c) => c.toLowerCase() !== 'rowid' && c !== table);
    if (registered?.primaryKey === 'id' && usable.length > 0) await db.transaction().execute((trx) => sqliteSearchIndex(trx, table, usable));
  } else if (ctx.conn.engine === 'mysql') {
    // migration 0018's gram rows (0016's queue and row triggers), made from the rows (a key `id`, a name within MySQL's 64 characters)
    const searched = columns.filter((c) => c !== 'id');
    const fits = registered?.primaryKey === 'id' && [...table].length <= BLOCK_TABLE_NAME_MAX && searched.length > 0;
    await lockedGrams(db, table, async (conn) => {
      if (fits) await mysqlGramBits(conn, table, searched);
      else await dropMysqlGramBlocks(conn, table);
    });
    // the rows were queued: their grams are made now rather than at the first search
    if (fits) ctx.crud.searchUpkeep.written([table]);
  } else if (ctx.conn.engine === 'postgres') {
    const schema = await trigramSchemaOf(db);
    const searched = columns.filter((c) => c !== 'id');
    const side = registered?.primaryKey === 'id' && [...table].length <= SIDE_TABLE_NAME_MAX;
    await db.transaction().execute(async (trx) => {
      await lockSearchSide(trx, REMAKE_LOCK);
      await lockSearchSide(trx, table);
      // the GIN indexes this file put on the table itself: kept only where no side table can serve it
      await dropOwnIndexes(trx, table, side && schema ? [] : searched);
      if (!schema || searched.length === 0 || !side) await dropPgSearchSide(trx, table);
      if (!schema || searched.length === 0) return;
      if (!side) {
        for (const c of searched)
          await sql.raw(`create index if not exists ${q(ownIndex(table, c))} on ${q(table)} using gin (${q(c)} ${q(schema)}.gin_trgm_ops)`).execute(trx);
      } else if (!(await sideFits(trx, table, searched))) await pgSearchSide(trx, table, searched, schema);
    });
  }
  ctx.crud.searchUpkeep.forget(table);
  ctx.crud.searchIndexes.forget(table);
}

/** MySQL: `work` on the grams of `table` in their turn (search/grams.ts); a catch-up holding them past a minute fails the DDL. */
async function lockedGrams(db: AnyDb, table: string, work: (conn: AnyDb) => Promise<void>): Promise<void> {
  const done = await withGramsLock(db, table, async (conn) => {
    await work(conn);
    return true;
  });
  if (!done) throw new Error(`the search index of ${table} is busy: try again`);
}

/** The GIN index of a runtime table's column on the table itself (a long name, a key not named `id`). */
const ownIndex = (table: string, column: string) => `ix_${table}_${column}_trgm`.slice(0, 63);

const regclass = (name: string) => sql`to_regclass(quote_ident(current_schema()) || '.' || quote_ident(${name}))`;

async function exists(db: AnyDb, table: string): Promise<boolean> {
  const { rows } = await sql<{ found: boolean }>`select ${regclass(table)} is not null as found`.execute(db);
  return Boolean(rows[0]?.found);
}

/** Drops the trigram indexes named by ownIndex on `table`, but those of `keep`. */
async function dropOwnIndexes(db: AnyDb, table: string, keep: string[]): Promise<void> {
  const wanted = new Set(keep.map((c) => ownIndex(table, c)));
  const { rows } = await sql<{
    name: string;
  }>`select indexname as name from pg_indexes where schemaname = current_schema() and tablename = ${table} and indexdef like '%gin_trgm_ops%'`.execute(db);
  for (const { name } of rows) {
    if (name.startsWith(`ix_${table}_`) && !wanted.has(name)) await sql.raw(`drop index if exists ${q(name)}`).execute(db);
  }
}

/**
 * Whether the side table of `table` already serves `columns` as the table now is: the same columns in the same order,
 * each of the base column's type and collation (an ALTER may have widened one), its queue, its three triggers and a
 * GIN index per column. Then it is kept (an ALTER of other columns costs no refill); else it is remade from the rows.
 */
async function sideFits(db: AnyDb, table: string, columns: string[]): Promise<boolean> {
  const shape = async (name: string, wanted?: string[]) => {
    const { rows } = await sql<{ name: string; type: string; coll: number }>`select a.attname as name, format_type(a.atttypid, a.atttypmod) as type,
      a.attcollation as coll from pg_attribute a where a.attrelid = ${regclass(name)} and a.attnum > 0 and not a.attisdropped order by a.attnum`.execute(db);
    const byName = new Map(rows.map((r) => [r.name, `${r.name} ${r.type} ${r.coll}`]));
    return wanted ? wanted.map((c) => byName.get(c) ?? '') : rows.map((r) => byName.get(r.name)!);
  };
  const want = ['id', ...columns];
  if ((await shape(sideTable(table))).join('|') !== (await shape(table, want)).join('|')) return false;
  if ((await shape(pendingTable(table))).join('|') !== (await shape(table, ['id'])).join('|')) return false;
  const { rows } = await sql<{ triggers: number; indexes: number }>`select
    (select count(*) from pg_trigger where tgrelid = ${regclass(table)} and tgname in (${sql.join(['ai', 'au', 'ad'].map((k) => `${sideTable(table)}_${k}`))})) as triggers,
    (select count(*) from pg_indexes where schemaname = current_schema() and tablename = ${sideTable(table)} and indexdef like '%gin_trgm_ops%') as indexes`.execute(
    db,
  );
  return Number(rows[0]?.triggers) === 3 && Number(rows[0]?.indexes) === columns.length;
}
