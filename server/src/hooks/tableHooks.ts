import type { AppDb } from '../db/appDatabase.ts';
import type { Caller } from '../access/index.ts';
import type { RegisteredTable } from '../schema/types.ts';

/** One row written by the generic service: what it was before and what it is after (absent for an insert / a hard delete). */
export interface RowChange {
  table: RegisteredTable;
  action: 'insert' | 'update' | 'delete';
  id: number | string;
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
  /** logged with its run of keys, not one entry of its own (CrudService.recordInsertRuns) */
  inKeyRun?: true;
}

/**
 * Rules of one table that every write path honours (save, delete, master-slave, import), in the
 * style of Directus' item hooks: no route special-cases a table.
 */
export interface TableHooks {
  /**
   * inside the write's transaction, after the row is written: more writes here commit or roll back with it, and a
   * throw refuses the whole write. `caller` is who asked (undefined: the server itself).
   */
  afterWrite?(trx: AppDb, change: RowChange, caller: Caller | undefined): Promise<void>;
  /** once the transaction has committed (reloading a cache, telling other instances) */
  afterCommit?(changes: RowChange[]): Promise<void> | void;
}

/** The hooks registered per table flag; several per table run in the order they were added. */
export class HookRegistry {
  private readonly hooks = new Map<string, TableHooks[]>();

  on(flag: string, hooks: TableHooks): void {
    this.hooks.set(flag, [...(this.hooks.get(flag) ?? []), hooks]);
  }

  has(flag: string): boolean {
    return this.hooks.has(flag);
  }

  async afterWrite(trx: AppDb, change: RowChange, caller: Caller | undefined): Promise<void> {
    for (const h of this.hooks.get(change.table.flag) ?? []) await h.afterWrite?.(trx, change, caller);
  }

  async afterCommit(changes: RowChange[]): Promise<void> {
    const flags = [...new Set(changes.map((c) => c.table.flag))];
    for (const flag of flags) {
      const mine = changes.filter((c) => c.table.flag === flag);
      for (const h of this.hooks.get(flag) ?? []) await h.afterCommit?.(mine);
    }
  }
}
