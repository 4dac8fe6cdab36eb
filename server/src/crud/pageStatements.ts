import { type CompiledQuery, type RawBuilder, sql } from 'kysely';
import type { RegisteredColumn, RegisteredTable } from '../schema/types.ts';
import type { SelectPlan, Target } from './reads.ts';
import { whereExpression } from './wheres.ts';

/**
 * A list call's page statements (CrudReads.readPage, and the rows of selectChunks): the plain page, the deferred join far
 * from the start, a page past the middle read from the other end, and the statements compiled once per list.
 */
export class PageStatements {
  constructor(
    /** how reads find rows: CrudReads.reading (the benchmark turns the deferred join off) */
    private readonly reading: { deferredJoinFrom: number },
    /** MySQL/MariaDB: a search through gram blocks reads its candidates first (crud/searchReads.ts) */
    private readonly candidatesFirst: (plan: SelectPlan, target: Target) => { from: RawBuilder<unknown>; plan: SelectPlan } | undefined,
  ) {}

  rowsQuery(plan: SelectPlan, target: Target) {
    const { table } = plan;
    // MySQL/MariaDB: a search through gram blocks reads its candidates first (crud/searchReads.ts)
    const first = this.candidatesFirst(plan, target);
    let query = target.readDb
      .selectFrom(first ? (first.from as any as string) : table.table)
      .select(table.selectable)
      .where((eb: any) => whereExpression(eb, (first?.plan ?? plan).conditions, table.softDelete, target.engine));
    for (const s of plan.sort) query = query.orderBy(s.column, s.direction);
    return query;
  }

  /**
   * The plan's page. Far from the start it is a deferred join: the page's keys are read first (from an index alone
   * where the engine has one: (isdelete, id), migration 0007), then only the page's rows, not every row before them.
   */
  private pageQuery(plan: SelectPlan, target: Target, offset = (plan.page - 1) * plan.row) {
    const deferred = offset >= this.reading.deferredJoinFrom && (target.engine === 'sqlite' || target.engine === 'postgres' || target.engine === 'mysql');
    if (!deferred) return this.rowsQuery(plan, target).limit(plan.row).offset(offset);
    const { table } = plan;
    const key = table.primaryKey;
    const first = this.candidatesFirst(plan, target);
    // MySQL/MariaDB, no condition but the soft delete, in key order: the keys read by the primary key. Left to itself
    // MariaDB read every row through (isdelete, parentId, id) and sorted them (filesort): page 49,000 of 1,000,000
    // questions 400-530 ms, the middle page 500 ms; by the key 10 and 100-220 ms (docs/search.md "Deep pages")
    const byKey = target.engine === 'mysql' && !first && plan.conditions.length === 0 && plan.sort.length === 1 && plan.sort[0]!.column === key;
    let keys = target.readDb
      .selectFrom(first ? (first.from as any as string) : byKey ? (sql`${sql.table(table.table)} force index (primary)` as any as string) : table.table)
      .select(key)
      .where((eb: any) => whereExpression(eb, (first?.plan ?? plan).conditions, table.softDelete, target.engine));
    for (const s of plan.sort) keys = keys.orderBy(s.column, s.direction);
    const page = keys.limit(plan.row).offset(offset).as('qb_page');
    let query = (
      target.engine === 'sqlite'
        ? // SQLite: a CROSS JOIN keeps its left side the outer loop. As an inner join in key order, its planner scanned the
          // whole table in that order and probed the page's 20 keys for each row (to spare a sort of 20 rows): page 49,000
          // of 1,000,000 questions 95-250 ms against 35-50 ms this way (docs/search.md "Deep pages")
          target.readDb.selectFrom(page).crossJoin(table.table).whereRef(`qb_page.${key}`, '=', `${table.table}.${key}`)
        : target.readDb.selectFrom(table.table).innerJoin(page, `qb_page.${key}`, `${table.table}.${key}`)
    ).select(table.selectable.map((c) => `${table.table}.${c}`));
    for (const s of plan.sort) query = query.orderBy(`${table.table}.${s.column}`, s.direction);
    return query;
  }

