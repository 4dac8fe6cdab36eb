import type { Engine, AnyDb } from '../db/connection.ts';
import { assertAllowed, type Caller } from '../access/index.ts';
import { insertReturningId } from '../db/insert.ts';
import { badRequest, notFound } from '../http/errors.ts';
import type { TableRegistry } from '../schema/registry.ts';
import type { RegisteredTable } from '../schema/types.ts';
import { CountCache } from './countCache.ts';
import { parseSort } from './sort.ts';
import { nowText, toAnswerRow, toStoredValue } from './values.ts';
import { conditionsKey, parseWheres, whereExpression } from './wheres.ts';

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

function positiveInt(raw: unknown, name: string, fallback: number, max: number): number {
  if (raw === undefined || raw === '') return fallback;
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d+$/.test(raw.trim()) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(n) || n < 1 || n > max) throw badRequest('badParam', { name, reason: `1 to ${max}` });
  return n;
}

function parseIds(raw: unknown): number[] {
  const list = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',') : [raw];
  const ids = list.map((v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v));
  if (ids.length === 0 || ids.length > 1000 || !ids.every((v) => Number.isSafeInteger(v) && (v as number) > 0)) {
    throw badRequest('badParam', { name: 'id', reason: 'a positive integer or a list of them' });
  }
  return [...new Set(ids as number[])];
}

/** One generic service over every registered table: select, save, delete and master-slave save. */
export class CrudService {
  readonly counts: CountCache;

  constructor(
    readonly db: AnyDb,
    readonly engine: Engine,
    readonly registry: TableRegistry,
    sqlite?: import('better-sqlite3').Database,
    /** list reads (see Connection.readDb); writes and their checks always use `db` */
    readonly readDb: AnyDb = db,
  ) {
    this.counts = new CountCache(sqlite);
  }

  async select(query: SelectQuery, caller: Caller | undefined) {
    const table = this.registry.get(query._flag);
    const page = positiveInt(query.page, 'page', 1, 1_000_000);
    const row = positiveInt(query.row, 'row', 20, MAX_ROWS_PER_PAGE);
    const conditions = parseWheres(query.wheres, table, this.registry);
    const sort = parseSort(query.sort, query.sortType, table, this.registry);
    assertAllowed(caller, table.flag, 'read');

    const where = (eb: any) => whereExpression(eb, conditions, table.softDelete, this.engine);
    let rowsQuery = this.readDb.selectFrom(table.table).select(table.selectable).where(where);
    for (const s of sort) rowsQuery = rowsQuery.orderBy(s.column, s.direction);
    const rows = await rowsQuery.limit(row).offset((page - 1) * row).execute();

    const key = conditionsKey(conditions);
    let total = this.counts.get(table.table, key);
    if (total === undefined) {
      const generation = this.counts.generation(table.table);
      const counted = await this.readDb
        .selectFrom(table.table)
        .select((eb) => eb.fn.countAll().as('total'))
        .where(where)
        .executeTakeFirstOrThrow();
      total = Number(counted.total);
      this.counts.set(table.table, key, total, generation);
    }
    const answered = rows.map((r) => toAnswerRow(table, r));
    if (query._hasChildren !== undefined && query._hasChildren !== '') await this.markParents(table, query._hasChildren, answered);
    return { rows: answered, total };
  }

  /** Sets `hasChildren` on each row: whether live rows of the same table name it in `parentColumn` (lazy trees). */
  private async markParents(table: RegisteredTable, parentColumn: unknown, rows: Record<string, unknown>[]) {
    const column = this.registry.column(table, String(parentColumn));
    if (column.references !== table.flag) throw badRequest('badParam', { name: '_hasChildren', reason: `${column.name} is not a parent column` });
    const ids = rows.map((r) => r.id as number);
    if (ids.length === 0) return;
    const parents = new Set<number>();
    for (let i = 0; i < ids.length; i += 1000) {
      const found = await this.readDb
        .selectFrom(table.table)
        .select(column.name)
        .distinct()
        .where((eb: any) => whereExpression(eb, [], table.softDelete, this.engine))
        .where(column.name, 'in', ids.slice(i, i + 1000))
        .execute();
      for (const f of found) parents.add(Number(f[column.name]));
    }
    for (const r of rows) r.hasChildren = parents.has(r.id as number);
  }

  /** Checks and converts a params object into column values; an unknown or wrong value is a 400. */
  toColumnValues(table: RegisteredTable, params: unknown, mode: 'insert' | 'update'): Record<string, unknown> {
    if (typeof params !== 'object' || params === null || Array.isArray(params)) {
      throw badRequest('badParam', { name: 'params', reason: 'an object is required' });
    }
    const values: Record<string, unknown> = {};
    for (const [name, raw] of Object.entries(params)) {
      if (name === 'id') continue;
      const column = this.registry.column(table, name);
      if (column.serverFilled) continue;
      const value = toStoredValue(column, raw);
      if (column.name === 'isdelete' && value !== 0 && value !== 1) throw badRequest('badValue', { column: 'isdelete', expected: '0 or 1' });
      if (value === null && column.required) throw badRequest('required', { column: name });
      values[column.name] = value;
    }
    if (mode === 'insert') {
      for (const column of table.columns.values()) {
        if (column.name === 'id' || column.name in values) continue;
        if (column.serverFilled) values[column.name] = nowText();
        else if (column.defaultValue !== undefined) values[column.name] = column.defaultValue;
        else if (column.required) throw badRequest('required', { column: column.name });
      }
    }
    return values;
  }

  insert(db: AnyDb, table: RegisteredTable, values: Record<string, unknown>): Promise<number> {
    return insertReturningId(db, this.engine, table.table, values);
  }

