import { AsyncLocalStorage } from 'node:async_hooks';
import type { GrantAction } from '@qb/contracts';
import { ApiError } from '../http/errors.ts';
import { builtinTables } from '../schema/builtin.ts';
import type { TableRegistry } from '../schema/registry.ts';
import type { RegisteredTable } from '../schema/types.ts';
import { type ColumnLimits, limitedTable } from './fieldRules.ts';

/** What a caller may do to a table's rows (docs/permissions.md). */
export type Action = GrantAction;

/** A grant's row filter: a `wheres` object (docs/api.md) on the page's table, with $CURRENT_USER and $NOW as values. */
export type RowFilter = Readonly<Record<string, unknown>>;

export interface Caller {
  id: number;
  loginid: string;
  name: string;
  /** holds an enabled role with isAdmin = 1: may do everything */
  isAdmin: boolean;
  /** per table (flag), the actions granted through the caller's roles and their menus */
  grants: ReadonlyMap<string, ReadonlySet<Action>>;
  /**
   * per table, the row filters of the grants that give it (a row matches when it matches any of them: crud/rowScope.ts):
   * `wheres` objects of the list grammar with the variables $CURRENT_USER and $NOW; a table absent: every row
   */
  rowFilters?: ReadonlyMap<string, readonly RowFilter[]>;
  /** per table, the columns the caller may not read or not write (access/fieldRules.ts); a table absent: none */
  fieldLimits?: ReadonlyMap<string, ColumnLimits>;
  /** the menus the caller may open (with their ancestors) and their routes */
  menuIds: ReadonlySet<number>;
  urls: ReadonlySet<string>;
  /** the password was set by an administrator (a new account, a reset): only changing it is allowed until then */
  mustChangePassword?: boolean;
  /** the server itself (seeding, internal reads): never a person, never logged as one */
  system?: true;
}

/** The caller of internal calls: the server acting on its own behalf, allowed everything. */
export const SYSTEM: Caller = Object.freeze({
  id: 0,
  loginid: 'system',
  name: 'system',
  isAdmin: true,
  grants: new Map(),
  menuIds: new Set<number>(),
  urls: new Set<string>(),
  system: true,
});

/** Tables only an administrator changes, whatever a role's grants say (`writers` in schema/builtin.ts). */
const guardedWrites: ReadonlySet<string> = new Set(builtinTables.filter((t) => t.writers === 'administrators').map((t) => t.flag));

/**
 * The one check every call makes before any SQL is built: default deny. An administrator may do everything;
 * anyone else what a grant of one of their roles gives them on that table.
 */
export function assertAllowed(caller: Caller | undefined, flag: string, action: Action): void {
  if (!caller) throw new ApiError(401, 'sessionExpired');
  if (caller.isAdmin) return;
  if ((action === 'save' || action === 'delete' || action === 'import') && guardedWrites.has(flag)) throw new ApiError(403, 'forbidden');
  if (!caller.grants.get(flag)?.has(action)) throw new ApiError(403, 'forbidden');
}

/**
 * The table a call names, checked before anything else about the call (columns, filters, sorts, values): a caller who
 * may not do `action` on it gets 403 whether the table, or any column named, exists or not, so that names of tables
 * and columns cannot be probed through the difference between 400 and 403. Administrators get the 400s as before.
 */
export function allowedTable(registry: TableRegistry, caller: Caller | undefined, flag: unknown, action: Action): RegisteredTable {
  if (!caller) throw new ApiError(401, 'sessionExpired');
  if (!caller.isAdmin && typeof flag === 'string' && flag !== '' && !registry.has(flag)) throw new ApiError(403, 'forbidden');
  const table = registry.get(flag);
  assertAllowed(caller, table.flag, action);
  // the table as the caller may see and write it (field permissions): every call that checks access works on this one
  return limitedTable(caller, table);
}

/** Whether the caller may see a table at all (its metadata, its rows). */
export function maySee(caller: Caller | undefined, flag: string): boolean {
  return Boolean(caller && (caller.isAdmin || caller.grants.get(flag)?.has('view')));
}

/** Routes only administrators may call (permissions, roles of accounts, sessions). */
export function assertAdministrator(caller: Caller | undefined): void {
  if (!caller) throw new ApiError(401, 'sessionExpired');
  if (!caller.isAdmin) throw new ApiError(403, 'forbidden');
}

/** Whether the caller may open a page of the shell by its route (/manage/home). */
export function mayOpen(caller: Caller | undefined, url: string): boolean {
  return Boolean(caller && (caller.isAdmin || caller.urls.has(url)));
}

/** The request a write belongs to: who makes it and as which operation (the audit trail reads it). */
export interface RequestContext {
  caller?: Caller;
  ip?: string;
  operation?: 'masterSlave' | 'import';
}

export const requestContext = new AsyncLocalStorage<RequestContext>();

/** The caller of the request being served, or the system for work no request asked for. */
export function currentCaller(): Caller {
  return requestContext.getStore()?.caller ?? SYSTEM;
}

/** Whether the caller may add or import rows of any table (uploads serve those forms). */
export function mayWriteSomewhere(caller: Caller | undefined): boolean {
  if (!caller) return false;
  if (caller.isAdmin) return true;
  for (const actions of caller.grants.values()) if (actions.has('save') || actions.has('import')) return true;
  return false;
}
