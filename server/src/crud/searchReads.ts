import { type CompiledQuery, type RawBuilder, sql } from 'kysely';
import { sideTable } from '../db/migrations/0010_search_side.ts';
import type { RegisteredTable } from '../schema/types.ts';
import type { CountCache } from './countCache.ts';
import type { SelectPlan, Target } from './reads.ts';
import { searchGrams } from '../search/gramCut.ts';
import { gramSearch } from '../search/gramSearch.ts';
import { charCount, isTextSearch, SearchIndexes, TRIGRAM } from '../search/indexes.ts';
import { openPartition, queuedAtLeast, queuedBelow } from '../search/pgSide.ts';
import { rowsAboveMarkAtMost } from '../search/sqliteFts.ts';
import { SCANS_PER_TABLE, type ScanGate } from '../search/scanGate.ts';
import { ScanWorkers } from '../search/scanWorkers.ts';
import type { SearchUpkeep } from '../search/upkeep.ts';
import { type Condition, conditionsKey, ftsQuery, gramCandidates, type GramsOf, whereExpression } from './wheres.ts';
import type { WholeTableReads } from './wholeTableReads.ts';

/** A common search's page walks the key order when it should reach its rows within about this many rows (search/). */
const WALK_ROWS = 20_000;
/** SQLite: a scanning count of a table whose rowids span this many or more is read in parts, one per scan worker. */
const SPLIT_COUNT_FROM = 200_000;
/** PostgreSQL: a search with at least this many hits (and one row in a hundred) reads the table rather than its hits. */
const COMMON_HITS = 5_000;
/** PostgreSQL: how long a count of the queued ids below the open partition's bound chooses the plans of searches (searchReads.queuedBelowBound). */
const BELOW_BOUND_MS = 5_000;

const isLocalSqlite = (target: Target) => target.local && target.engine === 'sqlite';

/** What the reads of searches need of the generic reads (crud/reads.ts). */
export interface SearchReadsOf {
  readonly searchIndexes: SearchIndexes;
  readonly searchUpkeep: SearchUpkeep;
  readonly counts: CountCache;
  readonly scans: ScanGate;
  readonly wholeReads: WholeTableReads;
  readonly reading: { indexedSearch: boolean };
  databaseFile(): Promise<string | undefined>;
}

/**
 * How a list read's text searches are read (issue 21, docs/search.md): which go through an index (SQLite's FTS5 table,
 * PostgreSQL's side table) and which read every row; where those reads run (a scan slot of the table, SQLite's scan
 * workers) and in how many parts a count is read; PostgreSQL's common searches read as scans or walked in key order.
 */
export class SearchReads {
  constructor(private readonly reads: SearchReadsOf) {}

  /**
   * Marks the plan's text searches an index can answer (SQLite: the FTS5 table, set on the condition; PostgreSQL:
   * the side table of migration 0010, set on the condition, or a trigram index of the table itself, which the planner
   * picks by itself), once per plan. True when some search reads every row instead.
   */
  prepare(plan: SelectPlan, target: Target): Promise<boolean> {
    let prepared = this.preparedSearches.get(plan);
    if (!prepared) {
      // SQLite: filters that no index narrows read every row too, searches or not
      prepared = this.searchesScan(plan, target).then(async (scan) => scan || (isLocalSqlite(target) && (await this.reads.wholeReads.filtersReadAll(plan))));
      this.preparedSearches.set(plan, prepared);
    }
    return prepared;
  }

  private readonly preparedSearches = new WeakMap<SelectPlan, Promise<boolean>>();
  private scanWorkers?: ScanWorkers;
  /** plans whose searches read a bulk load's range not yet indexed (set by prepare): page and total in one statement */
  private readonly rangePlans = new WeakSet<SelectPlan>();

  /**
   * Whether a prepared plan's searches read the rows of a bulk load not yet indexed with their `like` (PostgreSQL: from
   * the side table's open partition up, `sideFrom`; SQLite: a backlog above the mark of a scan's worth): its page and its
   * total are then best read in one statement (onePassRead), the range read once instead of twice.
   */
  readsRange(plan: SelectPlan): boolean {
    return this.rangePlans.has(plan);
  }

