import { type Kysely, sql } from 'kysely';
import type { Engine } from '../connection.ts';
import { blockQueue, blockTable, mysqlGramBlocks, unboundedStatement } from './0016_search_gram_blocks.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/*
 * Keyword search index of MySQL/MariaDB, third shape (issue 30, docs/search.md "Issue 30, seventh pass: MariaDB's
 * layout"), frozen once released; a no-op elsewhere. Migration 0016 kept one row per (block of 256 ids, column, gram)
 * with four BIGINT mask words: 2.65 rows per question of the bench, and InnoDB writes a row in ~6–8 µs here whatever the
 * statement, so 1,000,000 loaded questions could not be caught up in 20 s. This one keeps one row per (block of
 * BITS_IDS ids, column, exact gram) — 0.35 rows per question — in the same table `sys_searchb__<table>`:
 * - (blk, col, raw, gram, bits): `raw` the gram's exact UTF-8 bytes, `gram` the same text under the searched column's
 *   collation, `bits` the block's ids holding it — a bitmap of BITS_IDS bits (bit o of byte o >> 3 for the block's id
 *   o), or, when shorter, their offsets as 16-bit big-endian numbers in increasing order (the length tells them apart);
 *   primary key (blk, col, raw) (a bulk load's blocks are appended), key ix_gram (col, gram, blk) (a search reads the
 *   rows of its grams: every row of an equal gram under the collation, OR-ed, then AND-ed across grams, in the server:
 *   MariaDB has no bit operations on binary strings). Grams the collation calls equal are separate rows (no merging in
 *   the database), found together by `gram = ?`;
 * - the queue `sys_searchq__<table>` and its row triggers are 0016's, unchanged.
 * Existing installations: each table's blocks (0016's, the built-in and the runtime tables', their columns in the
 * table's comment) are dropped and made empty in the new shape, and every row queued: the server makes them after it
 * starts (in bulk), searches reading the rows meanwhile as before.
 */
const q = (name: string) => `\`${name.replace(/`/g, '``')}\``;
const lit = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/** Ids per block. */
export const BITS_IDS = 4096;
/** Bytes of a block's bitmap; a shorter value is a list of 16-bit offsets. */
export const BITMAP_BYTES = BITS_IDS / 8;

/** The gram rows of `table`'s searched texts (the same name as 0016's blocks). */
export const bitsTable = blockTable;
export { blockQueue as bitsQueue };

/** The gram rows' table of `table` for `columns`, empty, under the name `name`, its key on grams built after a bulk fill or at once. */
export async function createBitsTable(db: AnyDb, name: string, columns: string[], collation: string, gramKey: boolean): Promise<void> {
  await sql
    .raw(
      `create table ${q(name)} (blk bigint not null, col tinyint unsigned not null, raw varbinary(12) not null,
       gram varchar(3) character set utf8mb4 collate ${collation} not null, bits blob not null,
       primary key (blk, col, raw)${gramKey ? ', key ix_gram (col, gram, blk)' : ''}) engine=InnoDB comment=${lit(columns.join(','))}`,
    )
    .execute(db);
}

/** The key a search reads (col, gram → blk), added after a bulk fill (built once, sorted, rather than row by row). */
export async function addBitsKey(db: AnyDb, name: string): Promise<void> {
  await sql.raw(await unboundedStatement(db, `alter table ${q(name)} add key ix_gram (col, gram, blk)`)).execute(db);
}

/**
 * The gram rows, queue and triggers of `table` (integer key `id`) for those of `columns` sharing the first one's
 * collation, made (again), every existing row queued; the columns indexed. 0016's queue and triggers, the rows' table
 * in this shape. Also used for runtime tables (tables/searchIndex.ts).
 */
export async function mysqlGramBits(db: AnyDb, table: string, columns: string[]): Promise<string[]> {
  const indexed = await mysqlGramBlocks(db, table, columns);
  if (indexed.length > 0) await reshape(db, table, indexed);
  return indexed;
}

/** `table`'s gram table (0016's shape or this one) made again empty in this shape, with the collation of its gram column. */
async function reshape(db: AnyDb, table: string, columns: string[]): Promise<void> {
  const { rows } = await sql<{
    coll: string;
  }>`select collation_name as coll from information_schema.columns where table_schema = database() and table_name = ${bitsTable(table)} and column_name = 'gram'`.execute(
    db,
  );
  const collation = rows[0]?.coll;
  if (!collation) return;
  await sql.raw(`drop table ${q(bitsTable(table))}`).execute(db);
  await createBitsTable(db, bitsTable(table), columns, collation, true);
}

export async function up(db: AnyDb, engine: Engine): Promise<void> {
  if (engine !== 'mysql') return;
  const prefix = bitsTable('');
  const { rows } = await sql<{
    name: string;
    comment: string | null;
  }>`select table_name as name, table_comment as comment from information_schema.tables where table_schema = database() and table_name like ${`${prefix.replace(/_/g, '!_')}%`} escape '!'`.execute(
    db,
  );
  for (const r of rows) {
    const table = r.name.slice(prefix.length);
    const columns = (r.comment ?? '').split(',').filter(Boolean);
    if (columns.length === 0) continue;
    // already in this shape (a step stopped in the middle runs again: MySQL commits each DDL at once): left as it is
    const { rows: shape } = await sql<{
      n: number;
    }>`select count(*) as n from information_schema.columns where table_schema = database() and table_name = ${r.name} and column_name = 'bits'`.execute(db);
    if (Number(shape[0]?.n ?? 0) > 0) continue;
    // every row queued again first (the queue's rows of before are of the same rows, or of rows gone, whose bits go
    // with the old table), then the table reshaped: a step stopped between the two runs both again
    await sql.raw(`delete from ${q(blockQueue(table))}`).execute(db);
    await sql.raw(await unboundedStatement(db, `insert into ${q(blockQueue(table))} (id) select id from ${q(table)} order by id`)).execute(db);
    await reshape(db, table, columns);
  }
}
