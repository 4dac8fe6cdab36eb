import { type CompiledQuery, sql } from 'kysely';
import type { AnyDb } from '../db/connection.ts';
import { allowedTable, type Caller } from '../access/index.ts';
import type { SourceEngine } from '../datasources/engines.ts';
import { dataFailureOf } from '../datasources/failures.ts';
import { ApiError, badRequest } from '../http/errors.ts';
import { LOCAL_SOURCE, type TableRegistry } from '../schema/registry.ts';
import type { RegisteredColumn, RegisteredTable } from '../schema/types.ts';
import { CountCache, type CountCacheOptions } from './countCache.ts';
import { sideTable } from '../db/migrations/0010_search_side.ts';
import { charCount, isTextSearch, SCANS_PER_TABLE, ScanGate, ScanWorkers, SearchIndexes, SearchUpkeep, TRIGRAM } from './search.ts';
import { HookRegistry } from '../hooks/tableHooks.ts';
import { sortedIdsInWorker } from './sortedIds.ts';
import { parseSort, type SortTerm } from './sort.ts';
import { toAnswerRow } from './values.ts';
import { addRowVersions } from './versions.ts';
import { type Condition, conditionsKey, parseWheres, whereExpression } from './wheres.ts';

/** Where a table's rows live: the local database or one of the operators' data sources. */
export interface Target {
  db: AnyDb;
  /** list reads (on the local SQLite database a second, read-only connection) */
  readDb: AnyDb;
  engine: SourceEngine;
  local: boolean;
}

/** The data sources the service asks for a table's connection, per call (server/src/datasources). */
export interface SourceLookup {
  get(sourceId: number): Promise<Target>;
}

export interface SelectQuery {
  _flag?: unknown;
  page?: unknown;
  row?: unknown;
  wheres?: unknown;
  sort?: unknown;
  sortType?: unknown;
  /** a parent column of the same table (parentId): each row is answered with `hasChildren` */
  _hasChildren?: unknown;
}

export const MAX_ROWS_PER_PAGE = 100_000;

/** A common search's page walks the key order when it should reach its rows within about this many rows (crud/search.ts). */
const WALK_ROWS = 20_000;
/** SQLite: a scanning count of a table whose rowids span this many or more is read in parts, one per scan worker. */
const SPLIT_COUNT_FROM = 200_000;
/** PostgreSQL: a search with at least this many hits (and one row in a hundred) reads the table rather than its hits. */
const COMMON_HITS = 5_000;

/** A list query once checked: what readPage, countRows and selectChunks read. */
export interface SelectPlan {
  table: RegisteredTable;
  page: number;
  row: number;
  conditions: Condition[];
  sort: SortTerm[];
  /** the parent column named by `_hasChildren`: each row is answered with `hasChildren` */
  parentColumn?: RegisteredColumn;
  /** false: rows are answered without `_version` (an export, which nobody saves back) */
  versions?: boolean;
}

export interface StreamingOptions {
  /** a page expected to hold more rows than this is read in chunks and written as a stream */
  above: number;
  /** rows per chunk: on SQLite one chunk's read blocks the event loop, so a few milliseconds' worth */
  chunkRows: number;
}

/**
 * An engine's refusal of what a request sent (a uuid that is not one, smallint 100000, a duplicate key…) as the 400
 * naming the column (datasources/failures.ts); any other error is answered as it is (a fault of the server stays a 500).
 * `touched`: the columns and values the statement was built from.
 */
export function asDataFailure(err: unknown, table: RegisteredTable, touched: [string, unknown][]): unknown {
  if (err instanceof ApiError) return err;
  const column = (name: string) => table.columns.get(name);
  return dataFailureOf(err, { columns: [...table.columns.keys()], touched, nativeOf: (name) => column(name)?.native ?? column(name)?.type }) ?? err;
}

/** The columns and values of a list query's conditions, for asDataFailure. */
export function touchedBy(plan: Pick<SelectPlan, 'conditions'>): [string, unknown][] {
  return plan.conditions.flatMap((c) =>
    Array.isArray(c.value) ? c.value.map((v): [string, unknown] => [c.column.name, v]) : [[c.column.name, c.value] as [string, unknown]],
  );
}

