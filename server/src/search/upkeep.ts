import { sql } from 'kysely';
import type { AnyDb } from '../db/connection.ts';
import type { SourceEngine } from '../datasources/engines.ts';
import { baseOfSearchTable, pendingTable } from '../db/migrations/0010_search_side.ts';
import { catchUpGrams, gramColumnsOf, type RangeOptions, tablesWithGrams } from './grams.ts';
import { estimateOf, type Logger } from './indexes.ts';
import { catchUpSide, PG_BULK_FROM, sideColumnsOf, type SideChunks } from './pgSide.ts';
import { FtsWorker, type FtsRoundLimits } from './ftsWorker.ts';
import { catchUpFts, ftsColumnsOf, tablesWithMark } from './sqliteFts.ts';

/** PostgreSQL, MySQL: a search through a side table or grams asks for a catch-up of its table at most this often (rows written outside the server). */
export const NOTICE_EVERY_MS = 10_000;

/**
 * SQLite: indexes in bulk, after the commit, the rows inserted above a table's mark (migration 0008). A write does no
 * FTS5 work for the rows it inserts (FTS5 written row by row from a trigger cost ~9x a bulk insert); searches read the
 * rows above the mark with their `like` meanwhile, so they stay exact. Catching up runs in chunks of CATCH_UP_ROWS, each
 * its own short write transaction, delayMs after the writes (the saves of a few hundred milliseconds coalesce into one
 * catch-up per table); a larger backlog (a bulk load, a large import) in a worker thread (search/ftsWorker.ts).
 * PostgreSQL: moves the ids queued in `sys_searchq__<table>` (migration 0010's triggers) into the side table
 * `sys_search__<table>` that carries the GIN trigram indexes, PG_CATCH_UP_ROWS per transaction; searches take the pending
 * ids as candidates meanwhile. Besides after the server's own commits and at start, a search through a side table asks
 * for a catch-up of its table every NOTICE_EVERY_MS at most (rows written by a tool or a stopped instance).
 */
export class SearchUpkeep {
  private readonly pending = new Set<string>();
  private timer?: NodeJS.Timeout;
  /** PostgreSQL, MySQL: a queue this long is caught up by remaking the side table or the grams (PG_BULK_FROM; lower in tests) */
  bulkFrom = PG_BULK_FROM;
  private running?: Promise<void>;
  log?: Logger;
  /** SQLite: awaited after each chunk of a backlog indexed by the worker thread, with its rows and its transaction's time (tests, the bench) */
  afterFtsChunk?: (moved: number, ms: number) => Promise<void>;
  /** MySQL/MariaDB: a bulk load's range appended to the gram blocks, its chunk size and a hook after each chunk (tests, the bench) */
  gramRange: RangeOptions = {};
  /** PostgreSQL: a bulk catch-up's range partitions (ids each) and a hook awaited after each group is attached (tests, the bench) */
  sideChunks: SideChunks = {};
  /** SQLite: the worker's rounds (sqliteFts.ts FTS_ROUND; tests make a round one chunk, to search between chunks) */
  ftsRound?: FtsRoundLimits;

  constructor(
    private readonly db: AnyDb,
    private readonly engine: SourceEngine,
    readonly delayMs = 300,
  ) {}

  /** After a commit on the local database: the written tables catch up soon. */
  written(tables: Iterable<string>): void {
    if (this.engine !== 'sqlite' && this.engine !== 'postgres' && this.engine !== 'mysql') return;
    for (const t of tables) {
      this.pending.add(t);
      this.lastAsked.set(t, Date.now());
    }
    this.schedule();
  }

  private readonly lastAsked = new Map<string, number>();

  /** PostgreSQL: a search went through the side table of `table`; a catch-up if none was asked for lately. */
  noticed(table: string): void {
    const last = this.lastAsked.get(table);
    if (last !== undefined && Date.now() - last < NOTICE_EVERY_MS) return;
    this.written([table]);
  }

