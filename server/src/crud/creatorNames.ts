import type { CompiledQuery } from 'kysely';
import type { AppDb } from '../db/appDatabase.ts';
import type { RegisteredTable } from '../schema/types.ts';
import type { CountCache } from './countCache.ts';

const creators = new WeakMap<RegisteredTable, string[]>();

/** The table's selected `creator` columns (createdBy), looked up once per table object (a registry reload makes new ones). */
function creatorColumns(table: RegisteredTable): string[] {
  let names = creators.get(table);
  if (!names) creators.set(table, (names = table.selectable.filter((name) => table.columns.get(name)?.creator)));
  return names;
}

/**
 * Each answered row's creator (a `creator` column: createdBy) by name too, as `<column>Name`. On SQLite the accounts'
 * names are kept while sys_user is unchanged (CountCache.stampOf: another connection's commit or a write of this
 * process moves it, and it is read before the names it stamps), so a list page reads no account once its creators are
 * known (docs/performance.md); elsewhere one read of the page's accounts, its statement compiled once per number of ids.
 */
export class CreatorNames {
  /** reads of accounts' names sent (the tests read it to tell kept names from read ones) */
  reads = 0;

  /** the names read, under the sys_user stamp they were read at (undefined: none kept) */
  private known: { stamp: string | undefined; names: Map<number, string | null> } = { stamp: undefined, names: new Map() };

  /** the statements by number of accounts (a page names one or a few) */
  private readonly statements = new Map<number, CompiledQuery>();

  constructor(
    private readonly readDb: AppDb,
    private readonly counts: CountCache,
  ) {}

  async name(table: RegisteredTable, rows: Record<string, unknown>[]): Promise<void> {
    const columns = creatorColumns(table);
    if (columns.length === 0) return;
    const stamp = this.counts.stampOf('sys_user');
    // another stamp, or too many kept: a new map (a call still reading into the old one keeps it to itself)
    if (stamp === undefined || stamp !== this.known.stamp || this.known.names.size > 10_000) this.known = { stamp, names: new Map() };
    const names = this.known.names;
    for (const name of columns) {
      const ids = new Set<number>();
      for (const r of rows) {
        const id = r[name];
        if (typeof id === 'number' && !names.has(id)) ids.add(id);
      }
      const list = [...ids];
      for (let i = 0; i < list.length; i += 1000) {
        this.reads++;
        const found = await this.readDb.executeQuery<{ id: unknown; name: unknown }>(this.statement(list.slice(i, i + 1000)));
        for (const f of found.rows) names.set(Number(f.id), String(f.name ?? ''));
      }
      // an id no account has: named null, and not looked up again while sys_user is unchanged
      for (const id of list) if (!names.has(id)) names.set(id, null);
      const field = `${name}Name`;
      for (const r of rows) {
        const id = r[name];
        r[field] = typeof id === 'number' ? (names.get(id) ?? null) : null;
      }
    }
  }

  /** `select id, name from sys_user where id in (…)` for these ids: Kysely builds it once per number of ids. */
  private statement(ids: number[]): CompiledQuery {
    const kept = this.statements.get(ids.length);
    if (kept) return { ...kept, parameters: ids };
    const compiled = this.readDb.selectFrom('sys_user').select(['id', 'name']).where('id', 'in', ids).compile();
    // its values are the ids, in order, and nothing else (checked once: otherwise it is compiled each time)
    if (compiled.parameters.length !== ids.length || compiled.parameters.some((v, i) => v !== ids[i])) return compiled;
    if (this.statements.size >= 100) this.statements.clear();
    this.statements.set(ids.length, compiled);
    return compiled;
  }
}
