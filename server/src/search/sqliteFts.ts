import { sql } from 'kysely';
import type { AnyDb } from '../db/connection.ts';
// the table holding, per indexed table, the highest key its FTS5 table has caught up to
import { MARK_TABLE } from '../db/migrations/0008_search_upkeep.ts';

/*
 * SQLite's FTS5 trigram tables (migrations 0007, 0008, docs/search.md): the rows inserted above a table's mark are
 * indexed in bulk after the commit (SearchUpkeep, search/upkeep.ts), and are candidates of every search meanwhile.
 */

/** Rows indexed per transaction when the index catches up (SQLite: ~20 ms of the writer each, the event loop free between). */
export const CATCH_UP_ROWS = 2000;

/** The FTS5 table of `table`. */
export const ftsTable = (table: string) => `${table}__search`;

/** The columns of `table`'s FTS5 table (none: not indexed). */
export async function ftsColumnsOf(db: AnyDb, table: string): Promise<string[]> {
  return (await sql<{ name: string }>`select name from pragma_table_info(${ftsTable(table)})`.execute(db)).rows.map((r) => r.name);
}

/** The tables with a mark (the server's start: each catches up). */
export async function tablesWithMark(db: AnyDb): Promise<string[]> {
  const { rows } = await sql<{ tbl: string }>`select tbl from ${sql.table(MARK_TABLE)}`.execute(db);
  return rows.map((r) => r.tbl);
}

/**
 * Indexes the rows of `table` above its mark, CATCH_UP_ROWS per short write transaction (the event loop and other
 * writers get their turn between), moving the mark; the rows indexed.
 */
export async function catchUpFts(db: AnyDb, table: string, columns: string[], stopped: () => boolean): Promise<number> {
  const fts = ftsTable(table);
  const cols = sql.join(columns.map((c) => sql.ref(c)));
  let total = 0;
  for (;;) {
    const moved = await db.transaction().execute(async (trx) => {
      const mark = await sql<{ upto: number }>`select upto from ${sql.table(MARK_TABLE)} where tbl = ${table}`.execute(trx);
      if (mark.rows.length === 0) return 0;
      const upto = Number(mark.rows[0]!.upto);
      const chunk = await sql<{
        last: number | null;
        n: number;
      }>`select max(id) as last, count(*) as n from (select id from ${sql.table(table)} where id > ${upto} order by id limit ${CATCH_UP_ROWS})`.execute(trx);
      const n = Number(chunk.rows[0]?.n ?? 0);
      if (n === 0) return 0;
      const last = Number(chunk.rows[0]!.last);
      await sql`insert into ${sql.table(fts)} (rowid, ${cols}) select id, ${cols} from ${sql.table(table)} where id > ${upto} and id <= ${last}`.execute(trx);
      await sql`update ${sql.table(MARK_TABLE)} set upto = ${last} where tbl = ${table}`.execute(trx);
      return n;
    });
    total += moved;
    if (moved < CATCH_UP_ROWS || stopped()) return total;
    // the event loop and other writers get their turn between chunks
    await new Promise((r) => setImmediate(r));
  }
}

/**
 * The rows of `table` above its mark (inserted since its FTS5 index caught up), an upper bound read from the key's
 * b-tree: max(rowid) less the mark (deleted rows leave gaps); and max(rowid), the table's size as far as it matters.
 */
export async function rowsAboveMark(db: AnyDb, table: string): Promise<{ above: number; hi: number }> {
  const { rows } = await sql<{ hi: number | null; upto: number | null }>`select (select max(rowid) from ${sql.table(table)}) as hi,
    (select upto from ${sql.table(MARK_TABLE)} where tbl = ${table}) as upto`.execute(db);
  const hi = Number(rows[0]?.hi ?? 0);
  return { above: hi - Number(rows[0]?.upto ?? hi), hi };
}
