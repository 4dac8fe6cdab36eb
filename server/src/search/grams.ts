import { sql } from 'kysely';
import type { AnyDb } from '../db/connection.ts';
import { addBitsKey, BITS_IDS, bitsQueue, bitsTable, createBitsTable } from '../db/migrations/0018_search_gram_bits.ts';
import { blockOf } from './gramCut.ts';
import { addNewIds, bitsInserts, cutBlocks, cutRows, cutWholeTable, rangeRows, writeBitsRows } from './gramWrite.ts';

/*
 * MySQL/MariaDB's keyword search index (migration 0018, docs/search.md "Issue 30, seventh pass: MariaDB's layout"): one
 * row per (block of BITS_IDS ids, column, exact gram) with the block's ids holding the gram, in `sys_searchb__<table>`;
 * the ids written since they caught up in `sys_searchq__<table>` (row triggers). This file moves queued ids into the
 * rows after the commit — by making their whole blocks again from the base rows (no old text is kept) —, reads which
 * columns a table's grams index, and reads a search's candidates (gramSearch).
 */

/** Queued rows read per turn of a catch-up. */
export const GRAM_CATCH_UP_ROWS = 5000;
/** Blocks made again per transaction (BITS_IDS base rows each, about a thousand gram rows each). */
export const GRAM_CATCH_UP_BLOCKS = 16;
/** A queue of at least this many ids is caught up by making the grams again from the whole table. */
export const GRAM_BULK_FROM = 50_000;

// MySQL refuses lock names over 64 characters: the database and table hashed
const lockName = (table: string) => sql`concat('qb_search.', md5(concat(database(), '.', ${table})))`;

/** The columns `table`'s grams index, in their order (the gram's `col`), from the blocks table's comment; empty without one. */
export async function gramColumnsOf(db: AnyDb, table: string): Promise<string[]> {
  const { rows } = await sql<{
    comment: string;
  }>`select table_comment as comment from information_schema.tables where table_schema = database() and table_name = ${bitsTable(table)}`.execute(db);
  const comment = rows[0]?.comment;
  return comment ? comment.split(',') : [];
}

/** The tables with grams (the server's start: each catches up). */
export async function tablesWithGrams(db: AnyDb): Promise<string[]> {
  const prefix = bitsTable('');
  const { rows } = await sql<{
    name: string;
  }>`select table_name as name from information_schema.tables where table_schema = database() and table_name like ${`${prefix.replace(/_/g, '!_')}%`} escape '!'`.execute(
    db,
  );
  return rows.map((r) => r.name.slice(prefix.length));
}

