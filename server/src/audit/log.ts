import { CompiledQuery, type Insertable } from 'kysely';
import { loginLogReason } from '@qb/contracts/loginReasons';
import type { Caller } from '../access/index.ts';
import type { RowChange } from '../hooks/tableHooks.ts';
import { nowText } from '../db/time.ts';
import type { AppDb, AppDatabase, AppTrx } from '../db/appDatabase.ts';

/** Who makes a write and how it is logged (every write path passes one: docs/permissions.md, "Audit"). */
export interface WriteAudit {
  caller: Caller | undefined;
  /** logged as this operation (a master-slave save, an import's rows, a restore from the history) rather than save/delete per row */
  operation?: 'masterSlave' | 'import' | 'restore' | 'undelete';
  /** one entry for the whole write instead of one per row (an import: its counts), made from the write's result */
  single?: (result: unknown) => { flag: string; action: string; summary: string; rowId?: string };
}

export interface AuditEntry {
  flag: string;
  action: string;
  rowId?: string;
  summary?: string;
  changes?: FieldChange[];
  /** a row's change, whose fields are compared when the entry is written (a batch at a time: an import saves 200,000) */
  change?: RowChange;
}

/** One field a write changed. `cut`: which of its values were too long to keep whole (not restorable). */
export interface FieldChange {
  column: string;
  before: unknown;
  after: unknown;
  cut?: ('before' | 'after')[];
}

/** The operation log's columns, in the order a batch binds them. */
const LOG_COLUMNS = ['userId', 'loginid', 'flag', 'action', 'rowId', 'changes', 'summary', 'createTime', 'isdelete'] as const;
/** entries per insert: 9 values each, within every engine's limit on bound values (SQLite 32,766, PostgreSQL 65,535) */
const LOG_BATCH = 1000;

/** Tables whose writes are not logged: the logs themselves. */
const UNLOGGED = new Set(['sys_operationLog', 'sys_loginLog']);
/**
 * A value longer than this is cut in the log, so that one entry stays bounded; it is marked cut and cannot be restored
 * (docs/history.md). Earlier releases cut at 1,000 characters and marked nothing: `wasCut` recognises those.
 */
export const MAX_LOGGED_VALUE = 100_000;
const LEGACY_MAX_VALUE = 1000;

const tooLong = (v: unknown) => typeof v === 'string' && v.length > MAX_LOGGED_VALUE;
/** A value as the log keeps it: a long text cut (marked apart), a driver's date as an ISO instant. */
export const loggedValue = (v: unknown): unknown => {
  if (v === undefined) return null;
  if (typeof v === 'string' && v.length > MAX_LOGGED_VALUE) return `${v.slice(0, MAX_LOGGED_VALUE)}…`;
  if (v instanceof Date) return v.toISOString();
  return v;
};

/** Whether a logged value is not the whole value: marked cut, or cut by an earlier release (1,000 characters and an ellipsis). */
export function wasCut(change: FieldChange, side: 'before' | 'after'): boolean {
  if (change.cut?.includes(side)) return true;
  const v = change[side];
  return typeof v === 'string' && v.length === LEGACY_MAX_VALUE + 1 && v.endsWith('…');
}
const same = (a: unknown, b: unknown) => (a === null || a === undefined ? null : String(a)) === (b === null || b === undefined ? null : String(b));

/** The fields a change altered, with their values before and after; secret columns (a password hash) never appear. */
export function changedFields(change: RowChange): FieldChange[] {
  const columns = new Set([...Object.keys(change.before ?? {}), ...Object.keys(change.after ?? {})]);
  const fields: FieldChange[] = [];
  for (const column of columns) {
    const meta = change.table.columns.get(column);
    if (meta?.secret || column === 'pass') continue;
    const before = change.before?.[column];
    const after = change.action === 'delete' && !change.after ? undefined : change.after?.[column];
    if (change.action === 'update' || (change.action === 'delete' && change.after)) {
      if (same(before, after)) continue;
    }
    if (change.action === 'insert' && (after === undefined || after === null)) continue;
    const cut = [...(tooLong(before) ? (['before'] as const) : []), ...(tooLong(after) ? (['after'] as const) : [])];
    fields.push({ column, before: loggedValue(before), after: loggedValue(after), ...(cut.length ? { cut } : {}) });
  }
  return fields;
}

