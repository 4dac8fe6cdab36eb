import type { EnumValue, Texts } from '@qb/contracts';
import { allowedTable, assertAllowed, type Caller } from '../access/index.ts';
import { rowScope, scopeExpression } from '../crud/rowScope.ts';
import type { CrudService } from '../crud/service.ts';
import { parseKeys } from '../crud/keys.ts';
import { asDataFailure } from '../crud/reads.ts';
import { ROW_VERSION_FIELD, sentVersion } from '../crud/versions.ts';
import { wasCut } from '../audit/log.ts';
import { ApiError, badRequest, notFound } from '../http/errors.ts';
import type { AppDb } from '../db/appDatabase.ts';
import type { TableRegistry } from '../schema/registry.ts';
import type { RegisteredTable } from '../schema/types.ts';
import { KEY_RUN_RANGE, runHolds } from '@qb/contracts/keyRuns';
import { goneReference, idsOfValues, keyValue, readReferencedRows } from './references.ts';
import { deletedValues, isDeleteRevision, lockedChange, type LogRow, type Revision, refusalOf, revisionOf, runValues, valuesAt } from './revisions.ts';

type Key = number | string;

/** The route's own checks of a save's params (a form's rules: boundForms/saves.ts), answering the params to write. */
export type SaveCheck = (flag: string, params: Record<string, unknown>) => Promise<unknown>;

/** revisions answered for one row: the newest ones (a row saved every minute for years still answers at once) */
export const MAX_REVISIONS = 200;
/** delete entries looked at for the list of deleted rows: the newest ones */
export const MAX_DELETES_READ = 5000;

/** Where a row stands now. */
type RowState = { state: 'live'; row: Record<string, unknown> } | { state: 'deleted'; row?: Record<string, unknown> } | { state: 'absent' };

/**
 * Every row's history, read from the operation log (audit/log.ts writes it in each write's transaction), and the
 * writes that take a row back: restore to a revision (through the normal save) and undelete (docs/history.md).
 */
export class HistoryService {
  constructor(
    private readonly crud: CrudService,
    private readonly registry: TableRegistry,
  ) {}

  /** the app's own database, typed: where the operation log is read (the generic service's `db` is the dynamic one) */
  private get appDb(): AppDb {
    return this.crud.db;
  }

  private keyOf(table: RegisteredTable, raw: unknown): Key {
    if (Array.isArray(raw)) throw badRequest('badParam', { name: 'id', reason: 'one key' });
    const keys = parseKeys(table, raw);
    if (keys.length !== 1) throw badRequest('badParam', { name: 'id', reason: 'one key' });
    return keys[0]!;
  }

  /**
   * The row's revisions, newest first, without the changes of columns the caller may not read (`table` is the table
   * as the caller sees it: access/fieldRules.ts); a restore then leaves those columns as they are.
   */
  private async revisionsOf(table: RegisteredTable, id: Key, from?: number): Promise<Revision[]> {
    const hidden = this.hiddenColumns(table);
    const revisions = await this.allRevisionsOf(table, id, from);
    if (hidden.length === 0) return revisions;
    // a write of hidden columns only is no revision to a caller who may not read them: not even when and by whom
    const visible = revisions.filter((r) => {
      const kept = r.changes.filter((c) => !hidden.includes(c.column));
      const onlyHidden = r.changes.length > 0 && kept.length === 0 && !r.run && r.action !== 'delete' && r.action !== 'undelete';
      r.changes = kept;
      return !onlyHidden;
    });
    return visible;
  }

  /** The columns the caller may not read: those of the registry's table that `table` (as the caller sees it) lacks. */
  private hiddenColumns(table: RegisteredTable): string[] {
    return [...this.registry.get(table.flag).columns.keys()].filter((name) => !table.columns.has(name));
  }

  /** The columns the caller may read but not write (read-only by its grants' field rules): a restore changes none. */
  private lockedColumns(table: RegisteredTable): Set<string> {
    const whole = this.registry.get(table.flag);
    return new Set([...table.columns.values()].filter((c) => c.readOnly && !whole.columns.get(c.name)?.readOnly).map((c) => c.name));
  }