/** The queued ids of `table`, counted up to `limit` (the first `limit` rows of the queue's key). */
export async function gramsQueuedAtLeast(db: AnyDb, table: string, limit: number): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*) as n from (select 1 from ${sql.table(bitsQueue(table))} limit ${limit}) q`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/**
 * Moves the queued ids of `table` into its gram rows; the queued rows taken. One catch-up of a table at a time across
 * instances: a named lock held by one connection for the whole catch-up, so that a later one reads the base rows after
 * the earlier one committed (never older text over newer) and no turn writes into blocks being remade. Each turn, in
 * a READ COMMITTED transaction: the first committed queue rows (GRAM_CATCH_UP_ROWS, of at most GRAM_CATCH_UP_BLOCKS
 * blocks) are read; a block none of whose queued ids its rows hold yet (new rows) gets their grams OR-ed in
 * (gramWrite.ts addNewIds), the others' rows are deleted and cut again from the base rows as they are now (all BITS_IDS
 * ids of each block: a changed text's old grams go with its block); then exactly those queue rows deleted (a write
 * committed after the read left a row of its own, for the next turn).
 */
export async function catchUpGrams(
  db: AnyDb,
  table: string,
  columns: string[],
  stopped: () => boolean,
  bulkFrom = GRAM_BULK_FROM,
  options: RangeOptions = {},
): Promise<number> {
  return (
    (await withGramsLock(db, table, async (conn) => {
      // a bulk load left half-appended by a stopped instance goes on first
      let total = await appendRange(db, conn, table, columns, stopped, options);
      if (stopped()) return total;
      if ((await gramsQueuedAtLeast(conn, table, bulkFrom)) >= bulkFrom) {
        const range = await denseRange(conn, table);
        if (!range) return total + (await remakeGrams(conn, table, columns));
        total += await startRange(conn, table, range);
        total += await appendRange(db, conn, table, columns, stopped, options);
        if (stopped()) return total;
      }
      {
        for (;;) {
          const { rows } = await sql<{
            seq: number;
            id: number;
          }>`select seq, id from ${sql.table(bitsQueue(table))} order by seq limit ${GRAM_CATCH_UP_ROWS}`.execute(conn);
          if (rows.length === 0) return total;
          // the queue rows of the first GRAM_CATCH_UP_BLOCKS blocks (in queue order); the rest wait for the next turn
          const blocks = new Set<number>();
          const taken = rows.filter((r) => {
            const { blk } = blockOf(Number(r.id));
            if (!blocks.has(blk) && blocks.size >= GRAM_CATCH_UP_BLOCKS) return false;
            blocks.add(blk);
            return true;
          });
          await sql`set transaction isolation level read committed`.execute(conn);
          await sql`begin`.execute(conn);
          try {
            // new rows OR-ed into their blocks; the blocks of a changed or deleted row made again whole
            const queued = new Map<number, number[]>();
            for (const r of taken) {
              const { blk } = blockOf(Number(r.id));
              queued.set(blk, [...(queued.get(blk) ?? []), Number(r.id)]);
            }
            const remake = await addNewIds(conn, table, columns, queued);
            if (remake.length > 0) {
              await sql`delete from ${sql.table(bitsTable(table))} where blk in (${sql.raw(remake.join(','))})`.execute(conn);
              await writeBitsRows(conn, bitsTable(table), await cutBlocks(conn, table, columns, remake));
            }
            await sql`delete from ${sql.table(bitsQueue(table))} where seq in (${sql.raw(taken.map((r) => String(Number(r.seq))).join(','))})`.execute(conn);
            await sql`commit`.execute(conn);
          } catch (err) {
            await sql`rollback`.execute(conn);
            throw err;
          }
          total += taken.length;
          if (rows.length < GRAM_CATCH_UP_ROWS && taken.length === rows.length) return total;
          if (stopped()) return total;
          await new Promise((r) => setImmediate(r));
        }
      }
    })) ?? 0
  );
}

/**
 * Runs `work` on one connection holding `table`'s named lock (a catch-up, the data-table manager remaking the grams of
 * a runtime table): one at a time across instances. Undefined when the lock was not had within a minute.
 */
export async function withGramsLock<T>(db: AnyDb, table: string, work: (conn: AnyDb) => Promise<T>): Promise<T | undefined> {
  return db.connection().execute(async (conn) => {
    const got = await sql<{ ok: number | null }>`select get_lock(${lockName(table)}, 60) as ok`.execute(conn);
    if (Number(got.rows[0]?.ok) !== 1) return undefined;
    try {
      return await work(conn);
    } finally {
      await sql`select release_lock(${lockName(table)})`.execute(conn);
    }
  });
}

/**
 * A large queue (a bulk load from outside, a large import, migrations 0016 and 0018 themselves): the blocks are made again beside the
 * live ones from every base row (read in id order, cut in the server, written in block order: appended to the primary
 * key, the search's key built after) and swapped in (RENAME TABLE, atomic). Exact throughout: the queue rows committed
 * before the rows are read are noted first and deleted only after the swap, so until then searches take the old
 * blocks and the whole queue; writes committed later keep their queue rows.
 */
async function remakeGrams(conn: AnyDb, table: string, columns: string[]): Promise<number> {
  const fresh = `sys_searchn__${table}`;
  const old = `sys_searcho__${table}`;
  const taken = 'qb_search_taken';
  const { rows } = await sql<{
    coll: string;
  }>`select collation_name as coll from information_schema.columns where table_schema = database() and table_name = ${bitsTable(table)} and column_name = 'gram'`.execute(
    conn,
  );
  const collation = rows[0]?.coll;
  if (!collation) return 0;
  await sql`drop table if exists ${sql.table(fresh)}, ${sql.table(old)}`.execute(conn);
  await sql`drop temporary table if exists ${sql.table(taken)}`.execute(conn);
  await sql`create temporary table ${sql.table(taken)} (seq bigint not null primary key) engine=InnoDB`.execute(conn);
  await sql`set transaction isolation level read committed`.execute(conn);
  await sql`insert into ${sql.table(taken)} (seq) select seq from ${sql.table(bitsQueue(table))}`.execute(conn);
  await createBitsTable(conn, fresh, columns, collation, false);
  await cutWholeTable(conn, table, columns, fresh);
  await addBitsKey(conn, fresh);
  await sql`rename table ${sql.table(bitsTable(table))} to ${sql.table(old)}, ${sql.table(fresh)} to ${sql.table(bitsTable(table))}`.execute(conn);
  const deleted = await sql`delete q from ${sql.table(bitsQueue(table))} q join ${sql.table(taken)} t on t.seq = q.seq`.execute(conn);
  await sql`drop table ${sql.table(old)}`.execute(conn);
  await sql`drop temporary table ${sql.table(taken)}`.execute(conn);
  return Number(deleted.numAffectedRows ?? 0);
}

/** The catch-up's options (tests, the bench): ids made per transaction of a bulk load's range, a hook after each. */
export interface RangeOptions {
  /** ids per transaction of a range's catch-up (a multiple of BITS_IDS; GRAM_RANGE_IDS) */
  chunkIds?: number;
  /** awaited after each committed chunk of a range, with the next id to make (above `hi`: the range is done) */
  afterChunk?: (next: number, hi: number) => Promise<void>;
}

/** Ids of a bulk load's range made per transaction. */
export const GRAM_RANGE_IDS = 65_536;

/**
 * The mark of a bulk load being appended, kept as a row of the gram table itself (so that every table with grams,
 * runtime ones too, has its place, and a search reads it in the same snapshot as the grams): block RANGE_BLK, column
 * RANGE_COL, raw and gram '', bits the next id to make and the last (two 64-bit big-endian numbers). No search reads
 * column RANGE_COL.
 */
export const RANGE_BLK = -1;
export const RANGE_COL = 255;

const markOf = (lo: number, hi: number) => {
  const b = Buffer.alloc(16);
  b.writeBigInt64BE(BigInt(lo), 0);
  b.writeBigInt64BE(BigInt(hi), 8);
  return sql.raw(`x'${b.toString('hex')}'`);
};
export const rangeIn = (hex: string): [number, number] => {
  const b = Buffer.from(hex, 'hex');
  return [Number(b.readBigInt64BE(0)), Number(b.readBigInt64BE(8))];
};
export const isMark = (table: string) =>
  sql`${sql.table(bitsTable(table))}.blk = ${RANGE_BLK} and ${sql.table(bitsTable(table))}.col = ${RANGE_COL} and ${sql.table(bitsTable(table))}.raw = ''`;

/** The range of a bulk load being appended to `table`'s gram rows, [next id to make, last id]; undefined when none. */
export async function rangeOf(conn: AnyDb, table: string): Promise<[number, number] | undefined> {
  // binary strings as hexadecimal text (the app's connections read them as 0x… text: db/engineText.ts)
  const { rows } = await sql<{ bits: string }>`select hex(bits) as bits from ${sql.table(bitsTable(table))} where ${isMark(table)}`.execute(conn);
  return rows[0] ? rangeIn(rows[0].bits) : undefined;
}

/**
 * The queued ids' densest tail as whole blocks [lo, hi]: the lowest block from which at least one id in four up to the
 * last queued block is queued (a bulk load's ids, one range above everything indexed), when it holds half the queue or
 * more; undefined otherwise (scattered ids: the remake).
 */
async function denseRange(conn: AnyDb, table: string): Promise<[number, number] | undefined> {
  const { rows } = await sql<{ blk: string; n: string }>`select id div ${BITS_IDS} as blk, count(*) as n from ${sql.table(bitsQueue(table))}
    where id >= 0 group by blk order by blk desc`.execute(conn);
  if (rows.length === 0) return undefined;
  const top = Number(rows[0]!.blk);
  let all = 0;
  for (const r of rows) all += Number(r.n);
  let sum = 0;
  let best: { blk: number; n: number } | undefined;
  for (const r of rows) {
    sum += Number(r.n);
    const blk = Number(r.blk);
    if (sum * 4 >= (top + 1 - blk) * BITS_IDS) best = { blk, n: sum };
  }
  if (!best || best.n * 2 < all) return undefined;
  return [best.blk * BITS_IDS, (top + 1) * BITS_IDS - 1];
}

/**
 * Starts appending the range [lo, hi]: in one transaction its queue rows (committed ones) deleted and the mark written
 * (widened to take in a range left by a stopped catch-up), so that a search, which reads the range's rows with its own
 * `like`, sees each id in the queue or in the range. The queue rows taken.
 */
async function startRange(conn: AnyDb, table: string, [lo, hi]: [number, number]): Promise<number> {
  await sql`set transaction isolation level read committed`.execute(conn);
  await sql`begin`.execute(conn);
  try {
    // the committed queue rows of the range (a consistent read, no lock) noted, then deleted by key from the notes: a
    // delete reading the queue itself would wait for the row locks of writers still open, whose queue rows stay anyway
    const taken = sql.table('qb_search_taken');
    await sql`drop temporary table if exists ${taken}`.execute(conn);
    await sql`create temporary table ${taken} (seq bigint not null primary key) engine=InnoDB`.execute(conn);
    await sql`insert into ${taken} (seq) select seq from ${sql.table(bitsQueue(table))} where id between ${lo} and ${hi}`.execute(conn);
    const deleted = Number(
      (await sql`delete q from ${taken} t straight_join ${sql.table(bitsQueue(table))} q on q.seq = t.seq`.execute(conn)).numAffectedRows ?? 0,
    );
    const old = await rangeOf(conn, table);
    const mark = markOf(Math.min(lo, old?.[0] ?? lo), Math.max(hi, old?.[1] ?? hi));
    await sql`insert into ${sql.table(bitsTable(table))} (blk, col, raw, gram, bits) values (${RANGE_BLK}, ${RANGE_COL}, '', '', ${mark})
      on duplicate key update bits = values(bits)`.execute(conn);
    await sql`commit`.execute(conn);
    return deleted;
  } catch (err) {
    await sql`rollback`.execute(conn);
    throw err;
  } finally {
    await sql`drop temporary table if exists qb_search_taken`.execute(conn);
  }
}

/**
 * Appends the blocks of the range being made (its mark), a chunk of ids a transaction in key order: the base rows of
 * the chunk read as committed now, the chunk's blocks deleted (a block under the range's first id may hold older rows,
 * read again with it) and written, the mark moved past the chunk; the mark deleted after the last. A write committed
 * after a chunk's read left a queue row. 0: the range's queue rows were taken when it started.
 */
async function appendRange(db: AnyDb, conn: AnyDb, table: string, columns: string[], stopped: () => boolean, options: RangeOptions): Promise<number> {
  const step = Math.max(BITS_IDS, Math.floor((options.chunkIds ?? GRAM_RANGE_IDS) / BITS_IDS) * BITS_IDS);
  const range = await rangeOf(conn, table);
  if (!range) return 0;
  const [lo, hi] = range;
  // the chunks ahead read on other connections of the pool, the next one cut and made into statements, while this one
  // is written: the database reads and writes while the server cuts. Read before its transaction is exact too: a write
  // committed after the read left a queue row (a range's queue rows are taken only when it starts)
  const fetch = (from: number) => {
    const to = Math.min(hi, from + step - 1);
    const rows = rangeRows(db, table, columns, from, to);
    rows.catch(() => undefined);
    return { from, to, rows };
  };
  const make = (chunk: ReturnType<typeof fetch>) => {
    const statements = chunk.rows.then((rows) => bitsInserts(bitsTable(table), cutRows(rows, columns)));
    statements.catch(() => undefined);
    return { from: chunk.from, to: chunk.to, statements };
  };
  let next = lo <= hi ? make(fetch(Math.floor(lo / BITS_IDS) * BITS_IDS)) : undefined;
  let after = next && next.to < hi ? fetch(next.to + 1) : undefined;
  while (next) {
    const { from, to } = next;
    const statements = await next.statements;
    if (after) {
      next = make(after);
      after = next.to < hi ? fetch(next.to + 1) : undefined;
    } else next = undefined;
    await sql`set transaction isolation level read committed`.execute(conn);
    await sql`begin`.execute(conn);
    try {
      await sql`delete from ${sql.table(bitsTable(table))} where blk between ${from / BITS_IDS} and ${Math.floor(to / BITS_IDS)}`.execute(conn);
      for (const statement of statements) await sql.raw(statement).execute(conn);
      if (to >= hi) await sql`delete from ${sql.table(bitsTable(table))} where ${isMark(table)}`.execute(conn);
      else await sql`update ${sql.table(bitsTable(table))} set bits = ${markOf(to + 1, hi)} where ${isMark(table)}`.execute(conn);
      await sql`commit`.execute(conn);
    } catch (err) {
      await sql`rollback`.execute(conn);
      throw err;
    }
    await options.afterChunk?.(to + 1, hi);
    if (to >= hi) break;
    if (stopped()) return 0;
  }
  return 0;
}