/** Lets the event loop answer other calls: a SQLite read runs synchronously, so large reads take turns. */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

export function positiveInt(raw: unknown, name: string, fallback: number, max: number): number {
  if (raw === undefined || raw === '') return fallback;
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d+$/.test(raw.trim()) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(n) || n < 1 || n > max) throw badRequest('badParam', { name, reason: `1 to ${max}` });
  return n;
}

/** The reading half of the generic service: list queries, counts, streamed pages, tree markers. */
export class CrudReads {
  readonly counts: CountCache;
  /** rules of single tables that every write path runs (server/src/hooks/tableHooks.ts) */
  readonly hooks = new HookRegistry();
  /** set once the data sources are built; without it every table is read from the local database */
  sources?: SourceLookup;
  /** which searchable columns have an index (crud/search.ts) */
  readonly searchIndexes: SearchIndexes;
  /** SQLite: indexes the rows inserted above a table's mark after the commit (crud/search.ts) */
  readonly searchUpkeep: SearchUpkeep;
  /** searches that read every row: a few per table at a time */
  readonly scans = new ScanGate();
  /**
   * How reads find rows (the search benchmark turns both off to measure plain LIKE and OFFSET): `indexedSearch`,
   * contains-searches through the FTS5 table on SQLite; `deferredJoinFrom`, a page this far from the start reads
   * its keys first (index only) and then only its own rows.
   */
  readonly reading = { indexedSearch: true, deferredJoinFrom: 1000 };

  constructor(
    readonly db: AnyDb,
    readonly engine: SourceEngine,
    readonly registry: TableRegistry,
    /** totals kept under the tables' row versions (crud/countCache.ts); false: every call counts */
    countCache: CountCacheOptions | false = {},
    /** list reads (see Connection.readDb); writes and their checks always use `db` */
    readonly readDb: AnyDb = db,
    /** how large pages are read and answered (tests lower the threshold to stream small data) */
    readonly streaming: StreamingOptions = { above: 2000, chunkRows: 500 },
  ) {
    this.counts = new CountCache(readDb, engine, countCache);
    this.searchIndexes = new SearchIndexes(readDb, engine);
    this.searchUpkeep = new SearchUpkeep(db, engine);
  }

  /** The connection a table's rows live on: the local database, or its data source's pool. */
  async target(table: RegisteredTable): Promise<Target> {
    if (table.source === LOCAL_SOURCE || !this.sources) return { db: this.db, readDb: this.readDb, engine: this.engine, local: true };
    return this.sources.get(table.source);
  }

  /** Checks a list query: every refusal (bad flag, page, row, wheres, sort, `_hasChildren`, access) happens here, before any SQL. */
  planSelect(query: SelectQuery, caller: Caller | undefined): SelectPlan {
    // access first: a table or column the caller may not see is 403 whether it exists or not (names cannot be probed)
    const table = allowedTable(this.registry, caller, query._flag, 'view');
    const page = positiveInt(query.page, 'page', 1, 1_000_000);
    const row = positiveInt(query.row, 'row', 20, MAX_ROWS_PER_PAGE);
    const conditions = parseWheres(query.wheres, table, this.registry);
    const sort = parseSort(query.sort, query.sortType, table, this.registry);
    let parentColumn: RegisteredColumn | undefined;
    if (query._hasChildren !== undefined && query._hasChildren !== '') {
      parentColumn = this.registry.column(table, String(query._hasChildren));
      if (parentColumn.references !== table.flag) throw badRequest('badParam', { name: '_hasChildren', reason: `${parentColumn.name} is not a parent column` });
    }
    return { table, page, row, conditions, sort, parentColumn };
  }

  async select(query: SelectQuery, caller: Caller | undefined) {
    const plan = this.planSelect(query, caller);
    // both at once: on a server database (PostgreSQL, MySQL) the page and the total are two round trips, not in series
    const [rows, total] = await Promise.all([this.readPage(plan), this.countRows(plan)]);
    return { rows, total };
  }