  /** The row's revisions, newest first: the newest MAX_REVISIONS, or (`from`) every one from that entry on. */
  private async allRevisionsOf(table: RegisteredTable, id: Key, from?: number): Promise<Revision[]> {
    let query = this.appDb
      .selectFrom('sys_operationLog')
      .select(['id', 'action', 'loginid', 'createTime', 'changes'])
      .where('flag', '=', table.flag)
      .where('rowId', '=', String(id))
      .orderBy('id', 'desc');
    query = from === undefined ? query.limit(MAX_REVISIONS) : query.where('id', '>=', from);
    const rows = (await query.execute()).map((r) => revisionOf(table, r));
    if (typeof id === 'number') {
      // the run of keys (an import's batch, audit/log.ts) that inserted the row, if any: one entry per run of the table
      let runs = this.appDb
        .selectFrom('sys_operationLog')
        .select(['id', 'action', 'loginid', 'createTime', 'changes', 'rowId'])
        .where('flag', '=', table.flag)
        .where('rowId', '>=', KEY_RUN_RANGE[0])
        .where('rowId', '<', KEY_RUN_RANGE[1]);
      if (from !== undefined) runs = runs.where('id', '>=', from);
      // only these are read as runs: a text key that happens to look like one (#1-5) is a row of its own
      const holding = (await runs.execute()).filter((r) => runHolds(r.rowId, id)).map((r) => revisionOf(table, r, true));
      if (holding.length > 0) return [...rows, ...holding].sort((a, b) => b.id - a.id).slice(0, from === undefined ? MAX_REVISIONS : undefined);
    }
    return rows;
  }

  /**
   * The row as it is now. A caller held to some rows (a grant's row filter, crud/rowScope.ts) deals only with rows
   * that exist and match it, deleted or not: any other is not found (404), its history and values as hidden as its row.
   */
  private async stateOf(table: RegisteredTable, id: Key, caller: Caller | undefined): Promise<RowState> {
    const target = await this.crud.target(table);
    const scope = rowScope(caller, table, this.registry);
    // a key the engine refuses (a read-back table's uuid key given `abc`) is a 400 naming the key, not a 500
    const row = (await target.db
      .selectFrom(table.table)
      .selectAll()
      .where(table.primaryKey, '=', id)
      .where((eb) => scopeExpression(eb, scope, target.engine))
      .executeTakeFirst()
      .catch((err: unknown) => {
        throw asDataFailure(err, table, [[table.primaryKey, id]]);
      })) as Record<string, unknown> | undefined;
    if (!row && scope) throw notFound('rowNotFound', { flag: table.flag, id });
    if (!row) return { state: 'absent' };
    if (table.softDelete && Number(row.isdelete) === 1) return { state: 'deleted', row };
    return { state: 'live', row };
  }

  /** GET /api/history/: needs view on the table. `refusal` words why a revision cannot be restored. */
  async history(flag: unknown, rawId: unknown, caller: Caller | undefined, refusal: (err: ApiError) => { code: string; message: string }) {
    const table = allowedTable(this.registry, caller, flag, 'view');
    const id = this.keyOf(table, rawId);
    // the row first: one outside the caller's rows is not found before any revision is read
    const now = await this.stateOf(table, id, caller);
    const revisions = await this.revisionsOf(table, id);
    const hidden = this.hiddenColumns(table);
    const readable = (changes: Revision['changes']) => changes.filter((c) => !hidden.includes(c.column));
    for (const r of revisions) if (r.run) r.changes = readable(runValues(table, revisions, r, now.state === 'absent' ? undefined : now.row));
    const deleted = now.state !== 'live' && revisions.length > 0;
    const writable = !table.readOnly && !table.writtenBy;
    const fields: Record<string, { title: Texts; enum?: EnumValue[]; removed?: boolean; labels?: Record<string, string>; deleted?: string[] }> = {};
    const ids = new Map<string, Set<string>>();
    for (const r of revisions)
      for (const c of r.changes) {
        for (const v of [c.before, c.after]) idsOfValues(table, { [c.column]: v }, ids);
        if (fields[c.column]) continue;
        const column = table.columns.get(c.column);
        fields[c.column] = column
          ? { title: column.title ?? { zh: c.column, en: c.column }, ...(column.enum ? { enum: column.enum } : {}) }
          : { title: { zh: c.column, en: c.column }, removed: true };
      }
    // the rows the references name, read once: their labels, which are deleted, and which revisions would name one
    const referenced = await readReferencedRows(this.crud, this.registry, table, ids, caller);
    for (const [name, rows] of referenced) {
      const field = fields[name]!;
      const labels = [...rows].filter(([, row]) => row.label !== undefined);
      if (labels.length) field.labels = Object.fromEntries(labels.map(([id, row]) => [id, row.label!]));
      const gone = [...rows].filter(([, row]) => !row.live).map(([id]) => id);
      if (gone.length) field.deleted = gone;
    }
    const locked = this.lockedColumns(table);
    const answered = revisions.map((r, i) => {
      const current = i === 0;
      let refused = current ? undefined : !writable ? badRequest('ownedTable', { flag: table.flag }) : refusalOf(table, revisions, r, deleted);
      // the restore's own checks: a column the caller may not write, references (assertReferencesLive) on the same rows
      if (!current && !refused) refused = lockedChange(table, revisions, r, locked, now.state === 'live' ? now.row : undefined);
      if (!current && !refused) refused = goneReference(table, valuesAt(table, revisions, r), referenced);
      return {
        id: r.id,
        action: r.action,
        loginid: r.loginid,
        createTime: r.createTime,
        changes: r.changes,
        current,
        restorable: !current && !refused,
        ...(refused ? { refusal: refusal(refused) } : {}),
      };
    });
    return { revisions: answered, deleted, fields };
  }