function actionOf(change: RowChange): string {
  if (change.action === 'delete') return 'delete';
  if (change.action === 'update' && Number(change.after?.isdelete) === 1 && Number(change.before?.isdelete) === 0) return 'delete';
  return 'save';
}

/**
 * The operation log: one row per written row (or one per import), in the transaction of the write, so that a
 * write that rolls back leaves no entry and an entry never lacks its write.
 */
export class AuditLog {
  /** entries of the rows a write changed */
  entriesOf(changes: RowChange[], audit: WriteAudit | undefined): AuditEntry[] {
    return changes
      .filter((c) => !UNLOGGED.has(c.table.flag) && !c.inKeyRun)
      .map((c) => ({
        flag: c.table.flag,
        action: audit?.operation ?? actionOf(c),
        rowId: String(c.id),
        change: c,
      }));
  }

  /** the SQL of a full batch (the same for every one: only the bound values differ), once built */
  private fullBatchSql?: string;

  async write(db: AppTrx, caller: Caller | undefined, entries: AuditEntry[]): Promise<void> {
    if (entries.length === 0) return;
    const createTime = nowText();
    const who = caller && !caller.system ? { userId: caller.id, loginid: caller.loginid } : { userId: null, loginid: 'system' };
    const rowOf = (e: AuditEntry): Insertable<AppDatabase['sys_operationLog']> & Record<(typeof LOG_COLUMNS)[number], unknown> => ({
      userId: who.userId,
      loginid: who.loginid,
      flag: e.flag,
      action: e.action,
      rowId: e.rowId === undefined ? null : e.rowId.slice(0, 200),
      changes: e.changes ? JSON.stringify(e.changes) : e.change ? JSON.stringify(changedFields(e.change)) : null,
      summary: e.summary === undefined ? null : e.summary.slice(0, 500),
      createTime,
      isdelete: 0,
    });
    // an import logs one entry per row (100,000 and more): full batches reuse one statement's SQL rather than having
    // the query builder compile 9,000 placeholders each time (two thirds of such an import's log time)
    for (let i = 0; i < entries.length; i += LOG_BATCH) {
      const slice = entries.slice(i, i + LOG_BATCH);
      const rows = slice.map(rowOf);
      // the first batch of each write goes through the query builder, whose plugins see the table written (the count
      // cache's versions: crud/countCache.ts WrittenTables)
      // the event loop turns between batches: SQLite's driver is synchronous (200 batches: seconds)
      if (i > 0) await new Promise<void>((resolve) => setImmediate(resolve));
      if (i > 0 && slice.length === LOG_BATCH && this.fullBatchSql) {
        await db.executeQuery(
          CompiledQuery.raw(
            this.fullBatchSql,
            rows.flatMap((row) => LOG_COLUMNS.map((c) => row[c])),
          ),
        );
        continue;
      }
      const query = db.insertInto('sys_operationLog').values(rows).compile();
      if (slice.length === LOG_BATCH && query.parameters.length === rows.length * LOG_COLUMNS.length) this.fullBatchSql = query.sql;
      await db.executeQuery(query);
    }
  }
}

/**
 * One login, successful or not: the login log. A refusal's reason is its message key when the web can label it
 * (LOGIN_LOG_REASONS: loginWrong, loginLocked, …), else `other`, so that the log never shows a raw key.
 */
export async function logLogin(
  db: AppDb,
  entry: { loginid: string; userId?: number; success: boolean; reason?: string; ip?: string; userAgent?: string },
): Promise<void> {
  await db
    .insertInto('sys_loginLog')
    .values({
      loginid: entry.loginid.slice(0, 50),
      userId: entry.userId ?? null,
      success: entry.success ? 1 : 0,
      reason: entry.success ? null : loginLogReason(entry.reason),
      ip: entry.ip?.slice(0, 64) ?? null,
      userAgent: entry.userAgent?.slice(0, 300) ?? null,
      createTime: nowText(),
      isdelete: 0,
    })
    .execute();
}
