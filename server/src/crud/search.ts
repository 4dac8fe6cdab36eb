import { Worker } from 'node:worker_threads';
import { type CompiledQuery, sql } from 'kysely';
import type { AnyDb } from '../db/connection.ts';
import { sqliteDriverPath as driverPath } from '../db/sqliteDriver.ts';
import type { SourceEngine } from '../datasources/engines.ts';
// the table holding, per indexed table, the highest key its FTS5 table has caught up to
import { MARK_TABLE } from '../db/migrations/0008_search_upkeep.ts';
// PostgreSQL: the side table carrying the trigram indexes and the queue of ids written since it caught up
import { baseOfSearchTable, pendingTable, sideTable, trigramSchemaOf } from '../db/migrations/0010_search_side.ts';
import { catchUpGrams, gramColumnsOf, tablesWithGrams } from './searchGrams.ts';
import type { Condition } from './wheres.ts';

/*
 * Indexed keyword search (issue 21, docs/search.md). A contains-search (`like`, and startsWith/endsWith) keeps its
 * `like` semantics on every engine; what changes is how the rows are found:
 * - SQLite: the FTS5 trigram table `<table>__search` (migration 0007) gives the candidate rowids of a search of 3
 *   characters or more; the `like` of the base row decides, so the answer is exactly today's.
 * - PostgreSQL: the pg_trgm GIN index of the side table `sys_search__<table>` (migration 0010) gives the candidate ids
 *   of a search with a trigram, with the ids queued since it caught up (SearchUpkeep); the base row's `ilike` decides.
 *   A table with its own trigram index (a runtime table with a long name, an index added by hand): the same `ilike`,
 *   which the planner answers from it.
 * - MySQL/MariaDB: the grams table `sys_searchg__<table>` (migration 0012, crud/searchGrams.ts) gives the ids having
 *   the search's trigrams (one or two characters: a gram starting with it), with the ids queued since it caught up.
 * - While a queue holds a scan's worth of ids (rows loaded from outside), a search shorter than a trigram (SQLite,
 *   PostgreSQL), or a column without an index: a scan, which holds at most
 *   SCANS_PER_TABLE connections per table (ScanGate), and on SQLite runs in a worker thread, off the event loop.
 */

/** Characters, not UTF-16 units: a trigram is three characters (𠀀 is one). */
export const charCount = (text: string) => [...text].length;

/** Shortest search an index of three-character grams can answer. */
export const TRIGRAM = 3;

/** Searches of a table that read every row may hold this many connections at a time; the others wait their turn. */
export const SCANS_PER_TABLE = 2;

export const isTextSearch = (c: Condition) => c.op === 'like' || c.op === 'startsWith' || c.op === 'endsWith';

interface Logger {
  warn(obj: unknown, msg?: string): void;
}

/** The table's row count as the planner last estimated it (PostgreSQL: pg_class.reltuples; MySQL: table_rows). */
async function estimateOf(db: AnyDb, engine: SourceEngine, table: string): Promise<number> {
  const estimate =
    engine === 'mysql'
      ? sql<{ n: number }>`select table_rows as n from information_schema.tables where table_schema = database() and table_name = ${table}`
      : sql<{ n: number }>`select greatest(reltuples, 0) as n from pg_class where oid = to_regclass(${`"${table.replace(/"/g, '""')}"`}::text)`;
  return Number((await estimate.execute(db)).rows[0]?.n ?? 0);
}

/** Which searchable columns of which tables have an index, per engine, read once from the catalogue. */
export class SearchIndexes {
  private readonly byTable = new Map<string, Promise<Set<string>>>();
  private warned = false;
  log?: Logger;

  constructor(
    private readonly readDb: AnyDb,
    private readonly engine: SourceEngine,
  ) {}

  /** The columns of `table` with a search index (the FTS5 table's columns on SQLite, the trigram indexes on PostgreSQL). */
  columns(table: string): Promise<Set<string>> {
    let found = this.byTable.get(table);
    if (!found) {
      found = this.read(table).catch(() => new Set<string>());
      this.byTable.set(table, found);
    }
    return found;
  }

