import { sql } from 'kysely';
import type { AnyDb } from '../db/connection.ts';
import { BITMAP_BYTES, BITS_IDS, bitsTable as target } from '../db/migrations/0018_search_gram_bits.ts';
import { BitsCutter, type BitsRow, encodeIds, idsOf, orIds } from './gramCut.ts';

/*
 * MySQL/MariaDB's gram rows (migration 0018): reading the base rows of blocks and writing their rows. A block's rows
 * are written only after its old ones were deleted (a block is always made whole), and grams are kept by their exact
 * text: plain multi-row inserts, no merging in the database.
 */

/** Text of one insert statement at most (MySQL's and MariaDB's max_allowed_packet: 16 MB at least by default). */
const STATEMENT_BYTES = 1 << 20;
/** Base rows read per statement when a whole table is cut. */
export const READ_ROWS = 20_000;

const q = (name: string) => `\`${name.replace(/`/g, '``')}\``;

/**
 * The statements writing `rows` (of blocks with no row left in `target`) into the gram table `target`, in their order:
 * multi-row inserts, the gram as hexadecimal UTF-8 (no quoting, whatever the sql_mode), each distinct gram encoded once.
 * Made before they run (a bulk load's next chunk is cut and made into statements while this one is written).
 */
export function bitsInserts(target: string, rows: BitsRow[]): string[] {
  const head = `insert into ${q(target)} (blk, col, raw, gram, bits) values `;
  const hex = new Map<string, string>();
  const statements: string[] = [];
  let values: string[] = [];
  let size = 0;
  for (const [blk, col, gram, bits] of rows) {
    let h = hex.get(gram);
    if (h === undefined) hex.set(gram, (h = Buffer.from(gram, 'utf8').toString('hex')));
    const value = `(${blk},${col},x'${h}',_utf8mb4 x'${h}',x'${bits.toString('hex')}')`;
    values.push(value);
    size += value.length + 1;
    if (size >= STATEMENT_BYTES) {
      statements.push(head + values.join(','));
      values = [];
      size = 0;
    }
  }
  if (values.length > 0) statements.push(head + values.join(','));
  return statements;
}

/** Writes `rows` into `target` (their blocks hold no row there). */
export async function writeBitsRows(conn: AnyDb, target: string, rows: BitsRow[]): Promise<void> {
  for (const statement of bitsInserts(target, rows)) await sql.raw(statement).execute(conn);
}

/** Runs of consecutive blocks, as id ranges [from, to]: the base rows of `blocks` read by key. */
export function blockRanges(blocks: number[]): [number, number][] {
  const sorted = [...new Set(blocks)].sort((a, b) => a - b);
  const ranges: [number, number][] = [];
  for (const blk of sorted) {
    const last = ranges.at(-1);
    if (last && last[1] + 1 === blk * BITS_IDS) last[1] = blk * BITS_IDS + BITS_IDS - 1;
    else ranges.push([blk * BITS_IDS, blk * BITS_IDS + BITS_IDS - 1]);
  }
  return ranges;
}

/** The gram rows of `blocks` of `table`, cut from its rows as they are now. */
export async function cutBlocks(conn: AnyDb, table: string, columns: string[], blocks: number[]): Promise<BitsRow[]> {
  const cutter = new BitsCutter();
  const ranges = blockRanges(blocks);
  // a few hundred ranges per statement: the range optimizer reads each by key
  for (let from = 0; from < ranges.length; from += 200) {
    const where = ranges
      .slice(from, from + 200)
      .map(([a, b]) => `id between ${a} and ${b}`)
      .join(' or ');
    const { rows } = await sql
      .raw<Record<string, unknown>>(`select id, ${columns.map(q).join(', ')} from ${q(table)} where ${where} order by id`)
      .execute(conn);
    for (const r of rows) columns.forEach((c, k) => cutter.add(Number(r.id), k, r[c] as string | null));
  }
  return cutter.end();
}

/**
 * Cuts every row of `table` into `target` (empty), READ_ROWS base rows a statement (by key, in id order), written as
 * they come; each statement reads the rows as committed when it starts.
 */