  /**
   * The plan's total and page (raw rows, as the page statement reads them) in one statement: the ids (and sort keys) of
   * every matching row gathered once (`qb_hits`, materialized), counted, and the page's rows read by key from them, in
   * the plan's order. For a search reading a bulk load's range with its `like` (readsRange): the range is the cost, read
   * once here where the page and the total read it once each (issue 30, sixth pass). One snapshot: the page and the total
   * agree. On SQLite in a scan worker, as the indexed search's reads are.
   */
  async onePassRead(plan: SelectPlan, target: Target): Promise<{ total: number; rows: Record<string, unknown>[] }> {
    if (target.engine === 'mysql') return this.onePassWindow(plan, target);
    const { table } = plan;
    const key = table.primaryKey;
    const keys = [...new Set([key, ...plan.sort.map((s) => s.column)])];
    const hits = target.readDb
      .selectFrom(table.table)
      .select(keys as any)
      .where((eb: any) => whereExpression(eb, plan.conditions, table.softDelete, target.engine));
    const order = (alias: string) =>
      sql.join(plan.sort.map((s) => sql`${sql.ref(`${alias}.${s.column}`)} ${sql.raw(s.direction === 'desc' ? 'desc' : 'asc')}`));
    const cols = sql.join(table.selectable.map((c) => sql`${sql.ref(`qb_t.${c}`)} as ${sql.ref(c)}`));
    // one row even when the page is empty (an offset past the last hit): the total, the table's columns null
    // (Kysely puts the parentheses around an embedded select)
    const statement = sql<Record<string, unknown>>`with qb_hits as materialized ${hits},
      qb_k as (select * from qb_hits qb_h order by ${order('qb_h')} limit ${plan.row} offset ${(plan.page - 1) * plan.row}),
      qb_n as (select count(*) as qb_total from qb_hits)
      select qb_n.qb_total, ${cols} from qb_n left join qb_k on 1 = 1
      left join ${sql.table(table.table)} qb_t on ${sql.ref(`qb_t.${key}`)} = ${sql.ref(`qb_k.${key}`)}
      order by ${order('qb_k')}`;
    const query = { compile: () => statement.compile(target.readDb), execute: async () => (await statement.execute(target.readDb)).rows };
    const read = isLocalSqlite(target) ? await this.scanned(table, target, query) : await query.execute();
    const total = Number(read[0]?.qb_total ?? 0);
    const rows = read.filter((r) => r[key] !== null && r[key] !== undefined);
    for (const r of rows) delete r.qb_total;
    return { total, rows };
  }

  private async searchesScan(plan: SelectPlan, target: Target): Promise<boolean> {
    const searches = plan.conditions.filter(isTextSearch);
    // off: every search is today's plain `like`, read like any other (the benchmark's "before")
    if (searches.length === 0 || !this.reads.reading.indexedSearch) return false;
    const engine = target.engine;
    const indexed = target.local ? await this.reads.searchIndexes.columns(plan.table.table) : new Set<string>();
    let scan = false;
    for (const c of searches) {
      const text = String(c.value);
      if (!indexed.has(c.column.name)) scan = true;
      else if (engine === 'sqlite') {
        // every character is part of a trigram in FTS5; shorter searches read the rows. Rows above the mark (a bulk
        // load being caught up) are read as a range of the key with the search's `like` (crud/wheres.ts): never more
        // than the scan, and the indexed part still comes from FTS5
        if (charCount(text) >= TRIGRAM) {
          c.fts = SearchIndexes.ftsTable(plan.table.table);
          if (await this.backlogAboveMark(plan.table.table, target)) {
            // a bulk load being caught up: the rows above the mark are read with the `like` (a range of the key). A
            // common search would look up its many FTS5 candidates one by one besides: the table read in two halves
            // (the scan workers) costs less
            if (await this.commonInFts(plan, c.fts, text, target)) {
              c.fts = undefined;
              scan = true;
            } else this.rangePlans.add(plan);
          }
        } else scan = true;
      } else if (engine === 'mysql') {
        // the gram rows (migration 0018) answer searches of any length; a queue of a scan's worth of ids is a scan
        const grams = await this.gramsOf(plan, c.column.name, [...indexed].indexOf(c.column.name), text, target);
        if (!grams) scan = true;
        else {
          c.grams = grams;
          this.reads.searchUpkeep.noticed(plan.table.table);
          if (grams.range && grams.range[1] - grams.range[0] + 1 >= (await this.threshold(plan.table.table))) this.rangePlans.add(plan);
        }
      } else if (!/[\p{L}\p{N}]{3}/u.test(text)) {
        // pg_trgm makes trigrams of the letters and digits of words only: a search without three in a row gets none
        scan = true;
      } else if ((await this.reads.searchIndexes.sideColumns(plan.table.table)).has(c.column.name)) {
        // the trigram index is on the side table (migration 0010): its hits plus the ids written since it caught up
        c.side = sideTable(plan.table.table);
        this.reads.searchUpkeep.noticed(plan.table.table);
        if (await this.commonOnSide(plan, c, target)) {
          // so many hits that reading them one by one costs more than reading every row (in parallel, bounded)
          c.side = undefined;
          c.sideFrom = undefined;
          scan = true;
        } else if (c.sideFrom !== undefined) this.rangePlans.add(plan);
      }
    }
    // a plan that scans for some search is read as a scan (its reads bounded by the scan slots)
    if (scan) this.rangePlans.delete(plan);
    return scan;
  }

