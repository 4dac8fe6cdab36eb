import { sql } from 'kysely';
import type { AnyDb } from '../db/connection.ts';
import type { SelectPlan } from './reads.ts';
import { isTextSearch } from '../search/indexes.ts';

/** SQLite: a table whose rowids reach this far is large enough that reading every row holds the event loop (~25 ms). */
export const WHOLE_READ_FROM_ROWS = 20_000;
/** How long a table's size and indexes are trusted (a stale answer only moves a read to or from a worker). */
const KNOWN_FOR_MS = 60_000;
/** Operators an index on their column narrows: the rows read are those that match, not every row. */
const NARROWING = new Set(['eq', 'in', 'between', 'gt', 'gte', 'lt', 'lte', 'isNull']);

interface TableShape {
  at: number;
  rows: number;
  /** the columns an index (or the key) can be entered by: each index's first column, and its second after isdelete */
  leading: Set<string>;
}

/**
 * SQLite (the local file): whether a list read of a large table reads every row although it searches no text — a
 * negative filter (`notIn`, `ne`), filters on columns no index leads, a sort on such a column (every matching row is
 * sorted for one page). Such reads go to the scan slots and workers like the scans of searches (crud/searchReads.ts):
 * a `notIn` of 1,000 values over 200,000 rows took 324 ms and a deep page sorted on an unindexed column 506 ms of the
 * event loop.
 */
export class WholeTableReads {
  private readonly shapes = new Map<string, Promise<TableShape>>();

  constructor(private readonly readDb: AnyDb) {}

  /** The filters read every row (the page and the total). */
  async filtersReadAll(plan: SelectPlan): Promise<boolean> {
    const filters = plan.conditions.filter((c) => !isTextSearch(c));
    if (filters.length === 0) return false;
    const shape = await this.shapeOf(plan.table.table);
    if (shape.rows < WHOLE_READ_FROM_ROWS) return false;
    const narrowed = filters.some((c) => NARROWING.has(c.op) && !(c.op === 'isNull' && c.value === false) && shape.leading.has(c.column.name));
    return !narrowed;
  }

  /** The page's sort orders every matching row (its first column is neither the key nor led by an index). */
  async sortReadsAll(plan: SelectPlan): Promise<boolean> {
    const first = plan.sort[0]?.column;
    if (first === undefined || first === plan.table.primaryKey) return false;
    const shape = await this.shapeOf(plan.table.table);
    return shape.rows >= WHOLE_READ_FROM_ROWS && !shape.leading.has(first);
  }

  private shapeOf(table: string): Promise<TableShape> {
    const known = this.shapes.get(table);
    if (known) {
      // a settled shape past its time is read again; a pending one is shared
      void known.then((s) => {
        if (Date.now() - s.at >= KNOWN_FOR_MS && this.shapes.get(table) === known) this.shapes.delete(table);
      });
      return known;
    }
    const read = this.readShape(table);
    this.shapes.set(table, read);
    return read;
  }

  private async readShape(table: string): Promise<TableShape> {
    const at = Date.now();
    try {
      // max(rowid) alone is one step down the table's b-tree (with min() beside it SQLite scans)
      const size = await sql<{ n: number | null }>`select max(rowid) as n from ${sql.table(table)}`.execute(this.readDb);
      const columns = await sql<{ name: string; pk: number }>`select name, pk from pragma_table_info(${table})`.execute(this.readDb);
      const leading = new Set(columns.rows.filter((c) => Number(c.pk) === 1).map((c) => c.name));
      const indexes = await sql<{ ix: string; seqno: number; name: string | null }>`select l.name as ix, i.seqno as seqno, i.name as name
        from pragma_index_list(${table}) l join pragma_index_info(l.name) i order by l.name, i.seqno`.execute(this.readDb);
      const byIndex = new Map<string, string[]>();
      for (const r of indexes.rows) if (r.name !== null) byIndex.set(r.ix, [...(byIndex.get(r.ix) ?? []), r.name]);
      for (const cols of byIndex.values()) {
        leading.add(cols[0]!);
        if (cols[0] === 'isdelete' && cols[1] !== undefined) leading.add(cols[1]);
      }
      return { at, rows: Number(size.rows[0]?.n ?? 0), leading };
    } catch {
      // no rowid (WITHOUT ROWID) or no such table: read as today, on the event loop
      return { at, rows: 0, leading: new Set() };
    }
  }
}
