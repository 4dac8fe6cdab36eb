import { sql } from 'kysely';
import type { AnyDb } from '../db/connection.ts';
import { BITMAP_BYTES, bitsQueue, bitsTable } from '../db/migrations/0018_search_gram_bits.ts';
import { idsOf, orIds, searchGrams } from './gramCut.ts';
import { isMark, rangeIn } from './grams.ts';

/*
 * MySQL/MariaDB's gram rows (migration 0018): a search's candidates read from them (crud/searchReads.ts gramsOf), the
 * AND of its grams done here.
 */

/** A search's candidates from the gram rows (gramSearch). */
export interface GramFound {
  /** ids whose blocks hold every gram of the search, in increasing order (at most `limit`) */
  hits: number[];
  /** `limit` hits or more: the search is common */
  many: boolean;
  /** ids queued since they caught up (at most `limit`) */
  queued: number[];
  /** `limit` queued ids or more */
  manyQueued: boolean;
  /** a bulk load's range not yet appended, [next id, last id] */
  range: [number, number] | undefined;
}

/**
 * A search's candidates, read in one snapshot (a REPEATABLE READ read-only transaction): the queue (its first `limit`
 * rows), a bulk load's mark, and the rows of its grams (searchGrams; every row of a gram equal to each under the
 * collation, `gram = ?`). The grams are read in increasing size (their bytes summed first, by the database), each after
 * the first only for the blocks still holding candidates: a rare search whose grams are common alone (`第 1004242 题`:
 * `第 1` is in every block) reads the dense ones for a few blocks. Per gram the rows of a block are OR-ed (grams the
 * collation calls equal), then AND-ed with the candidates so far, here: MariaDB has no bit operations on binary strings.
 * Every id is, in that snapshot, in a block made after its last write, in the queue or in the range.
 */
export async function gramSearch(db: AnyDb, table: string, col: number, text: string, limit: number): Promise<GramFound> {
  const picked = searchGrams(text);
  const t = sql.table(bitsTable(table));
  return db.connection().execute(async (conn) => {
    await sql`set transaction isolation level repeatable read`.execute(conn);
    await sql`start transaction with consistent snapshot, read only`.execute(conn);
    try {
      const { rows: head } = await sql<{ k: number; n: number; v: string | null }>`select -1 as k, qb_q.id as n, null as v
          from (select id from ${sql.table(bitsQueue(table))} order by seq limit ${limit}) qb_q
        union all select -2, 0, hex(bits) from ${t} where ${isMark(table)}
        ${sql.join(
          picked.map((gram, k) => sql` union all select ${sql.lit(k)}, count(*), sum(length(bits)) from ${t} where col = ${col} and gram = ${gram}`),
          sql``,
        )}`.execute(conn);
      const queued: number[] = [];
      let range: [number, number] | undefined;
      const sizes: { k: number; rows: number; bytes: number }[] = [];
      for (const r of head) {
        const k = Number(r.k);
        if (k === -1) queued.push(Number(r.n));
        else if (k === -2) range = rangeIn(r.v!);
        else sizes.push({ k, rows: Number(r.n), bytes: Number(r.v ?? 0) });
      }
      const found = await andGrams(
        conn,
        t,
        col,
        sizes.sort((a, b) => a.bytes - b.bytes).map((x) => picked[x.k]!),
        sizes.some((x) => x.rows === 0),
      );
      const hits: number[] = [];
      for (const blk of [...found.keys()].sort((a, b) => a - b)) {
        idsOf(blk, found.get(blk)!, hits);
        if (hits.length >= limit) break;
      }
      return { hits: hits.slice(0, limit), many: hits.length >= limit, queued, manyQueued: queued.length >= limit, range };
    } finally {
      await sql`commit`.execute(conn);
    }
  });
}

/** The blocks holding every one of `grams` (in the order given) and their ids holding them all, as bitmaps. */
async function andGrams(conn: AnyDb, t: ReturnType<typeof sql.table>, col: number, grams: string[], none: boolean): Promise<Map<number, Uint8Array>> {
  let found: Map<number, Uint8Array> | undefined;
  if (none) return new Map();
  for (const gram of grams) {
    if (found && found.size === 0) break;
    const only = found ? sql` and blk in (${sql.raw([...found.keys()].join(','))})` : sql``;
    // binary strings as hexadecimal text (the app's connections read them as 0x… text: db/engineText.ts)
    const { rows } = await sql<{ blk: number; bits: string }>`select blk, hex(bits) as bits from ${t} where col = ${col} and gram = ${gram}${only}`.execute(
      conn,
    );
    const maps = new Map<number, Uint8Array>();
    for (const r of rows) {
      const blk = Number(r.blk);
      let map = maps.get(blk);
      if (!map) maps.set(blk, (map = new Uint8Array(BITMAP_BYTES)));
      orIds(map, Buffer.from(r.bits, 'hex'));
    }
    if (found) {
      const so = found;
      for (const [blk, map] of maps) {
        const and = so.get(blk)!;
        let left = 0;
        for (let k = 0; k < BITMAP_BYTES; k++) left |= map[k]! &= and[k]!;
        if (left === 0) maps.delete(blk);
      }
    }
    found = maps;
  }
  return found ?? new Map();
}