  /** The write access a restore or an undelete needs: the grant, and a table the generic writes may change. */
  private writableTable(flag: unknown, caller: Caller | undefined, action: 'save' | 'delete'): RegisteredTable {
    const table = allowedTable(this.registry, caller, flag, 'save');
    if (action === 'delete') assertAllowed(caller, table.flag, 'delete');
    if (table.readOnly || table.writtenBy) throw badRequest('ownedTable', { flag: table.flag });
    return table;
  }

  /** Every value that names another row must still name a live one (a restored category of a deleted subject is refused). */
  private async assertReferencesLive(table: RegisteredTable, values: Record<string, unknown>, caller: Caller | undefined): Promise<void> {
    const rows = await readReferencedRows(this.crud, this.registry, table, idsOfValues(table, values), caller);
    const gone = goneReference(table, values, rows);
    if (gone) throw gone;
  }

  /** POST /api/history/restore/: the row back to the state right after `revision`, through the normal save. */
  async restore(body: { _flag?: unknown; id?: unknown; revision?: unknown; _version?: unknown }, caller: Caller | undefined, check?: SaveCheck) {
    const table = this.writableTable(body._flag, caller, 'save');
    const id = this.keyOf(table, body.id);
    if (typeof body.revision !== 'number' || !Number.isSafeInteger(body.revision)) throw badRequest('badParam', { name: 'revision', reason: 'an entry id' });
    const version = sentVersion(body._version);
    // the row first: one outside the caller's rows is not found before any revision is read (as a missing one)
    const now = await this.stateOf(table, id, caller);
    // the chosen revision and those after it: all a restore reads
    const revisions = await this.revisionsOf(table, id, body.revision);
    const chosen = revisions.find((r) => r.id === body.revision);
    if (!chosen) throw notFound('revisionNotFound', { flag: table.flag, id, revision: body.revision });
    if (now.state !== 'live') throw new ApiError(409, 'restoreRowDeleted');
    if (isDeleteRevision(chosen)) throw new ApiError(409, 'restoreDeleteRevision');
    const values = valuesAt(table, revisions, chosen);
    // a column the caller may read but not write is never changed by its restore: refused, not silently left
    const locked = lockedChange(table, revisions, chosen, this.lockedColumns(table), now.row);
    if (locked) throw locked;
    await this.assertReferencesLive(table, values, caller);
    // only what differs from the row as it is: the restore's revision lists what it changed back
    const params: Record<string, unknown> = { id, ...(version !== undefined ? { [ROW_VERSION_FIELD]: version } : {}) };
    const columns: string[] = [];
    for (const [name, value] of Object.entries(values)) {
      if (sameValue(now.row[name], value)) continue;
      params[name] = value;
      columns.push(name);
    }
    // a table bound to a form: the form's rules, as for any save (boundForms/saves.ts)
    const checked = check && columns.length > 0 ? ((await check(table.flag, params)) as Record<string, unknown>) : params;
    const target = await this.crud.target(table);
    // the version (when sent) is compared inside the write: a row changed since this read is refused there, and a row
    // already in that state writes nothing but still has its version compared
    await this.crud.writeTransaction([table.table], (trx) => this.crud.saveWith(trx, table, checked, target.engine), target, {
      caller,
      operation: 'restore',
    });
    return { id, columns };
  }