  /**
   * The exact number of rows the plan's conditions match (all pages). A local table's total is kept
   * under its row version (crud/countCache.ts), so a write through any instance is seen at once.
   */
  async countRows(plan: SelectPlan): Promise<number> {
    const { table } = plan;
    const target = await this.target(table);
    const scan = await this.prepareSearch(plan, target);
    const count = async () => {
      const query = target.readDb
        .selectFrom(table.table)
        .select((eb) => eb.fn.countAll().as('total'))
        .where((eb: any) => whereExpression(eb, plan.conditions, table.softDelete, target.engine));
      if (!scan && !this.offMainThread(plan, target)) return Number((await query.executeTakeFirstOrThrow()).total);
      // a count that reads every row of a large SQLite table: in parts, one per scan worker. Not a count of an index's
      // candidates: each part would gather every candidate again (measured: two halves 85-95 ms, one count 80 ms)
      const parts = scan ? await this.rowidParts(table, target) : [[undefined, undefined] as const];
      const totals = await Promise.all(
        parts.map(([from, to]) =>
          this.scanned(table, target, from === undefined ? query : query.where(sql.raw('rowid'), '>=', from).where(sql.raw('rowid'), '<=', to!)),
        ),
      );
      return totals.reduce((sum, rows) => sum + Number(rows[0]!.total), 0);
    };
    try {
      return await this.countWith(target, table, plan, count);
    } catch (err) {
      throw asDataFailure(err, table, touchedBy(plan));
    }
  }

  private countWith(target: Target, table: RegisteredTable, plan: SelectPlan, count: () => Promise<number>): Promise<number> {
    // another source's tables have writers that bump no version here: always counted
    if (!target.local) return count();
    return this.counts.total(table.table, conditionsKey(plan.conditions), count);
  }

  private rowsQuery(plan: SelectPlan, target: Target) {
    const { table } = plan;
    let query = target.readDb
      .selectFrom(table.table)
      .select(table.selectable)
      .where((eb: any) => whereExpression(eb, plan.conditions, table.softDelete, target.engine));
    for (const s of plan.sort) query = query.orderBy(s.column, s.direction);
    return query;
  }

  /**
   * Marks the plan's text searches an index can answer (SQLite: the FTS5 table, set on the condition; PostgreSQL:
   * the side table of migration 0010, set on the condition, or a trigram index of the table itself, which the planner
   * picks by itself), once per plan. True when some search reads every row instead.
   */
  private prepareSearch(plan: SelectPlan, target: Target): Promise<boolean> {
    let prepared = this.preparedSearches.get(plan);
    if (!prepared) {
      prepared = this.searchesScan(plan, target);
      this.preparedSearches.set(plan, prepared);
    }
    return prepared;
  }

  private readonly preparedSearches = new WeakMap<SelectPlan, Promise<boolean>>();
  private scanWorkers?: ScanWorkers;

  private async searchesScan(plan: SelectPlan, target: Target): Promise<boolean> {
    const searches = plan.conditions.filter(isTextSearch);
    // off: every search is today's plain `like`, read like any other (the benchmark's "before")
    if (searches.length === 0 || !this.reading.indexedSearch) return false;
    const engine = target.engine;
    const indexed = target.local && (engine === 'sqlite' || engine === 'postgres') ? await this.searchIndexes.columns(plan.table.table) : new Set<string>();
    let scan = false;
    for (const c of searches) {
      const text = String(c.value);
      if (!indexed.has(c.column.name)) scan = true;
      else if (engine === 'sqlite') {
        // every character is part of a trigram in FTS5; shorter searches read the rows
        if (charCount(text) >= TRIGRAM) c.fts = SearchIndexes.ftsTable(plan.table.table);
        else scan = true;
      } else if (!/[\p{L}\p{N}]{3}/u.test(text)) {
        // pg_trgm makes trigrams of the letters and digits of words only: a search without three in a row gets none
        scan = true;
      } else if ((await this.searchIndexes.sideColumns(plan.table.table)).has(c.column.name)) {
        // the trigram index is on the side table (migration 0010): its hits plus the ids written since it caught up
        c.side = sideTable(plan.table.table);
        this.searchUpkeep.noticed(plan.table.table);
        if (await this.commonOnSide(plan, c, target)) {
          // so many hits that reading them one by one costs more than reading every row (in parallel, bounded)
          c.side = undefined;
          scan = true;
        }
      }
    }
    return scan;
  }