export async function cutWholeTable(conn: AnyDb, table: string, columns: string[], target: string): Promise<void> {
  const cutter = new BitsCutter();
  let after: number | undefined;
  for (;;) {
    const { rows } = await sql
      .raw<Record<string, unknown>>(
        `select id, ${columns.map(q).join(', ')} from ${q(table)}${after === undefined ? '' : ` where id > ${after}`} order by id limit ${READ_ROWS}`,
      )
      .execute(conn);
    for (const r of rows) columns.forEach((c, k) => cutter.add(Number(r.id), k, r[c] as string | null));
    const done = rows.length < READ_ROWS;
    await writeBitsRows(conn, target, done ? cutter.end() : cutter.take());
    if (done) return;
    after = Number(rows.at(-1)!.id);
  }
}

/** The base rows of the ids [from, to] of `table` as committed now (one read by key), for cutRows. */
export async function rangeRows(conn: AnyDb, table: string, columns: string[], from: number, to: number): Promise<Record<string, unknown>[]> {
  const { rows } = await sql
    .raw<Record<string, unknown>>(`select id, ${columns.map(q).join(', ')} from ${q(table)} where id between ${from} and ${to} order by id`)
    .execute(conn);
  return rows;
}

/** The gram rows of base rows given in id order (whole blocks of them). */
export function cutRows(rows: Record<string, unknown>[], columns: string[]): BitsRow[] {
  const cutter = new BitsCutter();
  for (const r of rows) columns.forEach((c, k) => cutter.add(Number(r.id), k, r[c] as string | null));
  return cutter.end();
}

/**
 * A catch-up turn's cheap way for new rows: for each block of `queued` (block → its queued ids) none of whose queued
 * ids is held by any of the block's rows (ids never cut, or cut with no text: a save of a new row, rows inserted by
 * SQL), the ids' grams are OR-ed into the block's rows (those of their grams written, the others untouched), which
 * gives the rows a remake of the block would. The blocks some queued id of which is held already (an update, a delete:
 * its old grams must go) are returned, to be made again whole.
 */
export async function addNewIds(conn: AnyDb, table: string, columns: string[], queued: Map<number, number[]>): Promise<number[]> {
  const remake: number[] = [];
  const held = new Map<string, Uint8Array>();
  const fresh: number[] = [];
  for (const [blk, ids] of queued) {
    // binary strings as hexadecimal text (the app's connections read them as 0x… text: db/engineText.ts)
    const { rows } = await sql<{ col: number; raw: string; bits: string }>`select col, hex(raw) as raw, hex(bits) as bits from ${sql.table(target(table))}
      where blk = ${blk}`.execute(conn);
    const maps = rows.map((r) => {
      const map = new Uint8Array(BITMAP_BYTES);
      orIds(map, Buffer.from(r.bits, 'hex'));
      return { key: `${blk} ${r.col} ${r.raw.toLowerCase()}`, map };
    });
    const offsets = ids.map((id) => id - blk * BITS_IDS);
    if (maps.some(({ map }) => offsets.some((o) => map[o >> 3]! & (1 << (o & 7))))) remake.push(blk);
    else {
      for (const { key, map } of maps) held.set(key, map);
      fresh.push(...ids);
    }
  }
  if (fresh.length === 0) return remake;
  const cutter = new BitsCutter();
  const { rows } = await sql
    .raw<Record<string, unknown>>(`select id, ${columns.map(q).join(', ')} from ${q(table)} where id in (${[...new Set(fresh)].join(',')}) order by id`)
    .execute(conn);
  for (const r of rows) columns.forEach((c, k) => cutter.add(Number(r.id), k, r[c] as string | null));
  const merged: BitsRow[] = cutter.end().map(([blk, col, gram, bits]) => {
    const map = held.get(`${blk} ${col} ${Buffer.from(gram, 'utf8').toString('hex')}`);
    if (!map) return [blk, col, gram, bits];
    orIds(map, bits);
    const offsets: number[] = [];
    idsOf(0, map, offsets);
    return [blk, col, gram, encodeIds(offsets)];
  });
  // the rows of grams the blocks held already replace theirs
  for (const statement of bitsInserts(target(table), merged)) await sql.raw(`${statement} on duplicate key update bits = values(bits)`).execute(conn);
  return remake;
}