  /** Insert without id, update with id (only the fields sent); answers the row's id. */
  async saveWith(db: AnyDb, table: RegisteredTable, params: Record<string, unknown>): Promise<{ id: number; created: boolean }> {
    const rawId = params.id;
    if (rawId === undefined || rawId === null || rawId === '' || rawId === 0) {
      const id = await this.insert(db, table, this.toColumnValues(table, params, 'insert'));
      this.counts.invalidate(table.table);
      return { id, created: true };
    }
    const [id] = parseIds(rawId);
    const values = this.toColumnValues(table, params, 'update');
    const live = (eb: any) => (table.softDelete ? eb.and([eb('id', '=', id), eb('isdelete', '=', 0)]) : eb('id', '=', id));
    if (Object.keys(values).length === 0) {
      const found = await db.selectFrom(table.table).select('id').where(live).executeTakeFirst();
      if (!found) throw notFound('rowNotFound', { flag: table.flag, id: id! });
      return { id: id!, created: false };
    }
    const result = await db.updateTable(table.table).set(values).where(live).executeTakeFirst();
    this.counts.invalidate(table.table);
    if (Number(result.numUpdatedRows) === 0) {
      // MySQL counts only changed rows: an unchanged existing row is still a success
      const found = await db.selectFrom(table.table).select('id').where(live).executeTakeFirst();
      if (!found) throw notFound('rowNotFound', { flag: table.flag, id: id! });
    }
    return { id: id!, created: false };
  }

  /**
   * A write transaction whose tables' cached totals are dropped again once it has committed: a COUNT
   * on the read connection that ran before the commit must not be kept.
   */
  async writeTransaction<T>(tables: string[], work: (trx: AnyDb) => Promise<T>): Promise<T> {
    try {
      return await this.db.transaction().execute(work);
    } finally {
      for (const t of tables) this.counts.invalidate(t);
    }
  }

  async save(flag: unknown, params: unknown, caller: Caller | undefined) {
    const table = this.registry.get(flag);
    if (typeof params !== 'object' || params === null || Array.isArray(params)) {
      throw badRequest('badParam', { name: 'params', reason: 'an object is required' });
    }
    assertAllowed(caller, table.flag, 'save');
    return this.writeTransaction([table.table], (trx) => this.saveWith(trx, table, params as Record<string, unknown>));
  }

  /** Soft delete (isdelete 1) of one id or a list; all or nothing: an unknown id changes nothing. */
  async delete(flag: unknown, rawId: unknown, caller: Caller | undefined) {
    const table = this.registry.get(flag);
    const ids = parseIds(rawId);
    assertAllowed(caller, table.flag, 'delete');
    return this.writeTransaction([table.table], async (trx) => {
      const live = await trx
        .selectFrom(table.table)
        .select('id')
        .where((eb: any) => (table.softDelete ? eb.and([eb('id', 'in', ids), eb('isdelete', '=', 0)]) : eb('id', 'in', ids)))
        .execute();
      if (live.length !== ids.length) {
        const found = new Set(live.map((r) => Number(r.id)));
        throw notFound('rowNotFound', { flag: table.flag, id: ids.find((id) => !found.has(id))! });
      }
      if (table.softDelete) await trx.updateTable(table.table).set({ isdelete: 1 }).where('id', 'in', ids).execute();
      else await trx.deleteFrom(table.table).where('id', 'in', ids).execute();
      this.counts.invalidate(table.table);
      return { ids };
    });
  }

  /** Main row and its children in one transaction; children are bound to the main row by `bindField`. */
  async masterSlave(
    body: { _flag?: unknown; _flagChidren?: unknown; mainData?: unknown; chidrenData?: unknown; bindField?: unknown },
    caller: Caller | undefined,
  ) {
    const main = this.registry.get(body._flag);
    const child = this.registry.get(body._flagChidren);
    if (typeof body.bindField !== 'string') throw badRequest('badParam', { name: 'bindField', reason: 'required' });
    const bind = this.registry.column(child, body.bindField).name;
    if (typeof body.mainData !== 'object' || body.mainData === null || Array.isArray(body.mainData)) {
      throw badRequest('badParam', { name: 'mainData', reason: 'an object is required' });
    }
    const children = body.chidrenData ?? [];
    if (!Array.isArray(children) || !children.every((c) => typeof c === 'object' && c !== null && !Array.isArray(c))) {
      throw badRequest('badParam', { name: 'chidrenData', reason: 'a list of objects is required' });
    }
    if (children.length > 1000) throw badRequest('badParam', { name: 'chidrenData', reason: 'at most 1000 rows' });
    assertAllowed(caller, main.flag, 'save');
    assertAllowed(caller, child.flag, 'save');
    return this.writeTransaction([main.table, child.table], async (trx) => {
      const saved = await this.saveWith(trx, main, body.mainData as Record<string, unknown>);
      const childIds: number[] = [];
      for (const c of children as Record<string, unknown>[]) {
        const isNew = c.id === undefined || c.id === null || c.id === '' || c.id === 0;
        // a new child that was removed before saving is simply dropped
        if (isNew && (c.isdelete === 1 || c.isdelete === '1')) continue;
        if (!isNew) await this.assertChildOf(trx, child, bind, c.id, saved.id);
        const r = await this.saveWith(trx, child, { ...c, [bind]: saved.id });
        childIds.push(r.id);
      }
      return { id: saved.id, created: saved.created, children: childIds };
    });
  }

  private async assertChildOf(db: AnyDb, child: RegisteredTable, bind: string, rawId: unknown, parentId: number) {
    const [id] = parseIds(rawId);
    const row = await db.selectFrom(child.table).select(bind).where('id', '=', id!).executeTakeFirst();
    if (!row || Number(row[bind]) !== parentId) throw notFound('rowNotFound', { flag: child.flag, id: id! });
  }
}