  /**
   * PostgreSQL, a search through a side table: whether it is common (one row in a hundred or more, at least
   * COMMON_HITS). Its candidates are looked up one by one by key (~1.5 µs each, with the heap's recheck), a scan of
   * the table compares every row (~0.1 µs each, with parallel workers): 125,000 hits of 1,000,000 rows are 190 ms one
   * way and 90 ms the other. Known from the count cache's last total when there is one, else read: the first hits of
   * the side table's index, up to the threshold (~10 ms for a common search, ~1 ms for a rare one).
   */
  private async commonOnSide(plan: SelectPlan, c: Condition, target: Target): Promise<boolean> {
    const rows = await this.searchIndexes.rowsEstimate(plan.table.table);
    const threshold = Math.max(COMMON_HITS, Math.round(rows / 100));
    const known = this.counts.hint(plan.table.table, conditionsKey(plan.conditions));
    if (known !== undefined) return known >= threshold;
    const hits = target.readDb
      .selectFrom(`${c.side!} as qb_s`)
      .select(sql`1`.as('one'))
      .where((eb: any) => whereExpression(eb, [{ ...c, side: undefined }], false, target.engine))
      .limit(threshold);
    const found = await target.readDb
      .selectFrom(hits.as('qb_hits'))
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    return Number(found.n) >= threshold;
  }

  /**
   * The rowid ranges a scanning count of a local SQLite table is read in, one per scan worker (SCANS_PER_TABLE), so
   * that both cores count: 1,000,000 rows in two halves take 60 ms rather than 115. A small table, or another
   * engine (PostgreSQL reads a large table with parallel workers of its own), is one part.
   */
  private async rowidParts(table: RegisteredTable, target: Target): Promise<[number | undefined, number | undefined][]> {
    if (!target.local || target.engine !== 'sqlite') return [[undefined, undefined]];
    // one subquery each: SQLite reads min() or max() alone from the key's b-tree, both in one select by a scan
    const ends = await sql<{
      lo: number | null;
      hi: number | null;
    }>`select (select min(rowid) from ${sql.table(table.table)}) as lo, (select max(rowid) from ${sql.table(table.table)}) as hi`.execute(target.readDb);
    const lo = Number(ends.rows[0]?.lo ?? 0);
    const hi = Number(ends.rows[0]?.hi ?? 0);
    if (hi - lo < SPLIT_COUNT_FROM) return [[undefined, undefined]];
    const step = Math.ceil((hi - lo + 1) / SCANS_PER_TABLE);
    return Array.from({ length: SCANS_PER_TABLE }, (_, k) => [lo + k * step, Math.min(hi, lo + (k + 1) * step - 1)]);
  }

  /**
   * Whether an indexed search's reads go to the scan workers too: on the local SQLite file, a search through the FTS5
   * index reads its candidates synchronously, and a common one (信号传输, one row in eight of a million) has 125,000
   * of them to test — about 0.3 s that would hold the event loop (every other call, /api/health).
   */
  private offMainThread(plan: SelectPlan, target: Target): boolean {
    return target.local && target.engine === 'sqlite' && plan.conditions.some((c) => c.fts);
  }

  /**
   * A read that scans the table: it waits for one of the table's few scan slots, and on the local SQLite file runs
   * in a worker thread (a million rows read on the event loop would hold every other call).
   */
  private async scanned(
    table: RegisteredTable,
    target: Target,
    query: { compile(): CompiledQuery; execute(): Promise<unknown[]> },
  ): Promise<Record<string, unknown>[]> {
    return this.scans.run(`${table.source}:${table.table}`, async () => {
      const file = target.local && target.engine === 'sqlite' ? await this.databaseFile() : undefined;
      if (file) return (this.scanWorkers ??= new ScanWorkers(file)).run(query.compile());
      return (await query.execute()) as Record<string, unknown>[];
    });
  }

