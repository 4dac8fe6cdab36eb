import { sql } from 'kysely';
import type { TablesDeps } from './deps.ts';
import { dropSqliteSearchIndex, sqliteSearchIndex } from '../db/migrations/0008_search_upkeep.ts';
import { LOCAL_SOURCE } from '../schema/registry.ts';

/*
 * Keyword search index of an operator's table in the local database (issue 21, docs/search.md): its text columns
 * marked searchable (`search: 'input'`) get the index of the built-in ones, made again whenever the table is created
 * or altered. SQLite: the FTS5 trigram table `<table>__search`, its mark and triggers (migration 0008's shape), only
 * for an integer key `id` (the FTS5 rowid); PostgreSQL: a pg_trgm GIN index per column when the extension exists.
 * Tables of other data sources are searched as before.
 */
const q = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Before the DDL of a local SQLite table: its triggers name its columns (an altered or dropped column would fail). */
export async function beforeTableDdl(ctx: TablesDeps, sourceId: number, table: string): Promise<void> {
  if (sourceId !== LOCAL_SOURCE || ctx.conn.engine !== 'sqlite') return;
  await dropSqliteSearchIndex(ctx.conn.db, table);
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
  } else if (ctx.conn.engine === 'postgres') {
    const ext = await sql<{
      schema: string;
    }>`select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db);
    const schema = ext.rows[0]?.schema;
    if (schema) {
      for (const c of columns) {
        const name = `ix_${table}_${c}_trgm`.slice(0, 63);
        await sql.raw(`create index if not exists ${q(name)} on ${q(table)} using gin (${q(c)} ${q(schema)}.gin_trgm_ops)`).execute(db);
      }
    }
  }
  ctx.crud.searchUpkeep.forget(table);
  ctx.crud.searchIndexes.forget(table);
}
