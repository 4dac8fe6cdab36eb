import { sql } from 'kysely';
import type { AnyDb } from '../src/db/connection.ts';
import { BITS_IDS, bitsTable, createBitsTable } from '../src/db/migrations/0018_search_gram_bits.ts';
import { idsOf, orIds } from '../src/search/gramCut.ts';
import { cutWholeTable } from '../src/search/gramWrite.ts';

/** The (id, exact gram) pairs the gram rows of `table`'s column number `col` hold, as `id|hex of the gram`. */
async function pairsHeld(db: AnyDb, table: string, col: number): Promise<Set<string>> {
  const { rows } = await sql<{ blk: number; h: string; bits: string }>`select blk, hex(raw) as h, hex(bits) as bits from ${sql.table(bitsTable(table))}
    where col = ${col}`.execute(db);
  const pairs = new Set<string>();
  for (const r of rows) {
    const map = new Uint8Array(BITS_IDS / 8);
    orIds(map, Buffer.from(r.bits, 'hex'));
    const ids: number[] = [];
    idsOf(Number(r.blk), map, ids);
    for (const id of ids) pairs.add(`${id}|${r.h}`);
  }
  return pairs;
}

/**
 * MySQL/MariaDB (migration 0018): how far the gram rows of `table`'s column number `col` (`column`) are from its rows
 * as they are, the grams cut by SQL (substring, char_length: each character, each 3 in a row, as exact bytes) rather
 * than by the server's cutter: `missing`, grams of a row without its id in the row of that exact gram; `stale`, ids of
 * gram rows whose row has no such gram (or is gone). Both 0 once caught up.
 */
export async function blocksDrift(db: AnyDb, table: string, column: string, col = 0): Promise<{ missing: number; stale: number }> {
  const c = sql.ref(`b.${column}`);
  const { rows } = await sql<{ id: number; h: string }>`select distinct b.id, hex(cast(substring(${c}, n.k, w.len) as binary)) as h
    from ${sql.table(table)} b join (select 1 as len union all select 3) w join sys_search_n n on n.k <= char_length(${c}) - w.len + 1`.execute(db);
  const cut = new Set(rows.map((r) => `${Number(r.id)}|${r.h}`));
  const held = await pairsHeld(db, table, col);
  let missing = 0;
  let stale = 0;
  for (const p of cut) if (!held.has(p)) missing++;
  for (const p of held) if (!cut.has(p)) stale++;
  return { missing, stale };
}

/**
 * MySQL/MariaDB: the gram rows of `table` that differ from those cut again from every row now into a scratch table
 * (search/gramWrite.ts cutWholeTable, the remake's path): 0 once caught up. Cheaper than blocksDrift on thousands of
 * rows; blocksDrift checks the cutting itself on small tables.
 */
export async function blocksAsRemade(db: AnyDb, table: string, columns: string[]): Promise<{ differing: number }> {
  const scratch = `qb_remade_${table}`.slice(0, 60);
  return db.connection().execute(async (conn) => {
    const { rows } = await sql<{
      coll: string;
    }>`select collation_name as coll from information_schema.columns where table_schema = database() and table_name = ${bitsTable(table)} and column_name = 'gram'`.execute(
      conn,
    );
    await sql`drop table if exists ${sql.table(scratch)}`.execute(conn);
    await createBitsTable(conn, scratch, columns, rows[0]!.coll, true);
    await cutWholeTable(conn, table, columns, scratch);
    const all = async (name: string) =>
      new Set(
        (
          await sql<{ r: string }>`select concat(blk, ' ', col, ' ', hex(raw), ' ', hex(bits)) as r from ${sql.table(name)} where col < 255`.execute(conn)
        ).rows.map((r) => r.r),
      );
    const live = await all(bitsTable(table));
    const remade = await all(scratch);
    await sql`drop table ${sql.table(scratch)}`.execute(conn);
    let differing = 0;
    for (const r of live) if (!remade.has(r)) differing++;
    for (const r of remade) if (!live.has(r)) differing++;
    return { differing };
  });
}
