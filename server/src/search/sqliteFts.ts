import { sql } from 'kysely';
import type { AnyDb } from '../db/connection.ts';
import type { FtsRoundLimits, FtsWorker } from './ftsWorker.ts';
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

/** How a large backlog is caught up (SearchUpkeep): the worker thread, and what runs between its chunks (tests drive the chunks). */
export interface FtsBulk {
  /** the worker of this database's file (undefined: an in-memory database, caught up on this connection) */
  worker(): Promise<FtsWorker | undefined>;
  /** awaited after each round of the worker for each of its chunks, with its rows and the time its write transaction took (tests, the bench) */
  afterChunk?: (moved: number, ms: number) => Promise<void>;
  /** the rounds' limits (FTS_ROUND; tests: a round of one chunk) */
  limits?: FtsRoundLimits;
}

/**
 * Indexes the rows of `table` above its mark, moving the mark; the rows indexed. A backlog of more than CATCH_UP_ROWS
 * (a bulk load from outside, a large import) goes to the worker thread (catchUpInWorker); a few rows (the saves of the
 * last 300 ms) are indexed here, CATCH_UP_ROWS per short write transaction, the event loop and other writers free between.
 */
export async function catchUpFts(db: AnyDb, table: string, columns: string[], stopped: () => boolean, bulk?: FtsBulk): Promise<number> {
  if (bulk && (await rowsAboveMarkAtMost(db, table, CATCH_UP_ROWS + 1)) > CATCH_UP_ROWS) {
    const worker = await bulk.worker();
    if (worker) return catchUpInWorker(db, worker, table, columns, stopped, bulk);
  }
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
 * The worker's rounds (search/ftsWorker.ts): a chunk's write transaction aims at `chunkMs` (it holds the database's
 * write lock: another process's write waits about that long), a round of chunks at `roundMs` (this process's writes
 * queue for it, asynchronously); a chunk's rows between the bounds (tokenizing takes ~5-10 µs a row of the bench's
 * questions on this machine; not fewer than the 2,000 of a small catch-up: under load a chunk's wall-clock time grows
 * with the machine's other work, and smaller chunks only added FTS5's per-commit cost).
 */
export const FTS_ROUND: FtsRoundLimits = { roundMs: 80, chunkMs: 30, minRows: 2000, maxRows: 50_000 };

/**
 * The backlog of `table` indexed by the worker thread, round after round. Each round runs while this process's writer
 * connection is held (idle) by `db.connection()`: the server's own writes queue for it asynchronously, behind one round
 * at most, instead of blocking the event loop in SQLite's busy handler while the worker holds the write lock; between
 * rounds they take their turn first (they were queued before the next round asks). Writers of other processes meet the
 * worker's chunks as any writer (busy timeout), between chunks.
 */
async function catchUpInWorker(db: AnyDb, worker: FtsWorker, table: string, columns: string[], stopped: () => boolean, bulk: FtsBulk): Promise<number> {
  let rows = CATCH_UP_ROWS;
  let total = 0;
  for (;;) {
    const round = await db.connection().execute(() => worker.round(table, columns, rows, bulk.limits ?? FTS_ROUND));
    for (const c of round.chunks) {
      total += c.moved;
      if (bulk.afterChunk && c.moved > 0) await bulk.afterChunk(c.moved, c.ms);
    }
    if (round.done || stopped()) return total;
    rows = round.rows;
    // the server's work queued meanwhile runs first: a save takes the writer connection several times (its checks, its
    // transaction, what follows the commit), and under load lost it to the next round each time (saves up to 5 s)
    await new Promise((r) => setImmediate(r));
  }
}

/** The rows of `table` above its mark, counted up to `limit` (a range of the key: ~`limit` rows read at most). */
export async function rowsAboveMarkAtMost(db: AnyDb, table: string, limit: number): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*) as n from (select 1 from ${sql.table(table)}
    where rowid > (select upto from ${sql.table(MARK_TABLE)} where tbl = ${table}) limit ${limit})`.execute(db);
  return Number(rows[0]?.n ?? 0);
}