  /**
   * The plan's page. Far from the start it is a deferred join: the page's keys are read first (from an index alone
   * where the engine has one: (isdelete, id), migration 0007), then only the page's rows, not every row before them.
   */
  private pageQuery(plan: SelectPlan, target: Target) {
    const offset = (plan.page - 1) * plan.row;
    const deferred = offset >= this.reading.deferredJoinFrom && (target.engine === 'sqlite' || target.engine === 'postgres' || target.engine === 'mysql');
    if (!deferred) return this.rowsQuery(plan, target).limit(plan.row).offset(offset);
    const { table } = plan;
    const key = table.primaryKey;
    let keys = target.readDb
      .selectFrom(table.table)
      .select(key)
      .where((eb: any) => whereExpression(eb, plan.conditions, table.softDelete, target.engine));
    for (const s of plan.sort) keys = keys.orderBy(s.column, s.direction);
    let query = target.readDb
      .selectFrom(table.table)
      .innerJoin(keys.limit(plan.row).offset(offset).as('qb_page'), `qb_page.${key}`, `${table.table}.${key}`)
      .select(table.selectable.map((c) => `${table.table}.${c}`));
    for (const s of plan.sort) query = query.orderBy(`${table.table}.${s.column}`, s.direction);
    return query;
  }

  /**
   * PostgreSQL, a search through a side table (migration 0010) whose page is in key order: when the search is known
   * to be common (its last total, a hint only), walking the key order and testing each row's `ilike` reaches the page
   * after (offset + rows) x table rows / total rows, fewer than reading every candidate of the side table (125,000
   * for a search matching one row in eight of 1,000,000). Both ways give the same rows: the choice is only speed.
   */
  private async walkedPlan(plan: SelectPlan, target: Target): Promise<SelectPlan> {
    if (target.engine !== 'postgres' || !plan.conditions.some((c) => c.side) || plan.sort[0]?.column !== plan.table.primaryKey) return plan;
    const total = this.counts.hint(plan.table.table, conditionsKey(plan.conditions));
    if (!total) return plan;
    const rows = await this.searchIndexes.rowsEstimate(plan.table.table);
    // never analyzed: no estimate, the candidates
    if (!rows || (plan.page * plan.row * rows) / total > WALK_ROWS) return plan;
    return { ...plan, conditions: plan.conditions.map((c) => (c.side ? { ...c, side: undefined } : c)) };
  }

  /** The plan's page in one read, as answer rows: for small pages (large ones go through selectChunks). */
  async readPage(plan: SelectPlan): Promise<Record<string, unknown>[]> {
    const target = await this.target(plan.table);
    let rows: Record<string, unknown>[];
    try {
      const scan = await this.prepareSearch(plan, target);
      const query = this.pageQuery(await this.walkedPlan(plan, target), target);
      rows = scan || this.offMainThread(plan, target) ? await this.scanned(plan.table, target, query) : await query.execute();
    } catch (err) {
      throw asDataFailure(err, plan.table, touchedBy(plan));
    }
    return this.answerRows(plan, rows, target);
  }

  /**
   * The plan's page as answer rows, `chunkRows` at a time; the caller pulls the next chunk when it has
   * room for it, and stopping the iteration stops the reads. In id order each chunk continues after the
   * last id read (a primary-key range). In any other order the page's ids are read first, in that order
   * (one sort, however the table is indexed), then the rows by id, chunk by chunk. Either way a row
   * written meanwhile neither repeats nor pushes another row out of the page.
   */
  async *selectChunks(plan: SelectPlan, chunkRows = this.streaming.chunkRows): AsyncGenerator<Record<string, unknown>[]> {
    try {
      yield* this.chunksOf(plan, chunkRows);
    } catch (err) {
      throw asDataFailure(err, plan.table, touchedBy(plan));
    }
  }