  /** POST /api/history/undelete/: a deleted row back; needs save and delete. */
  async undelete(body: { _flag?: unknown; id?: unknown }, caller: Caller | undefined, check?: SaveCheck) {
    const table = this.writableTable(body._flag, caller, 'delete');
    const id = this.keyOf(table, body.id);
    const now = await this.stateOf(table, id, caller);
    if (now.state === 'live') throw new ApiError(409, 'rowNotDeleted', { flag: table.flag, id });
    let again: { values: Record<string, unknown>; kept: Record<string, unknown> } | undefined;
    if (now.state === 'deleted') {
      await this.assertReferencesLive(table, referenceValues(table, now.row!), caller);
    } else {
      // deleted for good: its values are those its delete logged (every column's, read as the whole table)
      const whole = this.registry.get(table.flag);
      const deletion = (await this.allRevisionsOf(whole, id)).find(isDeleteRevision);
      if (!deletion) throw notFound('rowNotFound', { flag: table.flag, id });
      // written as the caller's save: the columns it may write
      const values = deletedValues(table, deletion);
      await this.assertReferencesLive(table, values, caller);
      // kept as they were: what the server fills, and the columns the caller's field rules make read-only or hide (a
      // row brought back by a role that may not write or read a column gets that column back, not its default)
      const locked = this.lockedColumns(table);
      const kept: Record<string, unknown> = {};
      for (const change of deletion.changes) {
        const column = whole.columns.get(change.column);
        if (!column || column.secret || change.before === null || change.before === undefined || wasCut(change, 'before')) continue;
        if (column.serverFilled || locked.has(column.name) || !table.columns.has(column.name)) kept[change.column] = change.before;
      }
      again = { values: check ? ((await check(table.flag, values)) as Record<string, unknown>) : values, kept };
    }
    const target = await this.crud.target(table);
    await this.crud.writeTransaction([table.table], (trx) => this.crud.undeleteWith(trx, table, id, again, target.engine), target, {
      caller,
      operation: 'undelete',
    });
    return { id };
  }

  /** GET /api/history/deleted/: the rows whose delete is logged and that are still deleted, newest delete first. */
  async deletedRows(query: { _flag?: unknown; page?: unknown; row?: unknown }, caller: Caller | undefined) {
    const table = allowedTable(this.registry, caller, query._flag, 'delete');
    const page = positive(query.page, 'page', 1, 1_000_000);
    const size = positive(query.row, 'row', 20, 100);
    const entries = await this.appDb
      .selectFrom('sys_operationLog')
      .select(['id', 'action', 'loginid', 'createTime', 'changes', 'rowId'])
      .where('flag', '=', table.flag)
      .where('action', '=', 'delete')
      .orderBy('id', 'desc')
      .limit(MAX_DELETES_READ)
      .execute();
    const newest = new Map<string, LogRow & { rowId: string | null }>();
    for (const e of entries) if (e.rowId !== null && !newest.has(e.rowId)) newest.set(e.rowId, e);
    const target = await this.crud.target(table);
    const labelColumn = namingColumn(table);
    // a caller held to some rows sees the deleted ones among them; a row deleted for good no filter can be read on
    const scope = rowScope(caller, table, this.registry);
    // which of them are still deleted, read in chunks
    const still: { entry: LogRow & { rowId: string | null }; row?: Record<string, unknown> }[] = [];
    const list = [...newest.values()];
    for (let i = 0; i < list.length; i += 500) {
      const chunk = list.slice(i, i + 500);
      const keys = chunk.map((e) => keyValue(table, e.rowId!)).filter((k): k is Key => k !== undefined);
      const rows = keys.length
        ? ((await target.db
            .selectFrom(table.table)
            .selectAll()
            .where(table.primaryKey, 'in', keys)
            .where((eb) => scopeExpression(eb, scope, target.engine))
            .execute()) as Record<string, unknown>[])
        : [];
      const byKey = new Map(rows.map((r) => [String(r[table.primaryKey]), r]));
      for (const e of chunk) {
        const row = byKey.get(e.rowId!);
        if (!row) {
          if (!scope) still.push({ entry: e });
        } else if (table.softDelete && Number(row.isdelete) === 1) still.push({ entry: e, row });
      }
    }
    const shown = still.slice((page - 1) * size, page * size).map(({ entry, row }) => {
      const revision = revisionOf(table, entry);
      const logged = revision.changes.find((c) => c.column === labelColumn)?.before;
      const label = labelColumn ? (row?.[labelColumn] ?? logged ?? null) : null;
      return {
        id: keyValue(table, entry.rowId!) ?? entry.rowId!,
        label: label === null || label === undefined ? null : String(label),
        loginid: revision.loginid,
        deletedAt: revision.createTime,
        revision: revision.id,
      };
    });
    return { rows: shown, total: still.length };
  }
}

const sameValue = (a: unknown, b: unknown) =>
  (a === null || a === undefined ? null : String(a instanceof Date ? a.toISOString() : a)) === (b === null || b === undefined ? null : String(b));

function positive(raw: unknown, name: string, fallback: number, max: number): number {
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > max) throw badRequest('badParam', { name, reason: `an integer from 1 to ${max}` });
  return n;
}

/** The column that names a row: `name` when there is one, else the first text column. */
function namingColumn(table: RegisteredTable): string | undefined {
  if (table.columns.has('name') && !table.columns.get('name')!.secret) return 'name';
  return [...table.columns.values()].find((c) => c.type === 'nvarchar' && !c.secret && c.name !== table.primaryKey)?.name;
}

function referenceValues(table: RegisteredTable, row: Record<string, unknown>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const column of table.columns.values()) if (column.references) values[column.name] = row[column.name];
  return values;
}