  /** The statement readPage runs for the plan, with the list's total (tests read its plan). */
  statementOf(plan: SelectPlan, target: Target, total?: number): CompiledQuery {
    const fromEnd = this.fromEnd(plan, total, false);
    return (fromEnd ? this.statement(fromEnd.plan, target, fromEnd.offset) : this.statement(plan, target)).compile();
  }

  /** Compiled page statements by table object (a registry reload or a field-limited view is another object) and plan. */
  private readonly pageStatements = new WeakMap<RegisteredTable, Map<string, CompiledQuery>>();
  /** page statements Kysely has compiled (the tests read it to tell a kept statement from a new one) */
  compiledPages = 0;

  /**
   * The page's statement, compiled once per list: the same table, conditions, sort and page size (a refresh, the next
   * page, several people on one list) reuse the SQL Kysely built the first time, only the limit and offset change. Building
   * and compiling a page's query took about a tenth of a list call's CPU time (docs/performance.md). SQLite, PostgreSQL and
   * MySQL end a select with `limit ? offset ?` (the deferred join's are its subquery's, after which no value follows):
   * the first compilation is kept only where its last two values are that limit and offset.
   */
  statement(
    plan: SelectPlan,
    target: Target,
    offset = (plan.page - 1) * plan.row,
  ): { compile(): CompiledQuery; execute(): Promise<Record<string, unknown>[]> } {
    const query = () => this.pageQuery(plan, target, offset);
    if (target.engine !== 'sqlite' && target.engine !== 'postgres' && target.engine !== 'mysql') return query();
    let key: string;
    try {
      key = JSON.stringify(
        [target.engine, offset >= this.reading.deferredJoinFrom, plan.sort.map((s) => [s.column, s.direction]), plan.conditions, plan.row],
        (name, value) => (name === 'column' ? (value as RegisteredColumn).name : value),
      );
    } catch {
      return query();
    }
    let statements = this.pageStatements.get(plan.table);
    if (!statements) this.pageStatements.set(plan.table, (statements = new Map()));
    let compiled = statements.get(key);
    if (compiled) compiled = { ...compiled, parameters: [...compiled.parameters.slice(0, -2), plan.row, offset] };
    else {
      compiled = query().compile();
      this.compiledPages++;
      const n = compiled.parameters.length;
      if (n >= 2 && compiled.parameters[n - 2] === plan.row && compiled.parameters[n - 1] === offset) {
        if (statements.size >= 200) statements.clear();
        statements.set(key, compiled);
      }
    }
    const statement = compiled;
    return { compile: () => statement, execute: async () => (await target.readDb.executeQuery<Record<string, unknown>>(statement)).rows };
  }

  /** pages read from the end of their order (fromEnd): the tests read it to tell that way from the other */
  fromEndReads = 0;

  /**
   * A deep page past the middle of its list, read from the other end: the same rows in the opposite order (the sort
   * always ends in the key, so the order is total and its reverse exact), `total - offset - row` rows skipped instead of
   * `offset` (page 49,000 of 50,000: 20,000 keys read instead of 980,000), reversed back. Only with the plan's total from
   * the same call (countRows: the count cache, kept under the table's row version), and not for a contains-search read
   * through an index (its candidates are read in their own way: searchReads' walkedPlan, candidatesFirst).
   */
  fromEnd(plan: SelectPlan, total: number | undefined, counted = true): { plan: SelectPlan; offset: number; keep: number } | undefined {
    const offset = (plan.page - 1) * plan.row;
    if (total === undefined || offset < this.reading.deferredJoinFrom || offset >= total || 2 * offset + plan.row <= total) return undefined;
    if (plan.conditions.some((c) => c.fts !== undefined || c.side !== undefined || c.grams !== undefined)) return undefined;
    if (counted) this.fromEndReads++;
    const sort = plan.sort.map((s) => ({ ...s, direction: s.direction === 'asc' ? ('desc' as const) : ('asc' as const) }));
    return { plan: { ...plan, sort }, offset: Math.max(0, total - offset - plan.row), keep: Math.min(plan.row, total - offset) };
  }
}
