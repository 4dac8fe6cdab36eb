import { sql } from 'kysely';
import type { AnyDb } from '../db/connection.ts';
import type { SourceEngine } from '../datasources/engines.ts';
// PostgreSQL: the side table carrying the trigram indexes and the queue of ids written since it caught up
import { pendingTable, sideTable } from '../db/migrations/0010_search_side.ts';
import { gramColumnsOf } from './grams.ts';
import { ftsTable } from './sqliteFts.ts';

/*
 * Indexed keyword search (issue 21, docs/search.md). A contains-search (`like`, and startsWith/endsWith) keeps its
 * `like` semantics on every engine; what changes is how the rows are found:
 * - SQLite: the FTS5 trigram table `<table>__search` (migration 0007) gives the candidate rowids of a search of 3
 *   characters or more; the `like` of the base row decides, so the answer is exactly today's.
 * - PostgreSQL: the pg_trgm GIN index of the side table `sys_search__<table>` (migration 0010) gives the candidate ids
 *   of a search with a trigram, with the ids queued since it caught up (SearchUpkeep); the base row's `ilike` decides.
 *   A table with its own trigram index (a runtime table with a long name, an index added by hand): the same `ilike`,
 *   which the planner answers from it.
 * - MySQL/MariaDB: the grams table `sys_searchg__<table>` (migration 0012, search/grams.ts) gives the ids having
 *   the search's trigrams (one or two characters: a gram starting with it), with the ids queued since it caught up.
 * - While a queue holds a scan's worth of ids (rows loaded from outside), a search shorter than a trigram (SQLite,
 *   PostgreSQL), or a column without an index: a scan, which holds at most
 *   SCANS_PER_TABLE connections per table (ScanGate), and on SQLite runs in a worker thread, off the event loop.
 *
 * This folder is the engine: which columns have an index (this file), keeping the indexes caught up (upkeep.ts, per
 * engine sqliteFts.ts with ftsWorker.ts, pgSide.ts, grams.ts), bounding scans (scanGate.ts, scanWorkers.ts). How a list read uses them
 * is crud/searchReads.ts.
 */

/** Characters, not UTF-16 units: a trigram is three characters (𠀀 is one). */
export const charCount = (text: string) => [...text].length;

/** Shortest search an index of three-character grams can answer. */
export const TRIGRAM = 3;

/** Whether a condition is a contains-search (`like`, startsWith, endsWith). */
export const isTextSearch = (c: { op: string }) => c.op === 'like' || c.op === 'startsWith' || c.op === 'endsWith';

export interface Logger {
  warn(obj: unknown, msg?: string): void;
}

/** The table's row count as the planner last estimated it (PostgreSQL: pg_class.reltuples; MySQL: table_rows). */
export async function estimateOf(db: AnyDb, engine: SourceEngine, table: string): Promise<number> {
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
  static ftsTable = ftsTable;

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