  /** The FTS5 table of `table` on SQLite. */
  static ftsTable = (table: string) => `${table}__search`;

  private async read(table: string): Promise<Set<string>> {
    if (this.engine === 'sqlite') {
      const fts = SearchIndexes.ftsTable(table);
      const exists = await sql<{ n: number }>`select count(*) as n from sqlite_master where type = 'table' and name = ${fts}`.execute(this.readDb);
      if (Number(exists.rows[0]?.n ?? 0) === 0) return new Set();
      const { rows } = await sql<{ name: string }>`select name from pragma_table_info(${fts})`.execute(this.readDb);
      return new Set(rows.map((r) => r.name));
    }
    if (this.engine === 'postgres') {
      // the trigram indexes of the base table (runtime tables, indexes added by hand) and of its side table (migration 0010)
      const side = sideTable(table);
      const { rows } = await sql<{
        tbl: string;
        def: string;
      }>`select tablename as tbl, indexdef as def from pg_indexes where schemaname = current_schema() and tablename in (${table}, ${side}) and indexdef like '%gin_trgm_ops%'`.execute(
        this.readDb,
      );
      if (!this.warned) {
        this.warned = true;
        const ext = await sql<{ n: number }>`select count(*) as n from pg_extension where extname = 'pg_trgm'`.execute(this.readDb);
        if (Number(ext.rows[0]?.n ?? 0) === 0) {
          this.log?.warn(
            { extension: 'pg_trgm' },
            'keyword search is not indexed: the pg_trgm extension is missing and could not be created (docs/search.md says how to add it); searches read every row',
          );
        }
      }
      const pending = await sql<{
        n: number;
      }>`select count(*) as n from information_schema.tables where table_schema = current_schema() and table_name = ${pendingTable(table)}`.execute(
        this.readDb,
      );
      const hasPending = Number(pending.rows[0]?.n ?? 0) > 0;
      const columns = new Set<string>();
      const bySide = new Set<string>();
      for (const { tbl, def } of rows) {
        const m = /using gin \("?((?:[^"]|"")+?)"? (?:[\w"]+\.)?"?gin_trgm_ops/i.exec(def);
        if (!m) continue;
        const column = m[1]!.replace(/""/g, '"');
        if (tbl === side) {
          // a side table is usable with its queue of pending ids only
          if (!hasPending) continue;
          bySide.add(column);
        }
        columns.add(column);
      }
      this.sides.set(table, bySide);
      return columns;
    }
    if (this.engine === 'mysql') return new Set(await gramColumnsOf(this.readDb, table));
    return new Set();
  }

  /** PostgreSQL: the columns of `table` searched through its side table (migration 0010), the others through their own index. */
  async sideColumns(table: string): Promise<Set<string>> {
    await this.columns(table);
    return this.sides.get(table) ?? new Set();
  }

  private readonly sides = new Map<string, Set<string>>();
  private readonly estimates = new Map<string, { at: number; rows: Promise<number> }>();

  /** The table's row count as the planner last estimated it (pg_class.reltuples; MySQL: table_rows), read again after a minute. */
  rowsEstimate(table: string): Promise<number> {
    const known = this.estimates.get(table);
    if (known && Date.now() - known.at < 60_000) return known.rows;
    const rows = estimateOf(this.readDb, this.engine, table)
      .then((n) => {
        // never analyzed: asked again next time
        if (n === 0) this.estimates.delete(table);
        return n;
      })
      .catch(() => 0);
    this.estimates.set(table, { at: Date.now(), rows });
    return rows;
  }

  /** Forgets what was read (a table altered, the extension added). */
  forget(table?: string): void {
    if (table === undefined) {
      this.byTable.clear();
      this.sides.clear();
    } else {
      this.byTable.delete(table);
      this.sides.delete(table);
    }
  }
}

