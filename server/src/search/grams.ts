import { sql } from 'kysely';
import type { AnyDb } from '../db/connection.ts';
import { addGramKey, BLOCK_IDS, blockQueue, blockTable, createBlockTable, MASKS, unboundedStatement } from '../db/migrations/0016_search_gram_blocks.ts';
import { blockOf } from './gramCut.ts';
import { blockInserts, closeStage, cutBlocks, cutRange, cutWholeTable, inGramOrder, openStage, writeBlockRows } from './gramWrite.ts';

/*
 * MySQL/MariaDB's keyword search index (migration 0016, docs/search.md "Issue 30, third pass: gram blocks"): one row
 * per (block of 64 ids, column, gram) with the mask of the block's ids holding the gram, in `sys_searchb__<table>`; the
 * ids written since they caught up in `sys_searchq__<table>` (row triggers). This file moves queued ids into the
 * blocks after the commit — by making their whole blocks again from the base rows (no old text is kept) — and reads
 * which columns a table's grams index.
 */

/** Queued rows read per turn of a catch-up. */
export const GRAM_CATCH_UP_ROWS = 5000;
/** Blocks made again per transaction (64 base rows each, a few hundred gram rows each). */
export const GRAM_CATCH_UP_BLOCKS = 300;
/** A queue of at least this many ids is caught up by making the grams again from the whole table. */
export const GRAM_BULK_FROM = 50_000;

// MySQL refuses lock names over 64 characters: the database and table hashed
const lockName = (table: string) => sql`concat('qb_search.', md5(concat(database(), '.', ${table})))`;

/** The columns `table`'s grams index, in their order (the gram's `col`), from the blocks table's comment; empty without one. */
export async function gramColumnsOf(db: AnyDb, table: string): Promise<string[]> {
  const { rows } = await sql<{
    comment: string;
  }>`select table_comment as comment from information_schema.tables where table_schema = database() and table_name = ${blockTable(table)}`.execute(db);
  const comment = rows[0]?.comment;
  return comment ? comment.split(',') : [];
}

/** The tables with grams (the server's start: each catches up). */
export async function tablesWithGrams(db: AnyDb): Promise<string[]> {
  const prefix = blockTable('');
  const { rows } = await sql<{
    name: string;
  }>`select table_name as name from information_schema.tables where table_schema = database() and table_name like ${`${prefix.replace(/_/g, '!_')}%`} escape '!'`.execute(
    db,
  );
  return rows.map((r) => r.name.slice(prefix.length));
}

