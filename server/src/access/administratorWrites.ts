import type { AppDb } from '../db/appDatabase.ts';
import { ApiError } from '../http/errors.ts';
import type { Caller } from './index.ts';

/**
 * A rule of a table as access/ writes it: a `TableHooks` of hooks/tableHooks.ts, declared here rather than imported
 * because hooks/ sits on access/ (a hook is told its caller); app.ts hands the hook registry, which takes these.
 */
export interface AccessRule {
  afterWrite?(trx: AppDb, change: WrittenRow, caller: Caller | undefined): Promise<void>;
  afterCommit?(): Promise<void> | void;
}

/** What a rule reads of a written row (a `RowChange` of hooks/tableHooks.ts). */
export interface WrittenRow {
  action: 'insert' | 'update' | 'delete';
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
}

/**
 * Writes that change what grants mean are an administrator's (docs/permissions.md). Checked on the row as written,
 * on every write path (save, delete, master-slave, import), inside the transaction: a refusal rolls it all back.
 */

/**
 * Being an administrator is a property of a role (sys_role.isAdmin): a caller who is not one may neither make a role
 * an administrator role nor change or delete one that is (else a role granted 角色管理 could raise itself).
 */
export const administratorRoleRule: AccessRule = {
  async afterWrite(_trx, change, caller) {
    if (!caller || caller.isAdmin) return;
    const wasAdministrator = Number(change.before?.isAdmin) === 1;
    const isAdministrator = Number(change.after?.isAdmin) === 1;
    if (wasAdministrator || isAdministrator) throw new ApiError(403, 'administratorRole');
  },
};

/**
 * A grant names a menu, and the menu's route decides which tables the grant opens (access/pages.ts): moving an
 * existing menu to another route would move every grant on it along (a role granted 菜单管理 and any page could point
 * that page's menu at /manage/user). So only an administrator changes the route of a menu that exists; a new menu
 * carries no grant until an administrator gives one.
 */
export const menuRouteRule: AccessRule = {
  async afterWrite(_trx, change, caller) {
    if (!caller || caller.isAdmin || change.action !== 'update') return;
    if (String(change.before?.url ?? '') !== String(change.after?.url ?? '')) throw new ApiError(403, 'administratorMenuRoute');
  },
};