/** Rows indexed per transaction when the index catches up (SQLite: ~20 ms of the writer each, the event loop free between). */
export const CATCH_UP_ROWS = 2000;
/** PostgreSQL: pending ids moved into the side table per transaction (~0.1-0.3 s of GIN upkeep each). */
export const PG_CATCH_UP_ROWS = 5000;
/**
 * PostgreSQL (MySQL: the grams): a queue of at least this many ids, and a fifth of the table, is caught up by remaking
 * the side table from the whole base table in one statement (~10 µs a row with the GIN indexes built after the rows) rather than PG_CATCH_UP_ROWS at a time (~60 µs
 * an id: 1,000,000 ids loaded from outside took 59 s in batches).
 */
export const PG_BULK_FROM = 50_000;
/** PostgreSQL: a search through a side table asks for a catch-up of its table at most this often (rows written outside the server). */
export const NOTICE_EVERY_MS = 10_000;
/** Key space of the advisory locks taking turns at one table's catch-up (two int4 keys: this one, the table's hash). */
const ADVISORY_SPACE = 0x5153;

/**
 * PostgreSQL, inside a transaction: waits for the turn at `table`'s side table (held until the transaction ends). Taken by
 * each catch-up batch and by the data-table manager remaking a runtime table's side table (tables/searchIndex.ts), so a
 * remake never interleaves with a batch (nor deadlocks with one: both take this lock before any table's).
 */