  private async *chunksOf(plan: SelectPlan, chunkRows: number): AsyncGenerator<Record<string, unknown>[]> {
    const { table } = plan;
    const key = table.primaryKey;
    const target = await this.target(table);
    await this.prepareSearch(plan, target);
    const offset = (plan.page - 1) * plan.row;
    if (plan.sort[0]!.column === key) {
      const ascending = plan.sort[0]!.direction === 'asc';
      let left = plan.row;
      let lastId: unknown;
      while (left > 0) {
        const limit = Math.min(chunkRows, left);
        let query = this.rowsQuery(plan, target).limit(limit);
        if (lastId !== undefined) query = query.where(key, ascending ? '>' : '<', lastId);
        else if (offset > 0) query = query.offset(offset);
        const rows = await query.execute();
        if (rows.length === 0) return;
        lastId = rows[rows.length - 1]![key];
        left -= rows.length;
        yield await this.answerRows(plan, rows, target);
        if (rows.length < limit) return;
        await nextTurn();
      }
      return;
    }
    let idsQuery = target.readDb
      .selectFrom(table.table)
      .select(key)
      .where((eb: any) => whereExpression(eb, plan.conditions, table.softDelete, target.engine));
    for (const s of plan.sort) idsQuery = idsQuery.orderBy(s.column, s.direction);
    idsQuery = idsQuery.limit(plan.row).offset(offset);
    // on the local SQLite database the sort would run on the event loop: a worker thread with its own read-only connection runs it (numeric keys)
    const numericKey = table.columns.get(key)?.type === 'int';
    const file = target.local && target.engine === 'sqlite' && numericKey ? await this.databaseFile() : undefined;
    const ids: unknown[] = file ? await sortedIdsInWorker(file, idsQuery.compile()) : (await idsQuery.execute()).map((r) => r[key]);
    for (let i = 0; i < ids.length; i += chunkRows) {
      await nextTurn();
      const batch = ids.slice(i, i + chunkRows);
      const rows = await target.readDb
        .selectFrom(table.table)
        .select(table.selectable)
        .where((eb: any) => whereExpression(eb, plan.conditions, table.softDelete, target.engine))
        .where(key, 'in', batch)
        .execute();
      // a row deleted or changed out of the conditions since the ids were read is left out
      const byId = new Map(rows.map((r) => [String(r[key]), r]));
      const ordered = batch.flatMap((id) => byId.get(String(id)) ?? []);
      if (ordered.length > 0) yield await this.answerRows(plan, ordered, target);
    }
  }

  private databaseFileName?: Promise<string | undefined>;

  /** The SQLite database's file, or undefined for an in-memory database (which no other connection can open). */
  private databaseFile(): Promise<string | undefined> {
    this.databaseFileName ??= sql<{ name: string; file: string }>`pragma database_list`
      .execute(this.readDb)
      .then((r) => r.rows.find((d) => d.name === 'main')?.file || undefined);
    return this.databaseFileName;
  }

  private async answerRows(plan: SelectPlan, rows: Record<string, unknown>[], target: Target) {
    const answered = rows.map((r) => toAnswerRow(plan.table, r));
    // each row carries the version of its values: a client that saves back what it read is protected from a lost update
    if (plan.versions !== false) addRowVersions(plan.table, answered);
    if (plan.parentColumn) await this.markParents(plan.table, plan.parentColumn, answered, target);
    return answered;
  }

  /** Sets `hasChildren` on each row: whether live rows of the same table name it in `column` (lazy trees). */
  private async markParents(table: RegisteredTable, column: RegisteredColumn, rows: Record<string, unknown>[], target: Target) {
    const key = table.primaryKey;
    const ids = rows.map((r) => r[key]);
    if (ids.length === 0) return;
    const parents = new Set<string>();
    for (let i = 0; i < ids.length; i += 1000) {
      const found = await target.readDb
        .selectFrom(table.table)
        .select(column.name)
        .distinct()
        .where((eb: any) => whereExpression(eb, [], table.softDelete, target.engine))
        .where(column.name, 'in', ids.slice(i, i + 1000))
        .execute();
      for (const f of found) parents.add(String(f[column.name]));
    }
    for (const r of rows) r.hasChildren = parents.has(String(r[key]));
  }
}
