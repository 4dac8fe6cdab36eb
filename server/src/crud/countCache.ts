import type Database from 'better-sqlite3';

/**
 * Exact totals without re-counting: a COUNT is cached per table and filter until a write to that table.
 * Only on SQLite, where every writer is this process (our own writes invalidate by table) or is seen
 * through PRAGMA data_version (a write by any other connection empties the cache).
 * PostgreSQL and MySQL may have other writers (several instances), so there every COUNT runs.
 */
export class CountCache {
  private readonly byTable = new Map<string, Map<string, number>>();
  private dataVersion = -1;
  /** bumped by every invalidation, so that a COUNT that ran before a write is not stored after it */
  private readonly generations = new Map<string, number>();
  private static readonly MAX_KEYS_PER_TABLE = 500;

  private readonly dataVersionStatement: Database.Statement | undefined;

  constructor(private readonly sqlite: Database.Database | undefined) {
    this.dataVersionStatement = sqlite?.prepare('PRAGMA data_version').pluck();
  }

  get(table: string, key: string): number | undefined {
    if (!this.sqlite) return undefined;
    const version = this.dataVersionStatement!.get() as number;
    if (version !== this.dataVersion) {
      this.byTable.clear();
      this.dataVersion = version;
      return undefined;
    }
    return this.byTable.get(table)?.get(key);
  }

  generation(table: string): number {
    return this.generations.get(table) ?? 0;
  }

  set(table: string, key: string, total: number, generationAtStart: number): void {
    if (!this.sqlite || this.generation(table) !== generationAtStart) return;
    let entries = this.byTable.get(table);
    if (!entries) this.byTable.set(table, (entries = new Map()));
    if (entries.size >= CountCache.MAX_KEYS_PER_TABLE) entries.clear();
    entries.set(key, total);
  }

  invalidate(table: string): void {
    this.generations.set(table, this.generation(table) + 1);
    this.byTable.delete(table);
  }
}