export async function lockSearchSide(trx: AnyDb, table: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(${ADVISORY_SPACE}, hashtext(current_schema() || '.' || ${table}))`.execute(trx);
}

/**
 * PostgreSQL: the searched columns of `table`'s side table (its columns but `id`), empty when it or its queue is missing.
 * Read inside each catch-up batch after the lock: a side table remade by an ALTER (other columns) is seen at once.
 */
export async function sideColumnsOf(db: AnyDb, table: string): Promise<string[]> {
  const regclass = (name: string) => sql`to_regclass(quote_ident(current_schema()) || '.' || quote_ident(${name}))`;
  const { rows } = await sql<{ name: string; queued: boolean }>`select a.attname as name, ${regclass(pendingTable(table))} is not null as queued
    from pg_attribute a where a.attrelid = ${regclass(sideTable(table))} and a.attnum > 0 and not a.attisdropped order by a.attnum`.execute(db);
  return rows.length > 0 && rows[0]!.queued ? rows.map((r) => r.name).filter((c) => c !== 'id') : [];
}

/**
 * SQLite: indexes in bulk, after the commit, the rows inserted above a table's mark (migration 0008). A write does no
 * FTS5 work for the rows it inserts (FTS5 written row by row from a trigger cost ~9x a bulk insert); searches take every
 * row above the mark as a candidate meanwhile, so they stay exact. Catching up runs in chunks of CATCH_UP_ROWS, each
 * its own short write transaction, delayMs after the writes (the saves of a few hundred milliseconds coalesce into one
 * catch-up per table).
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
      if (this.engine === 'sqlite') {
        const { rows } = await sql<{ tbl: string }>`select tbl from ${sql.table(MARK_TABLE)}`.execute(this.db);
        this.written(rows.map((r) => r.tbl));
      } else if (this.engine === 'postgres') {
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
    if (this.engine === 'postgres') return this.catchUpSide(table);
    if (this.engine === 'mysql') return this.catchUpGrams(table);
    const fts = SearchIndexes.ftsTable(table);
    let columns = this.columnsOf.get(table);
    if (!columns) {
      columns = (await sql<{ name: string }>`select name from pragma_table_info(${fts})`.execute(this.db)).rows.map((r) => r.name);
      this.columnsOf.set(table, columns);
    }
    if (columns.length === 0) return 0;
    const cols = sql.join(columns.map((c) => sql.ref(c)));
    let total = 0;
    for (;;) {
      const moved = await this.db.transaction().execute(async (trx) => {
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
      if (moved < CATCH_UP_ROWS || this.stopped) return total;
      // the event loop and other writers get their turn between chunks
      await new Promise((r) => setImmediate(r));
    }
  }

  /**
   * PostgreSQL: moves the pending ids of `table` into its side table, PG_CATCH_UP_ROWS per transaction. Each
   * transaction first takes the table's advisory lock, so that catch-ups (of several instances) take turns: a later one
   * reads the base rows in a snapshot taken after the earlier one committed, and never writes older text over newer.
   * In one statement (one snapshot): the ids leave the queue, the side rows take the base rows' current text (or go
   * with their base row). Ids of transactions not yet committed are not visible: they stay queued for the next turn.
   * The ids as an array: the rows are looked up by key whatever the planner guesses of the queue's size.
   */
  private async catchUpSide(table: string): Promise<number> {
    // most written tables have no side table: known once, without a transaction (forgotten when a table is altered)
    let known = this.columnsOf.get(table);
    if (!known) {
      known = await sideColumnsOf(this.db, table);
      this.columnsOf.set(table, known);
    }
    if (known.length === 0) return 0;
    const base = sql.table(table);
    const side = sql.table(sideTable(table));
    const pending = sql.table(pendingTable(table));
    const bulk = await this.bulkThreshold(table);
    if ((await queuedAtLeast(this.db, table, bulk)) >= bulk) return this.remakeSide(table);
    let total = 0;
    for (;;) {
      const moved = await this.db.transaction().execute(async (trx) => {
        await lockSearchSide(trx, table);
        // the columns as they are now (a runtime table's side table is remade when its table is altered)
        const columns = await sideColumnsOf(trx, table);
        if (columns.length === 0) return 0;
        const cols = sql.join(columns.map((c) => sql.ref(c)));
        const baseCols = sql.join(columns.map((c) => sql.ref(`b.${c}`)));
        const sideCols = sql.join(columns.map((c) => sql`${side}.${sql.ref(c)}`));
        const newCols = sql.join(columns.map((c) => sql.ref(`excluded.${c}`)));
        const sets = sql.join(columns.map((c) => sql`${sql.ref(c)} = ${sql.ref(`excluded.${c}`)}`));
        const { rows } = await sql<{ n: number }>`with
          moved as (delete from ${pending} where ctid = any(array(select ctid from ${pending} limit ${PG_CATCH_UP_ROWS})) returning id),
          gone as (delete from ${side} s where s.id = any(array(select id from moved)) and not exists (select 1 from ${base} b where b.id = s.id)),
          put as (insert into ${side} (id, ${cols}) select b.id, ${baseCols} from ${base} b where b.id = any(array(select id from moved))
            on conflict (id) do update set ${sets} where (${sideCols}) is distinct from (${newCols}))
          select count(*) as n from moved`.execute(trx);
        return Number(rows[0]?.n ?? 0);
      });
      total += moved;
      if (moved < PG_CATCH_UP_ROWS || this.stopped) return total;
      await new Promise((r) => setImmediate(r));
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

  /** MySQL/MariaDB: the queued ids of `table` into its grams (crud/searchGrams.ts); the columns read again after an ALTER. */
  private async catchUpGrams(table: string): Promise<number> {
    let columns = this.columnsOf.get(table);
    if (!columns) {
      columns = await gramColumnsOf(this.db, table);
      this.columnsOf.set(table, columns);
    }
    if (columns.length === 0) return 0;
    return catchUpGrams(this.db, table, columns, () => this.stopped, await this.bulkThreshold(table));
  }

  /**
   * PostgreSQL, a large queue (PG_BULK_FROM ids or more: a bulk load from outside, a large import): the side table is
   * made again beside the live one and swapped in, in one transaction holding the table's advisory lock. One statement
   * (one snapshot, taken after the lock) empties the queue of the ids it can see and copies every base row: a row
   * written by a transaction that commits later keeps its id in the queue. The GIN indexes are built after the rows
   * (a tenth of the upkeep of row-by-row inserts); searches meanwhile see the old side table and the full queue (read
   * as scans, crud/searchReads.ts), then, after the short swap, the new one. The queue's dead rows are vacuumed after.
   */
  private async remakeSide(table: string): Promise<number> {
    const fresh = freshSideTable(table);
    const moved = await this.db.transaction().execute(async (trx) => {
      await lockSearchSide(trx, table);
      const columns = await sideColumnsOf(trx, table);
      if (columns.length === 0) return 0;
      const schema = await trigramSchemaOf(trx);
      if (!schema) return 0;
      // the remake of a large table may exceed the statement limit meant for the calls
      await sql`set local statement_timeout = 0`.execute(trx);
      await sql`set local maintenance_work_mem = '256MB'`.execute(trx);
      const cols = sql.join(columns.map((c) => sql.ref(c)));
      await sql`drop table if exists ${sql.table(fresh)}`.execute(trx);
      // the same types and collations as the base columns
      await sql`create table ${sql.table(fresh)} as select id, ${cols} from ${sql.table(table)} with no data`.execute(trx);
      const { rows } = await sql<{ n: number }>`with moved as (delete from ${sql.table(pendingTable(table))} returning 1),
        put as (insert into ${sql.table(fresh)} (id, ${cols}) select id, ${cols} from ${sql.table(table)})
        select count(*) as n from moved`.execute(trx);
      await sql`alter table ${sql.table(fresh)} add constraint ${sql.ref(`${fresh}_pkey`)} primary key (id)`.execute(trx);
      for (const k of columns.keys()) {
        await sql`create index ${sql.ref(`ix_${fresh}_${k}`)} on ${sql.table(fresh)} using gin (${sql.ref(columns[k]!)} ${sql.ref(schema)}.gin_trgm_ops)`.execute(
          trx,
        );
      }
      await sql`analyze ${sql.table(fresh)}`.execute(trx);
      // the swap: the only moment searches wait (for the commit)
      const side = sideTable(table);
      await sql`drop table ${sql.table(side)}`.execute(trx);
      await sql`alter table ${sql.table(fresh)} rename to ${sql.table(side)}`.execute(trx);
      await sql`alter table ${sql.table(side)} rename constraint ${sql.ref(`${fresh}_pkey`)} to ${sql.ref(`${side}_pkey`)}`.execute(trx);
      for (const k of columns.keys()) await sql`alter index ${sql.ref(`ix_${fresh}_${k}`)} rename to ${sql.ref(`ix_${side}_${k}`)}`.execute(trx);
      return Number(rows[0]?.n ?? 0);
    });
    // a vacuum runs outside a transaction; the dead rows would slow every count of the queue until autovacuum
    if (moved > 0) await sql`vacuum ${sql.table(pendingTable(table))}`.execute(this.db);
    return moved;
  }
}

/** PostgreSQL: the side table being remade beside the live one (SearchUpkeep.remakeSide); within 63 bytes as sideTable. */
const freshSideTable = (table: string) => `sys_searchn__${table}`;

/**
 * PostgreSQL: the ids queued for `table`'s side table, counted up to `limit` (the queue has no index: its first `limit`
 * live rows are read, ~1 ms per 10,000). Ids of transactions not yet committed are not counted.
 */
export async function queuedAtLeast(db: AnyDb, table: string, limit: number): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*) as n from (select 1 from ${sql.table(pendingTable(table))} limit ${limit}) q`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/**
 * Bounds the statements that read a whole table: at most `limit` per table at a time, the others queued in
 * order. A search typed for the first time on MariaDB reads every row; ten of them at once would take every
 * pooled connection, and the calls of everyone else (a save, /api/health/ready) would wait behind them.
 */
export class ScanGate {
  private readonly running = new Map<string, number>();
  private readonly waiting = new Map<string, (() => void)[]>();

  constructor(readonly limit = SCANS_PER_TABLE) {}

  async run<T>(table: string, work: () => Promise<T>): Promise<T> {
    if ((this.running.get(table) ?? 0) >= this.limit) {
      await new Promise<void>((resolve) => {
        const queue = this.waiting.get(table) ?? [];
        queue.push(resolve);
        this.waiting.set(table, queue);
      });
    } else this.running.set(table, (this.running.get(table) ?? 0) + 1);
    try {
      return await work();
    } finally {
      const next = this.waiting.get(table)?.shift();
      // the slot passes to the next in line as it is; else it is freed
      if (next) next();
      else {
        this.running.set(table, (this.running.get(table) ?? 1) - 1);
        if (this.waiting.get(table)?.length === 0) this.waiting.delete(table);
      }
    }
  }

  /** Statements running now for `table` (tests). */
  active(table: string): number {
    return this.running.get(table) ?? 0;
  }
}

/** Worker source (plain CommonJS, as crud/sortedIds.ts): compiled reads on its own read-only connection, one at a time. */
const SCAN_WORKER_SOURCE = String.raw`
'use strict';
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driverPath);
const db = new Database(workerData.file, { readonly: true, fileMustExist: true });
db.pragma('busy_timeout = 5000');
parentPort.on('message', ({ id, sql, parameters }) => {
  try {
    parentPort.postMessage({ id, rows: db.prepare(sql).all(...parameters) });
  } catch (err) {
    parentPort.postMessage({ id, error: String(err && err.message || err) });
  }
});
`;

interface ScanWorker {
  worker: Worker;
  busy: boolean;
  idle?: NodeJS.Timeout;
}

/**
 * SQLite reads that scan a table, run in worker threads: better-sqlite3 is synchronous, and a search reading a
 * million rows would hold the event loop (every other call, /api/health) for the whole scan. The workers stay
 * (a thread and a connection take tens of milliseconds to open) until idle for a few seconds.
 */
export class ScanWorkers {
  private readonly workers: ScanWorker[] = [];
  private readonly queue: { query: CompiledQuery; resolve: (rows: Record<string, unknown>[]) => void; reject: (err: unknown) => void }[] = [];
  private nextId = 0;

  constructor(
    private readonly file: string,
    private readonly size = SCANS_PER_TABLE,
    private readonly idleMs = 5000,
  ) {}

  run(query: CompiledQuery): Promise<Record<string, unknown>[]> {
    return new Promise((resolve, reject) => {
      this.queue.push({ query, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (this.queue.length > 0) {
      let w = this.workers.find((x) => !x.busy);
      if (!w && this.workers.length < this.size) w = this.open();
      if (!w) return;
      const job = this.queue.shift()!;
      this.send(w, job);
    }
  }

  private open(): ScanWorker {
    const worker = new Worker(SCAN_WORKER_SOURCE, { eval: true, workerData: { driverPath, file: this.file } });
    worker.unref();
    const w: ScanWorker = { worker, busy: false };
    this.workers.push(w);
    const gone = () => {
      const k = this.workers.indexOf(w);
      if (k >= 0) this.workers.splice(k, 1);
    };
    worker.once('exit', gone);
    worker.once('error', gone);
    return w;
  }

  private send(w: ScanWorker, job: (typeof this.queue)[number]): void {
    w.busy = true;
    if (w.idle) clearTimeout(w.idle);
    const id = ++this.nextId;
    const done = () => {
      w.worker.off('message', onMessage);
      w.worker.off('error', onError);
      w.busy = false;
      w.idle = setTimeout(() => void w.worker.terminate(), this.idleMs);
      w.idle.unref();
      this.pump();
    };
    const onMessage = (m: { id: number; rows?: Record<string, unknown>[]; error?: string }) => {
      if (m.id !== id) return;
      done();
      if (m.error !== undefined) job.reject(new Error(m.error));
      else job.resolve(m.rows!);
    };
    const onError = (err: unknown) => {
      done();
      job.reject(err);
    };
    w.worker.on('message', onMessage);
    w.worker.once('error', onError);
    w.worker.postMessage({ id, sql: job.query.sql, parameters: job.query.parameters });
  }
}
