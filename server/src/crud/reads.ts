import { type CompiledQuery, sql } from 'kysely';
import type { AnyDb } from '../db/connection.ts';
import { allowedTable, type Caller } from '../access/index.ts';
import type { SourceEngine } from '../datasources/engines.ts';
import { dataFailureOf } from '../datasources/driverErrors.ts';
import { ApiError, badRequest } from '../http/errors.ts';
import { LOCAL_SOURCE, type TableRegistry } from '../schema/registry.ts';
import type { RegisteredColumn, RegisteredTable } from '../schema/types.ts';
import { CountCache, type CountCacheOptions } from './countCache.ts';
import { CreatorNames } from './creatorNames.ts';
import { SearchIndexes } from '../search/indexes.ts';
import { ScanGate } from '../search/scanGate.ts';
import { SearchUpkeep } from '../search/upkeep.ts';
import { PageStatements } from './pageStatements.ts';
import { SearchReads } from './searchReads.ts';
import { HookRegistry } from '../hooks/tableHooks.ts';
import { sortedIdsInWorker } from './sortedIds.ts';
import { WholeTableReads } from './wholeTableReads.ts';
import { parseSort, type SortTerm } from './sort.ts';
import { toAnswerRow } from './values.ts';
import { addRowVersions } from './versions.ts';
import { rowScope } from './rowScope.ts';
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