/** The queued ids of `table`, counted up to `limit` (the first `limit` rows of the queue's key). */
export async function gramsQueuedAtLeast(db: AnyDb, table: string, limit: number): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*) as n from (select 1 from ${sql.table(blockQueue(table))} limit ${limit}) q`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/**
 * Moves the queued ids of `table` into its gram blocks; the queued rows taken. One catch-up of a table at a time across
 * instances: a named lock held by one connection for the whole catch-up, so that a later one reads the base rows after
 * the earlier one committed (never older text over newer) and no turn writes into blocks being remade. Each turn, in
 * a READ COMMITTED transaction: the first committed queue rows (GRAM_CATCH_UP_ROWS, of at most GRAM_CATCH_UP_BLOCKS
 * blocks) are read, the rows of their blocks deleted and cut again from the base rows as they are now (all 64 ids of
 * each block: a changed text's old grams go with its block), then exactly those queue rows deleted (a write committed
 * after the read left a row of its own, for the next turn).
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
      await openStage(conn);
      try {
        for (;;) {
          const { rows } = await sql<{
            seq: number;
            id: number;
          }>`select seq, id from ${sql.table(blockQueue(table))} order by seq limit ${GRAM_CATCH_UP_ROWS}`.execute(conn);
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
            const list = sql.raw([...blocks].join(','));
            await sql`delete from ${sql.table(blockTable(table))} where blk in (${list})`.execute(conn);
            await writeBlockRows(conn, blockTable(table), await cutBlocks(conn, table, columns, [...blocks]), 'delete');
            await sql`delete from ${sql.table(blockQueue(table))} where seq in (${sql.raw(taken.map((r) => String(Number(r.seq))).join(','))})`.execute(conn);
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
      } finally {
        await closeStage(conn);
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
 * A large queue (a bulk load from outside, a large import, migration 0016 itself): the blocks are made again beside the
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
  }>`select collation_name as coll from information_schema.columns where table_schema = database() and table_name = ${blockTable(table)} and column_name = 'gram'`.execute(
    conn,
  );
  const collation = rows[0]?.coll;
  if (!collation) return 0;
  await sql`drop table if exists ${sql.table(fresh)}, ${sql.table(old)}`.execute(conn);
  await sql`drop temporary table if exists ${sql.table(taken)}`.execute(conn);
  await sql`create temporary table ${sql.table(taken)} (seq bigint not null primary key) engine=InnoDB`.execute(conn);
  await sql`set transaction isolation level read committed`.execute(conn);
  await sql`insert into ${sql.table(taken)} (seq) select seq from ${sql.table(blockQueue(table))}`.execute(conn);
  await createBlockTable(conn, fresh, columns, collation, false);
  await openStage(conn);
  try {
    await cutWholeTable(conn, table, columns, fresh);
  } finally {
    await closeStage(conn);
  }
  await addGramKey(conn, fresh);
  await sql`rename table ${sql.table(blockTable(table))} to ${sql.table(old)}, ${sql.table(fresh)} to ${sql.table(blockTable(table))}`.execute(conn);
  const deleted = await sql`delete q from ${sql.table(blockQueue(table))} q join ${sql.table(taken)} t on t.seq = q.seq`.execute(conn);
  await sql`drop table ${sql.table(old)}`.execute(conn);
  await sql`drop temporary table ${sql.table(taken)}`.execute(conn);
  return Number(deleted.numAffectedRows ?? 0);
}

/** The catch-up's options (tests, the bench): ids made per transaction of a bulk load's range, a hook after each. */
export interface RangeOptions {
  /** ids per transaction of a range's catch-up (a multiple of BLOCK_IDS; GRAM_RANGE_IDS) */
  chunkIds?: number;
  /** a range of at least this many ids (and two thirds of the table's rows) is appended without the search's key (GRAM_UNKEYED_IDS) */
  unkeyedFrom?: number;
  /** awaited after each committed chunk of a range, with the next id to make (above `hi`: the range is done) */
  afterChunk?: (next: number, hi: number) => Promise<void>;
}

/** Ids of a bulk load's range made per transaction. */
export const GRAM_RANGE_IDS = 65_536;
/**
 * A bulk load's range of at least this many ids, and two thirds of the table's rows or more (the planner's estimate:
 * twice the rows below it; the first blocks of a table), is appended without the search's key ix_gram, which is built
 * again after, sorted, in one pass (docs/search.md "Issue 30, sixth pass: MariaDB's catch-up"): a row written into
 * ix_gram cost about 10 µs more (a B-tree larger than the buffer pool, written in the middle of every gram's run). Not
 * for a load into a table already large: searches meanwhile would read the blocks below without their key (measured:
 * 7.5 s against 3.1 s median at 1,000,000 into 1,000,000, for a catch-up 10–55% shorter).
 */
export const GRAM_UNKEYED_IDS = 200_000;

/**
 * The mark of a bulk load being appended, kept as a row of the blocks table itself (so that every table with blocks,
 * runtime ones too, has its place, and a search reads it in the same snapshot as the blocks): block RANGE_BLK, column
 * RANGE_COL, gram '', m0 the next id to make and m1 the last. No search reads column RANGE_COL.
 */
export const RANGE_BLK = -1;
export const RANGE_COL = 255;

/** The range of a bulk load being appended to `table`'s blocks, [next id to make, last id]; undefined when none. */
export async function rangeOf(conn: AnyDb, table: string): Promise<[number, number] | undefined> {
  const { rows } = await sql<{
    lo: string;
    hi: string;
  }>`select m0 as lo, m1 as hi from ${sql.table(blockTable(table))} where blk = ${RANGE_BLK} and col = ${RANGE_COL} and gram = ''`.execute(conn);
  return rows[0] ? [Number(rows[0].lo), Number(rows[0].hi)] : undefined;
}

/**
 * The queued ids' densest tail as whole blocks [lo, hi]: the lowest block from which at least one id in four up to the
 * last queued block is queued (a bulk load's ids, one range above everything indexed), when it holds half the queue or
 * more; undefined otherwise (scattered ids: the remake).
 */
async function denseRange(conn: AnyDb, table: string): Promise<[number, number] | undefined> {
  const { rows } = await sql<{ blk: string; n: string }>`select id div ${BLOCK_IDS} as blk, count(*) as n from ${sql.table(blockQueue(table))}
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
    if (sum * 4 >= (top + 1 - blk) * BLOCK_IDS) best = { blk, n: sum };
  }
  if (!best || best.n * 2 < all) return undefined;
  return [best.blk * BLOCK_IDS, (top + 1) * BLOCK_IDS - 1];
}

/**
 * Starts appending the range [lo, hi]: in one transaction its queue rows (committed ones) deleted and the mark written,
 * so that a search, which reads the range's rows with its own `like`, sees each id in the queue or in the range. The
 * queue rows taken.
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
    await sql`insert into ${taken} (seq) select seq from ${sql.table(blockQueue(table))} where id between ${lo} and ${hi}`.execute(conn);
    const deleted = Number(
      (await sql`delete q from ${taken} t straight_join ${sql.table(blockQueue(table))} q on q.seq = t.seq`.execute(conn)).numAffectedRows ?? 0,
    );
    await sql`insert into ${sql.table(blockTable(table))} (blk, col, gram, ${sql.raw(MASKS.join(', '))})
      values (${RANGE_BLK}, ${RANGE_COL}, '', ${lo}, ${hi}, 0, 0) on duplicate key update m0 = least(m0, values(m0)), m1 = greatest(m1, values(m1))`.execute(
      conn,
    );
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
 * read again with it) and written, the mark moved past the chunk. A large range is written without the search's key
 * (GRAM_UNKEYED_IDS), made again after the last chunk; the mark, then an empty range, is deleted only once the key is
 * there, so that a catch-up stopped before makes it. A write committed after a chunk's read left a queue row. 0: the
 * range's queue rows were taken when it started.
 */