  /**
   * SQLite: whether a search is common (COMMON_HITS and one row in a hundred): its last total (the count cache, a hint),
   * else its FTS5 candidates counted up to the threshold (a superset of its hits: the AND of its trigrams).
   */
  private async commonInFts(plan: SelectPlan, fts: string, text: string, target: Target): Promise<boolean> {
    const threshold = Math.max(COMMON_HITS, Math.round((await this.reads.searchIndexes.rowsEstimate(plan.table.table)) / 100));
    const known = this.reads.counts.hint(plan.table.table, conditionsKey(plan.conditions));
    if (known !== undefined) return known >= threshold;
    const { rows } = await sql<{
      n: number;
    }>`select count(*) as n from (select rowid from ${sql.table(fts)} where ${sql.table(fts)} match ${ftsQuery(text)} limit ${threshold})`.execute(
      target.readDb,
    );
    return Number(rows[0]?.n ?? 0) >= threshold;
  }

  /**
   * MySQL/MariaDB, onePassRead: MariaDB materializes a common table expression once per reference (each would read the
   * range again), so the total is a window over the page's own read, `count(*) over ()`, counted before the order and the
   * limit: the candidates read first (candidatesFirst), the rows by key, in one statement. An empty first page is a total
   * of 0; a page past the last hit has no row to carry the total: then it is counted apart (a second read, for such a
   * page only).
   */
  private async onePassWindow(plan: SelectPlan, target: Target): Promise<{ total: number; rows: Record<string, unknown>[] }> {
    const { table } = plan;
    const first = this.candidatesFirst(plan, target);
    let query = target.readDb
      .selectFrom(first ? (first.from as any as string) : table.table)
      .select([...table.selectable, sql<number>`count(*) over ()`.as('qb_total')] as any)
      .where((eb: any) => whereExpression(eb, (first?.plan ?? plan).conditions, table.softDelete, target.engine));
    for (const s of plan.sort) query = query.orderBy(s.column, s.direction);
    const rows = (await query
      .limit(plan.row)
      .offset((plan.page - 1) * plan.row)
      .execute()) as Record<string, unknown>[];
    // no row on the first page: no hit at all (an absent search)
    if (rows.length === 0 && plan.page === 1) return { total: 0, rows };
    if (rows.length === 0) {
      const counted = await target.readDb
        .selectFrom(table.table)
        .select((eb) => eb.fn.countAll().as('total'))
        .where((eb: any) => whereExpression(eb, plan.conditions, table.softDelete, target.engine))
        .executeTakeFirstOrThrow();
      return { total: Number(counted.total), rows };
    }
    const total = Number(rows[0]!.qb_total);
    for (const r of rows) delete r.qb_total;
    return { total, rows };
  }

  /** SQLite: whether the rows above the table's mark (a bulk load being caught up) are a scan's worth (COMMON_HITS, one row in a hundred). */
  private async backlogAboveMark(table: string, target: Target): Promise<boolean> {
    const threshold = Math.max(COMMON_HITS, Math.round((await this.reads.searchIndexes.rowsEstimate(table)) / 100));
    return (await rowsAboveMarkAtMost(target.readDb, table, threshold)) >= threshold;
  }

