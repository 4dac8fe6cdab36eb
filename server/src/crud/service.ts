import { hasOwnKey, ownValue } from '@qb/contracts';
import { type Expression, type SqlBool, sql } from 'kysely';
import { allowedTable, assertAllowed, type Caller } from '../access/index.ts';
import type { AnyDb } from '../db/connection.ts';
import { insertReturningKey } from '../db/insert.ts';
import { ApiError, badRequest, notFound } from '../http/errors.ts';
import type { SourceEngine } from '../datasources/engines.ts';
import type { RegisteredTable } from '../schema/types.ts';
import { bumpRowVersions, WrittenTables } from './countCache.ts';
import { keyRunRowId, keyRuns } from '@qb/contracts/keyRuns';
import { AuditLog, type AuditEntry, type WriteAudit } from '../audit/log.ts';
import type { RowChange } from '../hooks/tableHooks.ts';
import { isNewRow, parseIds, parseKeys } from './keys.ts';
import { rowScope, scopeExpression } from './rowScope.ts';
import { asDataFailure, CrudReads, type Target } from './reads.ts';
import { nowText } from '../db/time.ts';
import { toAnswerRow, toStoredValue } from './values.ts';
import { ROW_VERSION_FIELD, RowConflict, rowVersionOf, sentVersion } from './versions.ts';

export { MAX_ROWS_PER_PAGE, type SelectPlan, type SelectQuery, type StreamingOptions } from './reads.ts';

type Key = number | string;

/**
 * One generic service over every registered table: the reads of CrudReads, and save, delete and
 * master-slave save. Every write runs in one transaction on the table's own connection, runs the
 * table's hooks inside it (a bill flow moves its member's balance) and after it commits.
 */
/** Whether a save's values mark the row deleted (isdelete 1): it needs the delete grant. */
function setsDeleted(params: Record<string, unknown>): boolean {
  return params.isdelete !== undefined && params.isdelete !== null && String(params.isdelete) !== '0' && params.isdelete !== false && params.isdelete !== '';
}

export class CrudService extends CrudReads {
  /** the rows each open write transaction changed, for the hooks that run once it has committed */
  private readonly changesOf = new WeakMap<AnyDb, RowChange[]>();
  /** the key runs (recordInsertRuns) each open write transaction logs, action filled at the end */
  private readonly keyRunsOf = new WeakMap<AnyDb, Omit<AuditEntry, 'action'>[]>();
  /** who asked for the write running on a transaction (the hooks' rules read it) */
  private readonly callersOf = new WeakMap<AnyDb, Caller | undefined>();
  /** the engine of each write transaction's connection (a row filter's conditions are built for it) */
  private readonly enginesOf = new WeakMap<AnyDb, SourceEngine>();
  /** the operation log every write path writes to (server/src/audit/) */
  readonly auditLog = new AuditLog();

  /** Checks and converts a params object into column values; an unknown or wrong value is a 400. */
  toColumnValues(table: RegisteredTable, params: unknown, mode: 'insert' | 'update'): Record<string, unknown> {
    if (typeof params !== 'object' || params === null || Array.isArray(params)) {
      throw badRequest('badParam', { name: 'params', reason: 'an object is required' });
    }
    // a caller whose field rules leave out a column every new row needs adds no row (issue 33: named by nothing hidden)
    if (mode === 'insert' && table.insertNeedsUnwritable) throw new ApiError(403, 'insertNeedsUnwritable');
    const values: Record<string, unknown> = {};
    const given = params as Record<string, unknown>;
    for (const name of Object.keys(given)) {
      const raw = given[name];
      // `id` names the row to edit (the generic API's convention), whatever the table's key column is; `_version` is
      // the version of the row the client read (crud/versions.ts), no column
      if (name === 'id' || name === ROW_VERSION_FIELD) continue;
      // what a list answers beside a creator column (createdByName): a client saving back the row it read sends it
      if (name.endsWith('Name') && table.columns.get(name.slice(0, -'Name'.length))?.creator) continue;
      const column = this.registry.column(table, name, 'write');
      // a column named twice (by its name and by an alias) would let the later spelling override a bound value
      if (hasOwnKey(values, column.name)) throw badRequest('badParam', { name, reason: 'given twice' });
      if (column.serverFilled || column.readOnly) continue;
      const value = toStoredValue(column, raw);
      if (column.name === 'isdelete' && value !== 0 && value !== 1) throw badRequest('badValue', { column: 'isdelete', expected: '0 or 1' });
      if (value === null && column.required) throw badRequest('required', { column: name });
      values[column.name] = value;
    }
    if (mode === 'update' && hasOwnKey(values, table.primaryKey))
      throw badRequest('badParam', { name: table.primaryKey, reason: 'the key of a row cannot be changed' });
    if (mode === 'insert') {
      for (const column of table.columns.values()) {
        // the creator is filled by insert() from the transaction's caller
        if (column.name === 'id' || hasOwnKey(values, column.name) || column.readOnly || column.creator) continue;
        if (column.serverFilled) values[column.name] = nowText();
        else if (column.defaultValue !== undefined) values[column.name] = column.defaultValue;
        else if (column.required) throw badRequest('required', { column: column.name });
      }
    }
    return values;
  }

