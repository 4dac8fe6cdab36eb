import { sql } from 'kysely';
import type { AnyDb } from '../db/connection.ts';
import { BLOCK_IDS, MASKS } from '../db/migrations/0016_search_gram_blocks.ts';
import { BlockCutter, type BlockRow } from './gramCut.ts';

/*
 * MySQL/MariaDB's gram blocks (migration 0016): reading the base rows of blocks and writing their rows. Rows go into a
 * temporary table of this connection by multi-row inserts, then into the blocks table by one `insert … select … on
 * duplicate key update m0 = m0 | values(m0), …` (the collation merges grams it calls equal): measured on this machine
 * for 100,000 questions' 674,000 rows of 64-id blocks, 2.2 + 2.7 s, against 9.3 s inserting them into the keyed table
 * directly.
 */

/** The temporary table the rows of a catch-up pass through (one per connection). */
const STAGE = 'qb_search_blocks';
/** Rows per insert statement into the stage. */
const ROWS_PER_INSERT = 5000;
/** Base rows read per statement when a whole table is cut. */
export const READ_ROWS = 20_000;

const q = (name: string) => `\`${name.replace(/`/g, '``')}\``;

/** The stage, made empty on `conn` (a temporary table: other connections do not see it). */
export async function openStage(conn: AnyDb): Promise<void> {
  await sql.raw(`drop temporary table if exists ${STAGE}`).execute(conn);
  await sql
    .raw(
      `create temporary table ${STAGE} (blk bigint not null, col tinyint unsigned not null,
       gram varchar(3) character set utf8mb4 collate utf8mb4_bin not null, ${MASKS.map((m) => `${m} bigint unsigned not null`).join(', ')}) engine=InnoDB`,
    )
    .execute(conn);
}

export async function closeStage(conn: AnyDb): Promise<void> {
  await sql.raw(`drop temporary table if exists ${STAGE}`).execute(conn);
}

/**
 * Writes `rows` into the blocks table `target` through the stage, OR-ing masks into rows already there (two grams the
 * collation calls equal). `emptyStage`: how the stage is emptied after (`truncate` outside a transaction; `delete`
 * inside one, which a truncate would commit on some servers).
 */
export async function writeBlockRows(conn: AnyDb, target: string, rows: BlockRow[], emptyStage: 'truncate' | 'delete'): Promise<void> {
  if (rows.length === 0) return;
  for (let from = 0; from < rows.length; from += ROWS_PER_INSERT) {
    // the gram as hexadecimal UTF-8 bytes: no quoting, whatever the session's sql_mode (NO_BACKSLASH_ESCAPES)
    const values = rows
      .slice(from, from + ROWS_PER_INSERT)
      .map(([blk, col, gram, masks]) => `(${blk},${col},_utf8mb4 x'${Buffer.from(gram, 'utf8').toString('hex')}',${masks.join(',')})`)
      .join(',');
    await sql.raw(`insert into ${STAGE} (blk, col, gram, ${MASKS.join(', ')}) values ${values}`).execute(conn);
  }
  const columns = ['blk', 'col', 'gram', ...MASKS].join(', ');
  await sql
    .raw(
      `insert into ${q(target)} (${columns}) select ${columns} from ${STAGE}
       on duplicate key update ${MASKS.map((m) => `${m} = ${q(target)}.${m} | values(${m})`).join(', ')}`,
    )
    .execute(conn);
  await sql.raw(emptyStage === 'truncate' ? `truncate table ${STAGE}` : `delete from ${STAGE}`).execute(conn);
}

/** Runs of consecutive blocks, as id ranges [from, to]: the base rows of `blocks` read by key. */
export function blockRanges(blocks: number[]): [number, number][] {
  const sorted = [...new Set(blocks)].sort((a, b) => a - b);
  const ranges: [number, number][] = [];
  for (const blk of sorted) {
    const last = ranges.at(-1);
    if (last && last[1] + 1 === blk * BLOCK_IDS) last[1] = blk * BLOCK_IDS + BLOCK_IDS - 1;
    else ranges.push([blk * BLOCK_IDS, blk * BLOCK_IDS + BLOCK_IDS - 1]);
  }
  return ranges;
}