  /** Every indexed table catches up (the server's start: rows committed just before a stop are indexed). */
  async everyTable(): Promise<void> {
    try {
      if (this.engine === 'sqlite') this.written(await tablesWithMark(this.db));
      else if (this.engine === 'postgres') {
        const { rows } = await sql<{
          name: string;
        }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_name like ${`${pendingTable('').replace(/_/g, '!_')}%`} escape '!'`.execute(
          this.db,
        );
        this.written(rows.map((r) => baseOfSearchTable(r.name)));
      } else if (this.engine === 'mysql') this.written(await tablesWithGrams(this.db));
    } catch {
      // no mark table: nothing indexed this way
    }
  }

  /** Resolves once every table written so far has caught up (tests, the benchmark). */
  async settled(): Promise<void> {
    for (;;) {
      if (this.timer) {
        clearTimeout(this.timer);
        this.timer = undefined;
        this.start();
      }
      if (this.running) await this.running;
      else if (this.pending.size === 0 || this.stopped) return;
      else this.start();
    }
  }

  /** The server closes: no new catch-up starts, the running one ends after its chunk; the rest waits for the next start. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
  }

  private stopped = false;
  /** the FTS5 table's columns per table written (none: not indexed); PostgreSQL: the side table's, read again in each batch */
  private readonly columnsOf = new Map<string, string[]>();

  /** A table made, altered or dropped (its FTS5 table or side table with it). */
  forget(table?: string): void {
    if (table === undefined) this.columnsOf.clear();
    else this.columnsOf.delete(table);
  }

  private schedule(): void {
    if (this.stopped || this.timer || this.running || this.pending.size === 0) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.start();
    }, this.delayMs);
    this.timer.unref();
  }

  private start(): void {
    if (this.running || this.stopped) return;
    this.running = (async () => {
      while (this.pending.size > 0 && !this.stopped) {
        const table = this.pending.values().next().value as string;
        this.pending.delete(table);
        try {
          await this.catchUp(table);
        } catch (err) {
          // the rows stay above the mark: still found (read), indexed at the next write or start
          this.log?.warn({ err, table }, 'search index: catching up failed');
        }
      }
    })().finally(() => {
      this.running = undefined;
      this.schedule();
    });
  }

  /** Indexes the rows of `table` written since the index last caught up; the rows indexed (PostgreSQL: the pending ids taken). */
  async catchUp(table: string): Promise<number> {
    // most written tables have no index: known once (forgotten when a table is altered); PostgreSQL reads the side
    // table's columns again in each batch, after its lock
    let columns = this.columnsOf.get(table);
    if (!columns) {
      columns = await (this.engine === 'postgres' ? sideColumnsOf : this.engine === 'mysql' ? gramColumnsOf : ftsColumnsOf)(this.db, table);
      this.columnsOf.set(table, columns);
    }
    if (columns.length === 0) return 0;
    const stopped = () => this.stopped;
    if (this.engine === 'postgres') return catchUpSide(this.db, table, stopped, await this.bulkThreshold(table), this.sideChunks);
    if (this.engine === 'mysql') return catchUpGrams(this.db, table, columns, stopped, await this.bulkThreshold(table), this.gramRange);
    // a large backlog: a worker thread on this database's file (none for an in-memory database), for this catch-up only
    let worker: Promise<FtsWorker | undefined> | undefined;
    const opened = () =>
      (worker ??= sql<{ name: string; file: string }>`pragma database_list`
        .execute(this.db)
        .then((r) => r.rows.find((d) => d.name === 'main')?.file || undefined)
        .then((file) => (file ? new FtsWorker(file) : undefined)));
    try {
      return await catchUpFts(this.db, table, columns, stopped, { worker: opened, afterChunk: this.afterFtsChunk, limits: this.ftsRound });
    } finally {
      if (worker) await (await worker.catch(() => undefined))?.close();
    }
  }

  /**
   * The queue length from which remaking the whole index is cheaper than catching the ids up in batches: bulkFrom, and
   * a fifth of the table (a batch costs ~60 µs an id, a remake ~15 µs a row: 100,000 ids in a table of 1,100,000 took 26
   * s remade, ~6 s in batches). From the planner's estimate: a bulk load not yet analyzed counts as a large queue.
   */
  private async bulkThreshold(table: string): Promise<number> {
    const rows = await estimateOf(this.db, this.engine, table);
    return Math.max(this.bulkFrom, Math.round(rows / 5));
  }
}