  /**
   * PostgreSQL, a search through a side table: whether it is common (one row in a hundred or more, at least
   * COMMON_HITS). Its candidates are looked up one by one by key (~1.5 µs each, with the heap's recheck), a scan of
   * the table compares every row (~0.1 µs each, with parallel workers): 125,000 hits of 1,000,000 rows are 190 ms one
   * way and 90 ms the other. Known from the count cache's last total when there is one, else read: the first hits of
   * the side table's index, up to the threshold (~10 ms for a common search, ~1 ms for a rare one).
   */
  private async commonOnSide(plan: SelectPlan, c: Condition, target: Target): Promise<boolean> {
    const rows = await this.reads.searchIndexes.rowsEstimate(plan.table.table);
    const threshold = Math.max(COMMON_HITS, Math.round(rows / 100));
    // common (its last total, else the side table's first hits up to the threshold): a scan, whatever the queue
    const known = this.reads.counts.hint(plan.table.table, conditionsKey(plan.conditions));
    if (known !== undefined) {
      if (known >= threshold) return true;
    } else {
      const hits = target.readDb
        .selectFrom(`${c.side!} as qb_s`)
        .select(sql`1`.as('one'))
        .where((eb: any) => whereExpression(eb, [{ ...c, side: undefined }], false, target.engine))
        .limit(threshold);
      const found = await target.readDb
        .selectFrom(hits.as('qb_hits'))
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      if (Number(found.n) >= threshold) return true;
    }
    // the queued ids are candidates too, read one by one: a queue of a bulk load not yet caught up is a scan's worth.
    // Then the rows from the side table's open partition up are read with the search's `like` as a range of the key,
    // and the queued ids below it by key (crud/wheres.ts), when those are few; else a scan
    if ((await queuedAtLeast(target.readDb, plan.table.table, threshold)) >= threshold) {
      const open = await openPartition(target.readDb, plan.table.table);
      if (typeof open?.from !== 'number' || (await this.queuedBelowBound(plan.table.table, open.from, threshold, target)) >= threshold) return true;
      c.sideFrom = open.from;
    }
    return false;
  }

  /** The last count of queued ids below a table's open partition's bound (queuedBelowBound), with the bound and when it was read. */
  private readonly belowBound = new Map<string, { from: number; limit: number; at: number; n: Promise<number> }>();

  /**
   * PostgreSQL: the queued ids below the open partition's bound `from`, counted up to `limit`: the queue has no index, so
   * each count reads it whole (1,000,000 ids of a bulk load: 45-90 ms at load 6). Only a plan's choice depends on it
   * (candidates by key or a scan; the search's own statement reads the queue in its snapshot, exact either way), so it is
   * kept for BELOW_BOUND_MS while the bound stays: one read per catch-up step and few seconds instead of one per search.
   */
  private queuedBelowBound(table: string, from: number, limit: number, target: Target): Promise<number> {
    const known = this.belowBound.get(table);
    if (known && known.from === from && known.limit === limit && Date.now() - known.at < BELOW_BOUND_MS) return known.n;
    const n = queuedBelow(target.readDb, table, from, limit);
    this.belowBound.set(table, { from, limit, at: Date.now(), n });
    n.catch(() => this.belowBound.delete(table));
    return n;
  }

  /** A scan's worth of rows of `table`: COMMON_HITS and one row in a hundred. */
  private async threshold(table: string): Promise<number> {
    return Math.max(COMMON_HITS, Math.round((await this.reads.searchIndexes.rowsEstimate(table)) / 100));
  }

  /**
   * MySQL/MariaDB: the search's candidates read from the gram rows (search/grams.ts gramSearch), or undefined when it
   * reads the table instead: a queue of a scan's worth of ids, or a common search (a scan's worth of hits: its page is
   * then found sooner walking the key order than by gathering every candidate, 信号 one question in eight; known from the
   * count cache's last total, else from the hits).
   */
  private async gramsOf(plan: SelectPlan, column: string, col: number, text: string, target: Target): Promise<GramsOf | undefined> {
    const table = plan.table.table;
    if (searchGrams(text).length === 0) return undefined;
    const threshold = await this.threshold(table);
    const known = this.reads.counts.hint(table, conditionsKey(plan.conditions));
    if (known !== undefined && known >= threshold) return undefined;
    const found = await gramSearch(target.readDb, table, col, text, threshold);
    if (found.many || found.manyQueued) return undefined;
    return { table, col, column, ids: [...new Set([...found.hits, ...found.queued])], range: found.range };
  }