/** The gram block rows of `blocks` of `table`, cut from its rows as they are now. */
export async function cutBlocks(conn: AnyDb, table: string, columns: string[], blocks: number[]): Promise<BlockRow[]> {
  const cutter = new BlockCutter();
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
 * Cuts every row of `table` into `target`, READ_ROWS base rows a statement (by key, in id order), written through the
 * stage as they come; each statement reads the rows as committed when it starts.
 */
export async function cutWholeTable(conn: AnyDb, table: string, columns: string[], target: string): Promise<void> {
  const cutter = new BlockCutter();
  let after: number | undefined;
  for (;;) {
    const { rows } = await sql
      .raw<Record<string, unknown>>(
        `select id, ${columns.map(q).join(', ')} from ${q(table)}${after === undefined ? '' : ` where id > ${after}`} order by id limit ${READ_ROWS}`,
      )
      .execute(conn);
    for (const r of rows) columns.forEach((c, k) => cutter.add(Number(r.id), k, r[c] as string | null));
    const done = rows.length < READ_ROWS;
    await writeBlockRows(conn, target, done ? cutter.end() : cutter.take(), 'truncate');
    if (done) return;
    after = Number(rows.at(-1)!.id);
  }
}

/** The gram block rows of the ids [from, to] of `table` (whole blocks), cut from its rows as they are now (one read by key). */
export async function cutRange(conn: AnyDb, table: string, columns: string[], from: number, to: number): Promise<BlockRow[]> {
  const cutter = new BlockCutter();
  const { rows } = await sql
    .raw<Record<string, unknown>>(`select id, ${columns.map(q).join(', ')} from ${q(table)} where id between ${from} and ${to} order by id`)
    .execute(conn);
  for (const r of rows) columns.forEach((c, k) => cutter.add(Number(r.id), k, r[c] as string | null));
  return cutter.end();
}

/**
 * `rows` of blocks cut in block order (BlockCutter), in the order of the search's key (col, gram, blk), about: the grams
 * case-folded, then as they are. The distinct grams are sorted once and the rows bucketed by gram, each bucket keeping
 * the block order (a comparison sort of every row cost seconds per 1,000,000 questions).
 */
export function inGramOrder(rows: BlockRow[]): BlockRow[] {
  const buckets = new Map<string, BlockRow[]>();
  for (const row of rows) {
    const key = `${row[1]} ${row[2]}`;
    const bucket = buckets.get(key);
    if (bucket) bucket.push(row);
    else buckets.set(key, [row]);
  }
  const keys = [...buckets.keys()].map((key) => {
    const space = key.indexOf(' ');
    const gram = key.slice(space + 1);
    return { key, col: Number(key.slice(0, space)), folded: gram.toLowerCase(), gram };
  });
  keys.sort((a, b) => a.col - b.col || compare(a.folded, b.folded) || compare(a.gram, b.gram));
  const out: BlockRow[] = [];
  for (const { key } of keys) for (const row of buckets.get(key)!) out.push(row);
  return out;
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The statements writing `rows` of new blocks straight into the blocks table `target` (no stage), in their order:
 * multi-row inserts, OR-ing masks only where two grams of a block are equal under the collation. Made before they run
 * (a bulk load's next chunk is cut and made into statements while this one is written).
 */
export function blockInserts(target: string, rows: BlockRow[]): string[] {
  const update = MASKS.map((m) => `${m} = ${m} | values(${m})`).join(', ');
  const head = `insert into ${q(target)} (blk, col, gram, ${MASKS.join(', ')}) values `;
  // the gram as hexadecimal UTF-8 bytes (no quoting, whatever the sql_mode), each distinct gram encoded once
  const hex = new Map<string, string>();
  const statements: string[] = [];
  for (let from = 0; from < rows.length; from += ROWS_PER_INSERT) {
    const values: string[] = [];
    for (const [blk, col, gram, masks] of rows.slice(from, from + ROWS_PER_INSERT)) {
      let h = hex.get(gram);
      if (h === undefined) hex.set(gram, (h = `_utf8mb4 x'${Buffer.from(gram, 'utf8').toString('hex')}'`));
      values.push(`(${blk},${col},${h},${masks.join(',')})`);
    }
    statements.push(`${head}${values.join(',')} on duplicate key update ${update}`);
  }
  return statements;
}
