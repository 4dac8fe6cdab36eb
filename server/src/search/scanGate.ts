/** Searches of a table that read every row may hold this many connections at a time; the others wait their turn. */
export const SCANS_PER_TABLE = 2;

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