async function appendRange(db: AnyDb, conn: AnyDb, table: string, columns: string[], stopped: () => boolean, options: RangeOptions): Promise<number> {
  const step = Math.max(BLOCK_IDS, Math.floor((options.chunkIds ?? GRAM_RANGE_IDS) / BLOCK_IDS) * BLOCK_IDS);
  const range = await rangeOf(conn, table);
  if (!range) return 0;
  const [lo, hi] = range;
  // a large range (against what is below it) appended without the search's key, made again once it is done: searches
  // meanwhile read the blocks' rows without it (slower, as exact); a range left by a stopped catch-up goes on so
  const ids = hi - lo + 1;
  let keyed = await hasGramKey(conn, table);
  if (keyed && ids >= (options.unkeyedFrom ?? GRAM_UNKEYED_IDS) && 3 * ids >= 2 * (await rowsEstimate(conn, table))) {
    await dropGramKey(conn, blockTable(table));
    keyed = false;
  }
  // the next chunk read (another connection of the pool) and cut while this one is written: the cutting takes the CPU
  // while the database writes. Read before its transaction is exact too: a write committed after the read left a queue
  // row (a range's queue rows are taken only when it starts)
  // with the search's key, in its order (col, gram, blk), about (the collation folds case): its B-tree, larger than the
  // buffer pool at 1,000,000 rows and kept without change buffering on MariaDB 10.11, is then written in one sweep
  // per chunk rather than at random; the primary key's pages of the chunk's blocks are few and stay cached. Without
  // it, in block order (an append to the primary key). The statements are made in the read-ahead too, so that the
  // database writes one after the other
  const read = (from: number) => {
    const to = Math.min(hi, from + step - 1);
    const statements = cutRange(db, table, columns, from, to).then((rows) => blockInserts(blockTable(table), keyed ? inGramOrder(rows) : rows));
    statements.catch(() => undefined);
    return { from, to, statements };
  };
  let next = lo <= hi ? read(Math.floor(lo / BLOCK_IDS) * BLOCK_IDS) : undefined;
  while (next) {
    const { from, to } = next;
    const statements = await next.statements;
    if (to < hi) next = read(to + 1);
    await sql`set transaction isolation level read committed`.execute(conn);
    await sql`begin`.execute(conn);
    try {
      await sql`delete from ${sql.table(blockTable(table))} where blk between ${from / BLOCK_IDS} and ${Math.floor(to / BLOCK_IDS)}`.execute(conn);
      for (const statement of statements) await sql.raw(statement).execute(conn);
      // past the last id: an empty range, the mark kept until the search's key is there
      await sql`update ${sql.table(blockTable(table))} set m0 = ${to + 1} where blk = ${RANGE_BLK} and col = ${RANGE_COL} and gram = ''`.execute(conn);
      await sql`commit`.execute(conn);
    } catch (err) {
      await sql`rollback`.execute(conn);
      throw err;
    }
    await options.afterChunk?.(to + 1, hi);
    if (to >= hi) break;
    if (stopped()) return 0;
  }
  if (!(await hasGramKey(conn, table))) await addGramKey(conn, blockTable(table));
  await sql`delete from ${sql.table(blockTable(table))} where blk = ${RANGE_BLK} and col = ${RANGE_COL} and gram = ''`.execute(conn);
  return 0;
}

/** The planner's estimate of `table`'s rows (as search/indexes.ts estimateOf). */
async function rowsEstimate(conn: AnyDb, table: string): Promise<number> {
  const { rows } = await sql<{
    n: number;
  }>`select table_rows as n from information_schema.tables where table_schema = database() and table_name = ${table}`.execute(conn);
  return Number(rows[0]?.n ?? 0);
}

/** Whether `table`'s blocks have the search's key ix_gram (a bulk load's range may be appended without it). */
export async function hasGramKey(conn: AnyDb, table: string): Promise<boolean> {
  const { rows } = await sql<{
    n: number;
  }>`select count(*) as n from information_schema.statistics where table_schema = database() and table_name = ${blockTable(table)} and index_name = 'ix_gram'`.execute(
    conn,
  );
  return Number(rows[0]?.n ?? 0) > 0;
}

/** Drops the search's key of the blocks table `name` (a bulk append; MySQL 8 has no `drop index if exists`). */
async function dropGramKey(conn: AnyDb, name: string): Promise<void> {
  await sql.raw(await unboundedStatement(conn, `alter table \`${name.replace(/`/g, '``')}\` drop key ix_gram`)).execute(conn);
}