/** A list query once checked: what readPage, countRows and selectChunks read. */
export interface SelectPlan {
  table: RegisteredTable;
  page: number;
  row: number;
  conditions: Condition[];
  sort: SortTerm[];
  /** the parent column named by `_hasChildren`: each row is answered with `hasChildren` */
  parentColumn?: RegisteredColumn;
  /** the caller's rows (a grant's row filter, crud/rowScope.ts), also part of `conditions`: children are counted among them */
  scope?: Condition[];
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
 * naming the column (datasources/driverErrors.ts); any other error is answered as it is (a fault of the server stays a 500).
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
    c.op === 'anyOf'
      ? []
      : Array.isArray(c.value)
        ? c.value.map((v): [string, unknown] => [c.column.name, v])
        : [[c.column.name, c.value] as [string, unknown]],
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
  /** which searchable columns have an index (search/indexes.ts) */
  readonly searchIndexes: SearchIndexes;
  /** SQLite: indexes the rows inserted above a table's mark after the commit (search/upkeep.ts) */
  readonly searchUpkeep: SearchUpkeep;
  /** searches that read every row: a few per table at a time */
  readonly scans = new ScanGate();
  /**
   * How reads find rows (the search benchmark turns both off to measure plain LIKE and OFFSET): `indexedSearch`,
   * contains-searches through the FTS5 table on SQLite; `deferredJoinFrom`, a page this far from the start reads
   * its keys first (index only) and then only its own rows.
   */
  readonly reading = { indexedSearch: true, deferredJoinFrom: 1000 };
  /** how the plans' text searches are read (crud/searchReads.ts) */
  private readonly searches: SearchReads;
  /** the creators' names of the answered rows (crud/creatorNames.ts) */
  private readonly creatorNames: CreatorNames;
  /** the page statements of list calls (crud/pageStatements.ts) */
  private readonly pages: PageStatements;

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
    this.creatorNames = new CreatorNames(readDb, this.counts);
    this.searches = new SearchReads({
      searchIndexes: this.searchIndexes,
      searchUpkeep: this.searchUpkeep,
      counts: this.counts,
      scans: this.scans,
      wholeReads: new WholeTableReads(readDb),
      reading: this.reading,
      databaseFile: () => this.databaseFile(),
    });
    this.pages = new PageStatements(this.reading, (plan, target) => this.searches.candidatesFirst(plan, target));
  }

  /** The connection a table's rows live on: the local database, or its data source's pool. */
  target(table: RegisteredTable): Promise<Target> {
    // the local one made once, as a settled promise: no object and no promise per call (a list call asks twice)
    if (table.source === LOCAL_SOURCE || !this.sources)
      return (this.localTarget ??= Promise.resolve(Object.freeze({ db: this.db, readDb: this.readDb, engine: this.engine, local: true })));
    return this.sources.get(table.source);
  }

  private localTarget?: Promise<Target>;

  /** Checks a list query: every refusal (bad flag, page, row, wheres, sort, `_hasChildren`, access) happens here, before any SQL. */
  planSelect(query: SelectQuery, caller: Caller | undefined): SelectPlan {
    // access first: a table or column the caller may not see is 403 whether it exists or not (names cannot be probed)
    const table = allowedTable(this.registry, caller, query._flag, 'view');
    const page = positiveInt(query.page, 'page', 1, 1_000_000);
    const row = positiveInt(query.row, 'row', 20, MAX_ROWS_PER_PAGE);
    // the caller's own rows only (a grant's row filter: crud/rowScope.ts), in every read a plan makes
    const scope = rowScope(caller, table, this.registry);
    const conditions = [...parseWheres(query.wheres, table, this.registry), ...(scope ?? [])];
    const sort = parseSort(query.sort, query.sortType, table, this.registry);
    let parentColumn: RegisteredColumn | undefined;
    if (query._hasChildren !== undefined && query._hasChildren !== '') {
      parentColumn = this.registry.column(table, String(query._hasChildren));
      if (parentColumn.references !== table.flag) throw badRequest('badParam', { name: '_hasChildren', reason: `${parentColumn.name} is not a parent column` });
    }
    return { table, page, row, conditions, sort, parentColumn, ...(scope && parentColumn ? { scope } : {}) };
  }

  async select(query: SelectQuery, caller: Caller | undefined) {
    const plan = this.planSelect(query, caller);
    // a search reading a bulk load's range not yet indexed: the total first, whose statement reads the page too
    if (await this.onePass(plan)) {
      const total = await this.countRows(plan);
      return { rows: await this.readPage(plan), total };
    }
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
    const scan = await this.searches.prepare(plan, target);
    const onePass = await this.onePass(plan);
    const count = async () => {
      if (onePass) {
        // the page comes with the total (crud/searchReads.ts onePassRead): readPage takes it, once
        const read = await this.searches.onePassRead(plan, target);
        this.onePassReads++;
        this.onePassPages.set(plan, read.rows);
        return read.total;
      }
      const query = target.readDb
        .selectFrom(table.table)
        .select((eb) => eb.fn.countAll().as('total'))
        .where((eb: any) => whereExpression(eb, plan.conditions, table.softDelete, target.engine));
      if (!scan && !this.searches.offMainThread(plan, target)) return Number((await query.executeTakeFirstOrThrow()).total);
      // a count that reads every row of a large SQLite table: in parts, one per scan worker. Not a count of an index's
      // candidates: each part would gather every candidate again (measured: two halves 85-95 ms, one count 80 ms)
      const parts = scan ? await this.searches.rowidParts(table, target) : [[undefined, undefined] as const];
      const totals = await Promise.all(
        parts.map(([from, to]) =>
          this.searches.scanned(table, target, from === undefined ? query : query.where(sql.raw('rowid'), '>=', from).where(sql.raw('rowid'), '<=', to!)),
        ),
      );
      return totals.reduce((sum, rows) => sum + Number(rows[0]!.total), 0);
    };
    try {
      const total = await this.countWith(target, table, plan, count);
      this.pageTotals.set(plan, total);
      return total;
    } catch (err) {
      throw asDataFailure(err, table, touchedBy(plan));
    }
  }

  /**
   * Whether the plan's total and page are read in one statement (a search reading a bulk load's range with its `like`,
   * crud/searchReads.ts `readsRange`): a page small enough to be answered whole (larger ones are read in chunks).
   */
  private async onePass(plan: SelectPlan): Promise<boolean> {
    if (plan.row > this.streaming.above) return false;
    await this.searches.prepare(plan, await this.target(plan.table));
    return this.searches.readsRange(plan);
  }

  /** totals read with their page in one statement (onePass): the tests read it to tell that way from the other */
  onePassReads = 0;

  /** Pages read with their plan's total (onePass), until readPage takes them. */
  private readonly onePassPages = new WeakMap<SelectPlan, Record<string, unknown>[]>();

  private countWith(target: Target, table: RegisteredTable, plan: SelectPlan, count: () => Promise<number>): Promise<number> {
    // another source's tables have writers that bump no version here: always counted
    if (!target.local) return count();
    return this.counts.total(table.table, conditionsKey(plan.conditions), count);
  }

  /** Each plan's total (countRows), until readPage takes it to read a page past the middle from the end (fromEnd). */
  private readonly pageTotals = new WeakMap<SelectPlan, number>();

  /** page statements Kysely has compiled (the tests read it to tell a kept statement from a new one) */
  get compiledPages(): number {
    return this.pages.compiledPages;
  }

  /** The statement readPage runs for a plan with the list's total (tests read its plan with EXPLAIN). */
  async pageStatementOf(plan: SelectPlan, total?: number): Promise<CompiledQuery> {
    return this.pages.statementOf(plan, await this.target(plan.table), total);
  }

  /** pages read from the end of their order (PageStatements.fromEnd): the tests read it to tell that way from the other */
  get fromEndReads(): number {
    return this.pages.fromEndReads;
  }

  /** The plan's page in one read, as answer rows: for small pages (large ones go through selectChunks). */
  async readPage(plan: SelectPlan): Promise<Record<string, unknown>[]> {
    const target = await this.target(plan.table);
    const read = this.onePassPages.get(plan);
    if (read) {
      // read with the total a moment ago, in the same statement (onePass)
      this.onePassPages.delete(plan);
      return this.answerRows(plan, read, target);
    }
    const total = this.pageTotals.get(plan);
    this.pageTotals.delete(plan);
    let rows: Record<string, unknown>[];
    try {
      const scan = await this.searches.prepare(plan, target);
      const fromEnd = this.pages.fromEnd(plan, total);
      // only PostgreSQL walks a plan (searchReads.walkedPlan answers any other engine's plan as it is): no await elsewhere
      const query = fromEnd
        ? this.pages.statement(fromEnd.plan, target, fromEnd.offset)
        : this.pages.statement(target.engine === 'postgres' ? await this.searches.walkedPlan(plan, target) : plan, target);
      rows = scan || (await this.searches.pageOffMainThread(plan, target)) ? await this.searches.scanned(plan.table, target, query) : await query.execute();
      if (fromEnd) rows = rows.slice(0, fromEnd.keep).reverse();
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
    await this.searches.prepare(plan, target);
    const offset = (plan.page - 1) * plan.row;
    if (plan.sort[0]!.column === key) {
      const ascending = plan.sort[0]!.direction === 'asc';
      let left = plan.row;
      let lastId: unknown;
      while (left > 0) {
        const limit = Math.min(chunkRows, left);
        let query = this.pages.rowsQuery(plan, target).limit(limit);
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
    if (plan.parentColumn) await this.markParents(plan.table, plan.parentColumn, answered, target, plan.scope);
    await this.nameCreators(plan.table, answered);
    return answered;
  }

  /** Each row's creator (a `creator` column: createdBy) by name too, as `<column>Name` (crud/creatorNames.ts). */
  protected nameCreators(table: RegisteredTable, rows: Record<string, unknown>[]): Promise<void> {
    return this.creatorNames.name(table, rows);
  }

  /** reads of accounts' names the creators' naming has sent (the tests read it to tell kept names from read ones) */
  get accountReads(): number {
    return this.creatorNames.reads;
  }

  /**
   * Sets `hasChildren` on each row: whether live rows of the same table name it in `column` (lazy trees), among the
   * caller's rows (`scope`): a child outside them is neither listed nor told of.
   */
  private async markParents(table: RegisteredTable, column: RegisteredColumn, rows: Record<string, unknown>[], target: Target, scope: Condition[] = []) {
    const key = table.primaryKey;
    const ids = rows.map((r) => r[key]);
    if (ids.length === 0) return;
    const parents = new Set<string>();
    for (let i = 0; i < ids.length; i += 1000) {
      const found = await target.readDb
        .selectFrom(table.table)
        .select(column.name)
        .distinct()
        .where((eb: any) => whereExpression(eb, scope, table.softDelete, target.engine))
        .where(column.name, 'in', ids.slice(i, i + 1000))
        .execute();
      for (const f of found) parents.add(String(f[column.name]));
    }
    for (const r of rows) r.hasChildren = parents.has(String(r[key]));
  }
}