  /**
   * MySQL/MariaDB, a page of a search through gram blocks: its candidates read first, the rows looked up by key after
   * (`(candidates) qb_c straight_join <table>`), the search's own `id in (…)` left out (its `like` stays). Given
   * `id in (candidates) … order by id limit 20`, MariaDB walked the primary key in id order testing each row against the
   * materialized candidates: for a rare search at 1,000,000 questions every row (2.9 s against 0.21 s this way).
   * Undefined when no search goes through gram blocks.
   */
  candidatesFirst(plan: SelectPlan, target: Target): { from: RawBuilder<unknown>; plan: SelectPlan } | undefined {
    if (target.engine !== 'mysql') return undefined;
    const c = plan.conditions.find((x) => x.grams);
    if (!c?.grams) return undefined;
    const table = plan.table.table;
    // the candidates' column named apart from the table's, so that the page's unqualified column names stay the table's
    const from = sql`(select qb_u.id as qb_cid from (${gramCandidates(c.grams, String(c.value))}) qb_u) qb_c straight_join ${sql.table(table)}
      on ${sql.ref(`${table}.${plan.table.primaryKey}`)} = qb_c.qb_cid`;
    return { from, plan: { ...plan, conditions: plan.conditions.map((x) => (x === c ? { ...x, grams: undefined } : x)) } };
  }

  /**
   * The rowid ranges a scanning count of a local SQLite table is read in, one per scan worker (SCANS_PER_TABLE), so
   * that both cores count: 1,000,000 rows in two halves take 60 ms rather than 115. A small table, or another
   * engine (PostgreSQL reads a large table with parallel workers of its own), is one part.
   */
  async rowidParts(table: RegisteredTable, target: Target): Promise<[number | undefined, number | undefined][]> {
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
  offMainThread(plan: SelectPlan, target: Target): boolean {
    return isLocalSqlite(target) && plan.conditions.some((c) => c.fts);
  }

  /** Whether the page's read goes to the scan workers: offMainThread, or a sort that orders every matching row of a large SQLite table. */
  async pageOffMainThread(plan: SelectPlan, target: Target): Promise<boolean> {
    return this.offMainThread(plan, target) || (isLocalSqlite(target) && (await this.reads.wholeReads.sortReadsAll(plan)));
  }

  /**
   * A read that scans the table: it waits for one of the table's few scan slots, and on the local SQLite file runs
   * in a worker thread (a million rows read on the event loop would hold every other call).
   */
  async scanned(
    table: RegisteredTable,
    target: Target,
    query: { compile(): CompiledQuery; execute(): Promise<unknown[]> },
  ): Promise<Record<string, unknown>[]> {
    return this.reads.scans.run(`${table.source}:${table.table}`, async () => {
      const file = target.local && target.engine === 'sqlite' ? await this.reads.databaseFile() : undefined;
      if (file) return (this.scanWorkers ??= new ScanWorkers(file)).run(query.compile());
      return (await query.execute()) as Record<string, unknown>[];
    });
  }

  /**
   * PostgreSQL, a search through a side table (migration 0010) whose page is in key order: when the search is known
   * to be common (its last total, a hint only), walking the key order and testing each row's `ilike` reaches the page
   * after (offset + rows) x table rows / total rows, fewer than reading every candidate of the side table (125,000
   * for a search matching one row in eight of 1,000,000). Both ways give the same rows: the choice is only speed.
   */
  async walkedPlan(plan: SelectPlan, target: Target): Promise<SelectPlan> {
    if (target.engine !== 'postgres' || !plan.conditions.some((c) => c.side) || plan.sort[0]?.column !== plan.table.primaryKey) return plan;
    const total = this.reads.counts.hint(plan.table.table, conditionsKey(plan.conditions));
    if (!total) return plan;
    const rows = await this.reads.searchIndexes.rowsEstimate(plan.table.table);
    // never analyzed: no estimate, the candidates
    if (!rows || (plan.page * plan.row * rows) / total > WALK_ROWS) return plan;
    return { ...plan, conditions: plan.conditions.map((c) => (c.side ? { ...c, side: undefined } : c)) };
  }
}