  /** Inserts a row of a table on its connection and answers its key; the creator column (createdBy) is the caller's. */
  insert(db: AnyDb, table: RegisteredTable, values: Record<string, unknown>, engine = this.engine): Promise<Key> {
    return insertReturningKey(db, engine, table.table, { ...this.creatorValues(db, table), ...values }, table.primaryKey);
  }

  /**
   * What a row inserted in this transaction gets as its creator (the columns marked `creator`: createdBy): the account
   * whose write it is; null for the server's own writes. Every insert path adds these (crud insert, the imports).
   */
  creatorValues(db: AnyDb, table: RegisteredTable): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    const caller = this.callersOf.get(db);
    for (const column of table.columns.values()) if (column.creator) out[column.name] = caller && !caller.system && caller.id > 0 ? caller.id : null;
    return out;
  }

  /** Inserts a row of a built-in table (generated integer id) on the local database and answers the id. */
  async insertId(db: AnyDb, table: RegisteredTable, values: Record<string, unknown>): Promise<number> {
    const id = Number(await this.insert(db, table, values));
    // a service's insert (an import's new category) is held to the caller's rows as a save is
    await this.assertInScope(db, table, id);
    return id;
  }

  /**
   * Whether a row is live for the write of transaction `db`: its key matches, on a soft-delete table it is not deleted,
   * and it is one of the caller's rows (crud/rowScope.ts): a row outside is not found (404), as in a list.
   */
  private live(table: RegisteredTable, keys: Key[], db: AnyDb) {
    const scope = rowScope(this.callersOf.get(db), table, this.registry);
    const engine = this.enginesOf.get(db) ?? this.engine;
    return (eb: any) => eb.and([eb(table.primaryKey, 'in', keys), ...(table.softDelete ? [eb('isdelete', '=', 0)] : []), scopeExpression(eb, scope, engine)]);
  }

  /** Whether the caller of transaction `db` is held to some rows of the table (a grant's row filter). */
  scoped(db: AnyDb, table: RegisteredTable): boolean {
    return rowScope(this.callersOf.get(db), table, this.registry) !== undefined;
  }

  /**
   * Rows a service inserted in transaction `db` with statements of its own (`ours` finds them: an import's batches)
   * must all be the caller's rows, else the write is refused (403 ROW_OUT_OF_SCOPE) and rolls back.
   */
  async assertInsertedInScope(db: AnyDb, table: RegisteredTable, ours: (eb: any) => Expression<SqlBool>): Promise<void> {
    const scope = rowScope(this.callersOf.get(db), table, this.registry);
    if (!scope) return;
    const engine = this.enginesOf.get(db) ?? this.engine;
    const count = async (inScope: boolean) =>
      Number(
        (
          (await db
            .selectFrom(table.table)
            .select((eb: any) => eb.fn.countAll().as('n'))
            .where((eb: any) => (inScope ? eb.and([ours(eb), scopeExpression(eb, scope, engine)]) : ours(eb)))
            .executeTakeFirst()) as { n?: unknown } | undefined
        )?.n ?? 0,
      );
    if ((await count(false)) !== (await count(true))) throw new ApiError(403, 'rowOutOfScope', { flag: table.flag });
  }

  /**
   * Rows the caller inserted or changed in transaction `db` must still be its rows (crud/rowScope.ts), else the write
   * is refused (403 ROW_OUT_OF_SCOPE, and the transaction rolls back). `ids`: one key, or a batch's (≤ 1,000).
   */
  async assertInScope(db: AnyDb, table: RegisteredTable, ids: Key | Key[], engine: SourceEngine = this.enginesOf.get(db) ?? this.engine): Promise<void> {
    const scope = rowScope(this.callersOf.get(db), table, this.registry);
    if (!scope) return;
    const keys = Array.isArray(ids) ? ids : [ids];
    const found = await db
      .selectFrom(table.table)
      .select((eb: any) => eb.fn.countAll().as('n'))
      .where(table.primaryKey, 'in', keys)
      .where((eb: any) => scopeExpression(eb, scope, engine))
      .executeTakeFirst();
    if (Number((found as { n?: unknown } | undefined)?.n ?? 0) !== new Set(keys.map(String)).size)
      throw new ApiError(403, 'rowOutOfScope', { flag: table.flag });
  }

  /** Records a change for the hooks: inside the transaction at once, after the commit with the others. */
  private async changed(db: AnyDb, change: RowChange): Promise<void> {
    await this.hooks.afterWrite(db, change, this.callersOf.get(db));
    this.changesOf.get(db)?.push(change);
  }

  /**
   * Records rows a caller wrote with statements of its own (an import's batched inserts) as the save records each
   * row: the table's hooks run, and the operation log gets one entry per row with its values.
   */
  async recordChanges(db: AnyDb, changes: RowChange[]): Promise<void> {
    for (const change of changes) await this.changed(db, change);
  }

  /**
   * Records rows a caller inserted many at once with statements of its own, with integer keys (an import's batches):
   * the table's hooks run per row as for a save, and the operation log gets one entry per run of consecutive keys
   * (rowId `#first-last`, audit/log.ts) instead of one per row: 100,000 imported rows are a hundred or so entries, and
   * a row's history still starts with its import (history/revisions.ts gives that revision the values of the time).
   */
  async recordInsertRuns(db: AnyDb, table: RegisteredTable, rows: { id: number; after: Record<string, unknown> }[]): Promise<void> {
    // the rows matter to the table's hooks only (the log takes their runs): a table without hooks skips 100,000 records
    if (this.hooks.has(table.flag)) for (const r of rows) await this.changed(db, { table, action: 'insert', id: r.id, after: r.after, inKeyRun: true });
    const runs = this.keyRunsOf.get(db);
    for (const [first, last] of keyRuns(rows.map((r) => r.id)))
      runs?.push({ flag: table.flag, rowId: keyRunRowId(first, last), summary: JSON.stringify({ rows: last - first + 1 }) });
  }

  /**
   * Insert without `id`, update with `id` (only the fields sent); answers the row's key. `db` is the
   * caller's transaction on the table's connection (`engine` its engine).
   */
  async saveWith(db: AnyDb, table: RegisteredTable, params: Record<string, unknown>, engine = this.engine): Promise<{ id: Key; created: boolean }> {
    try {
      return await this.saveRowWith(db, table, params, engine);
    } catch (err) {
      const nameOf = (name: string) => (name === 'id' ? table.primaryKey : ((table.aliases && ownValue(table.aliases, name)) ?? name));
      const touched: [string, unknown][] = Object.entries(params).map(([name, value]) => [nameOf(name), value]);
      throw asDataFailure(err, table, touched);
    }
  }

  private async saveRowWith(
    db: AnyDb,
    table: RegisteredTable,
    params: Record<string, unknown>,
    engine: typeof this.engine,
  ): Promise<{ id: Key; created: boolean }> {
    if (isNewRow(params)) {
      const values = this.toColumnValues(table, params, 'insert');
      const id = await this.insert(db, table, values, engine);
      await this.assertInScope(db, table, id, engine);
      await this.changed(db, { table, action: 'insert', id, after: { ...values, [table.primaryKey]: id } });
      return { id, created: true };
    }
    const [id] = parseKeys(table, params.id) as [Key];
    const version = sentVersion(ownValue(params, ROW_VERSION_FIELD));
    const values = this.toColumnValues(table, params, 'update');
    const before = await this.readForWrite(db, table, id, engine, version !== undefined);
    if (!before) throw notFound('rowNotFound', { flag: table.flag, id });
    if (version !== undefined) await this.assertVersion(table, id, before, version);
    if (Object.keys(values).length > 0) {
      await db
        .updateTable(table.table)
        .set(values)
        .where(this.live(table, [id], db))
        .execute();
      // a save that deletes the row leaves it, whatever the filter says of it; any other must keep it in the caller's rows
      if (!setsDeleted(values)) await this.assertInScope(db, table, id, engine);
      await this.changed(db, { table, action: 'update', id, before, after: { ...before, ...values } });
    }
    return { id, created: false };
  }

  /**
   * Brings a deleted row back inside the caller's transaction (the history's undelete, history/service.ts): a
   * soft-deleted row is marked live again; a row deleted for good is inserted again with its key, `values` checked as
   * a new row's are and `kept` (what the server had filled: createTime) as they were. The hooks and the log see the
   * change as any other write.
   */
  async undeleteWith(
    db: AnyDb,
    table: RegisteredTable,
    id: Key,
    again: { values: Record<string, unknown>; kept: Record<string, unknown> } | undefined,
    engine = this.engine,
  ): Promise<void> {
    try {
      const key = table.primaryKey;
      if (table.softDelete) {
        const before = await db.selectFrom(table.table).selectAll().where(key, '=', id).where('isdelete', '=', 1).executeTakeFirst();
        if (!before) throw new ApiError(409, 'rowNotDeleted', { flag: table.flag, id });
        await db.updateTable(table.table).set({ isdelete: 0 }).where(key, '=', id).where('isdelete', '=', 1).execute();
        await this.changed(db, { table, action: 'update', id, before, after: { ...before, isdelete: 0 } });
        return;
      }
      // `id` names the row in a save's values, not a column: a key of another name is checked as the column it is
      const values = { ...(again?.values ?? {}), ...(key === 'id' ? {} : { [key]: id }) };
      const row = { ...this.toColumnValues(table, values, 'insert'), ...(again?.kept ?? {}), [key]: id };
      await this.insert(db, table, row, engine);
      await this.changed(db, { table, action: 'insert', id, after: row });
    } catch (err) {
      throw asDataFailure(err, table, [[table.primaryKey, id]]);
    }
  }

  /**
   * The live row a write is about to change, read inside its transaction. With `lock` (the write carries a version
   * to compare) the row is locked until the commit, so that two writes carrying the same version cannot both pass
   * the compare: PostgreSQL, MySQL and Oracle by `for update`, SQL Server by an update of the row to itself (its
   * `with (updlock)` hint has no query-builder form). SQLite needs none: its one writer connection runs one
   * transaction at a time.
   */
  private async readForWrite(
    db: AnyDb,
    table: RegisteredTable,
    id: Key,
    engine: typeof this.engine,
    lock: boolean,
  ): Promise<Record<string, unknown> | undefined> {
    const query = db
      .selectFrom(table.table)
      .selectAll()
      .where(this.live(table, [id], db));
    if (!lock || engine === 'sqlite') return query.executeTakeFirst();
    if (engine === 'mssql') {
      const column = [...table.columns.keys()].find((name) => name !== table.primaryKey && !table.columns.get(name)!.readOnly) ?? table.primaryKey;
      await db
        .updateTable(table.table)
        .set({ [column]: sql.ref(column) })
        .where(this.live(table, [id], db))
        .execute();
      return query.executeTakeFirst();
    }
    return query.forUpdate().executeTakeFirst();
  }

  /** A write carrying a version other than the stored row's is refused: 409 with the current row (crud/versions.ts). */
  private async assertVersion(table: RegisteredTable, id: Key, stored: Record<string, unknown>, version: string): Promise<void> {
    const current = toAnswerRow(table, stored);
    const now = rowVersionOf(table, current);
    if (now === version) return;
    // the current row as a list answers it (the creator named too)
    await this.nameCreators(table, [current]);
    throw new RowConflict(table, id, { ...current, [ROW_VERSION_FIELD]: now });
  }

  /**
   * Every write runs in one of these: `work` gets the transaction, and before it commits the row
   * versions of the local tables it wrote are bumped (crud/countCache.ts), so that every instance's
   * cached totals of those tables are stale from the commit on. The tables are `tables` plus every
   * table a query built on the transaction writes (a hook's too); raw SQL must name its tables here.
   */
  async writeTransaction<T>(tables: string[], work: (trx: AnyDb) => Promise<T>, target?: Target, audit?: WriteAudit): Promise<T> {
    const changes: RowChange[] = [];
    const runs: Omit<AuditEntry, 'action'>[] = [];
    const local = target?.local ?? true;
    const written = new WrittenTables();
    const entries = (done: T) => {
      if (!audit?.single) return [...this.auditLog.entriesOf(changes, audit), ...runs.map((r) => ({ ...r, action: audit?.operation ?? 'save' }))];
      const one = audit.single(done);
      return [{ flag: one.flag, action: one.action, summary: one.summary, ...(one.rowId ? { rowId: one.rowId } : {}) }];
    };
    const result = await (target?.db ?? this.db).transaction().execute(async (trx) => {
      const tracked = local ? trx.withPlugin(written) : trx;
      this.changesOf.set(tracked, changes);
      this.keyRunsOf.set(tracked, runs);
      this.callersOf.set(tracked, audit?.caller);
      this.enginesOf.set(tracked, target?.engine ?? this.engine);
      const done = await work(tracked);
      // the operation log commits or rolls back with the write (on the local database; another source's writes are logged after)
      if (local) await this.auditLog.write(tracked, audit?.caller, entries(done));
      if (local) await bumpRowVersions(trx, this.engine, [...tables, ...written.tables]);
      return done;
    });
    if (!local) await this.auditLog.write(this.db, audit?.caller, entries(result));
    if (local) this.counts.committed([...tables, ...written.tables]);
    if (local) this.searchUpkeep.written([...tables, ...written.tables]);
    await this.hooks.afterCommit(changes);
    return result;
  }

  /** The generic writes refuse a table whose writes belong to a service of its own (accounts). */
  private assertGenericWrite(table: RegisteredTable) {
    if (table.writtenBy) throw badRequest('ownedTable', { flag: table.flag });
  }

  async save(flag: unknown, params: unknown, caller: Caller | undefined) {
    const table = allowedTable(this.registry, caller, flag, 'save');
    this.assertGenericWrite(table);
    if (typeof params !== 'object' || params === null || Array.isArray(params)) {
      throw badRequest('badParam', { name: 'params', reason: 'an object is required' });
    }
    // a save that deletes is a delete
    if (setsDeleted(params as Record<string, unknown>)) assertAllowed(caller, table.flag, 'delete');
    const target = await this.target(table);
    return this.writeTransaction([table.table], (trx) => this.saveWith(trx, table, params as Record<string, unknown>, target.engine), target, { caller });
  }

  /**
   * Soft delete (isdelete 1) of one id or a list; all or nothing: an unknown id changes nothing. With `_version`
   * (one id only) the row must still be the one the client read: a delete of a row changed since is a 409 CONFLICT.
   */
  async delete(flag: unknown, rawId: unknown, caller: Caller | undefined, rawVersion?: unknown) {
    const table = allowedTable(this.registry, caller, flag, 'delete');
    this.assertGenericWrite(table);
    const ids = parseKeys(table, rawId);
    const version = sentVersion(rawVersion);
    if (version !== undefined && ids.length !== 1) throw badRequest('badParam', { name: ROW_VERSION_FIELD, reason: 'a version goes with one id' });
    const target = await this.target(table);
    return this.writeTransaction(
      [table.table],
      (trx) => this.deleteWith(trx, table, ids, version === undefined ? undefined : { version, engine: target.engine }),
      target,
      { caller },
    );
  }

  parseIds(rawId: unknown): number[] {
    return parseIds(rawId);
  }

  /** The delete inside a caller's transaction: every key must name a live row, else nothing changes. */
  async deleteWith(trx: AnyDb, table: RegisteredTable, ids: Key[], expected?: { version: string; engine: SourceEngine }) {
    try {
      if (expected) {
        const stored = await this.readForWrite(trx, table, ids[0]!, expected.engine, true);
        if (stored) await this.assertVersion(table, ids[0]!, stored, expected.version);
      }
      return await this.deleteRowsWith(trx, table, ids);
    } catch (err) {
      throw asDataFailure(
        err,
        table,
        ids.map((id) => [table.primaryKey, id]),
      );
    }
  }

  private async deleteRowsWith(trx: AnyDb, table: RegisteredTable, ids: Key[]) {
    const key = table.primaryKey;
    const live = await trx
      .selectFrom(table.table)
      .selectAll()
      .where(this.live(table, ids, trx))
      .execute();
    if (live.length !== ids.length) {
      const found = new Set(live.map((r) => String(r[key])));
      throw notFound('rowNotFound', { flag: table.flag, id: ids.find((id) => !found.has(String(id)))! });
    }
    if (table.softDelete) await trx.updateTable(table.table).set({ isdelete: 1 }).where(key, 'in', ids).execute();
    else await trx.deleteFrom(table.table).where(key, 'in', ids).execute();
    for (const before of live) {
      const after = table.softDelete ? { ...before, isdelete: 1 } : undefined;
      await this.changed(trx, { table, action: 'delete', id: before[key] as Key, before, ...(after ? { after } : {}) });
    }
    return { ids };
  }

  /** Main row and its children in one transaction; children are bound to the main row by `bindField`. */
  async masterSlave(
    body: { _flag?: unknown; _flagChidren?: unknown; mainData?: unknown; chidrenData?: unknown; bindField?: unknown },
    caller: Caller | undefined,
  ) {
    const main = allowedTable(this.registry, caller, body._flag, 'save');
    const child = allowedTable(this.registry, caller, body._flagChidren, 'save');
    this.assertGenericWrite(main);
    this.assertGenericWrite(child);
    if (typeof body.bindField !== 'string') throw badRequest('badParam', { name: 'bindField', reason: 'required' });
    const bindColumn = this.registry.column(child, body.bindField);
    // the bind column must point at the main table: `id` (or any other column) would turn a new child into an update of another row
    if (bindColumn.references !== main.flag) {
      throw badRequest('bindFieldNotReference', { child: child.flag, main: main.flag });
    }
    const bind = bindColumn.name;
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
    if (setsDeleted(body.mainData as Record<string, unknown>)) assertAllowed(caller, main.flag, 'delete');
    if ((children as Record<string, unknown>[]).some((c) => !isNewRow(c) && setsDeleted(c))) assertAllowed(caller, child.flag, 'delete');
    const target = await this.target(main);
    // one transaction can only span one connection
    if (child.source !== main.source) throw badRequest('bindFieldNotReference', { child: child.flag, main: main.flag });
    return this.writeTransaction(
      [main.table, child.table],
      async (trx) => {
        const saved = await this.saveWith(trx, main, body.mainData as Record<string, unknown>, target.engine);
        const childIds: Key[] = [];
        for (const c of children as Record<string, unknown>[]) {
          const isNew = isNewRow(c);
          // a new child that was removed before saving is simply dropped
          if (isNew && (c.isdelete === 1 || c.isdelete === '1')) continue;
          if (!isNew) await this.assertChildOf(trx, child, bind, c.id, saved.id);
          const r = await this.saveWith(trx, child, { ...c, [bind]: saved.id }, target.engine);
          childIds.push(r.id);
        }
        return { id: saved.id, created: saved.created, children: childIds };
      },
      target,
      { caller, operation: 'masterSlave' },
    );
  }

  private async assertChildOf(db: AnyDb, child: RegisteredTable, bind: string, rawId: unknown, parentId: Key) {
    const [id] = parseKeys(child, rawId) as [Key];
    const row = await db
      .selectFrom(child.table)
      .select(bind)
      .where(child.primaryKey, '=', id)
      .executeTakeFirst()
      .catch((err: unknown) => Promise.reject(asDataFailure(err, child, [[child.primaryKey, id]])));
    if (!row || String(row[bind]) !== String(parentId)) throw notFound('rowNotFound', { flag: child.flag, id });
  }
}
