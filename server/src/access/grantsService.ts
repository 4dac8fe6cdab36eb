import type { GrantAction } from '@qb/contracts';
import { GRANT_ACTIONS } from '@qb/contracts/schemas';
import type { AppDb, AppTrx } from '../db/appDatabase.ts';
import type { AnyDb } from '../db/connection.ts';
import { badRequest, notFound } from '../http/errors.ts';
import type { TableRegistry } from '../schema/registry.ts';
import type { RegisteredTable } from '../schema/types.ts';
import { pageTable, parseActions, storedRowFilter } from './grants.ts';
import type { Caller, RowFilter } from './index.ts';
import { type FieldRules, storedFieldRules } from './fieldRules.ts';
import { ROW_FILTER_LENGTH } from '../db/migrations/0015_row_filters.ts';
import { offeredActions, pageDeclaration } from './pages.ts';

/** What the grants service needs of the session store (auth/sessions.ts): forget cached callers, end one session. */
export interface GrantsSessions {
  forgetAll(): void;
  forgetUser(userId: number): void;
  revokeId(id: number): Promise<boolean>;
}

/** What it needs of the account service (users/service.ts): an account's roles never leave no live administrator. */
export interface GrantsUsers {
  assertAnotherAdministrator(db: AppDb): Promise<void>;
}

/**
 * What it needs of the generic service (crud/service.ts's `CrudService`): a write's transaction and the operation log.
 * Declared here rather than imported: crud/ sits on access/ (it asks it before any SQL).
 */
export interface GrantsWrites {
  /** the write in one transaction on the app database (`target` undefined), its rows' hooks told the caller */
  writeTransaction<T>(tables: string[], work: (trx: AnyDb) => Promise<T>, target: undefined, audit: { caller: Caller | undefined }): Promise<T>;
  auditLog: { write(db: AppTrx, caller: Caller | undefined, entries: GrantLogEntry[]): Promise<void> };
}

/** An entry of the operation log as the grants service writes it (an `AuditEntry` of audit/log.ts). */
interface GrantLogEntry {
  flag: string;
  action: string;
  rowId: string;
  changes?: { column: string; before: unknown; after: unknown }[];
}

/**
 * The check of a grant's row filter against its table (crud/rowScope.ts's `parseRowFilter`: a 400 naming what is
 * wrong), handed in by app.ts: it reads the filter with crud's `wheres` grammar, and crud/ sits on access/.
 */
export type RowFilterCheck = (filter: RowFilter, table: RegisteredTable, registry: TableRegistry, caller: Pick<Caller, 'id'>) => unknown;

export interface GrantsServiceDeps {
  db: AppDb;
  registry: TableRegistry;
  crud: GrantsWrites;
  parseRowFilter: RowFilterCheck;
  users: GrantsUsers;
  sessions: GrantsSessions;
}

/**
 * The administrator's reads and writes of the permission, user and online-session pages (docs/permissions.md):
 * the actions each live menu offers, a role's grants, an account's roles, ending a session. A write runs in one
 * transaction with its audit entry; the sessions' cached callers are forgotten once it has committed.
 */
export class GrantsService {
  constructor(private readonly deps: GrantsServiceDeps) {}

  private liveMenus() {
    return this.deps.db.selectFrom('sys_menu').select(['id', 'url']).where('isdelete', '=', 0).orderBy('id').execute();
  }

  /** Every live menu with the actions its page offers. */
  async menuActions(): Promise<{ menuId: number; url: string; actions: GrantAction[] }[]> {
    const menus = await this.liveMenus();
    return menus.map((m) => ({
      menuId: Number(m.id),
      url: String(m.url ?? ''),
      actions: offeredActions(pageDeclaration(m.url as string, this.deps.registry)),
    }));
  }

  /** A live role's grants (menus with no action left out) with their row filters; 404 for a role that is not live. */
  async roleGrants(roleId: number): Promise<{ menuId: number; actions: GrantAction[]; rowFilter: RowFilter | null; fieldRules: FieldRules | null }[]> {
    const db = this.deps.db;
    const role = await db.selectFrom('sys_role').select('id').where('id', '=', roleId).where('isdelete', '=', 0).executeTakeFirst();
    if (!role) throw notFound('rowNotFound', { flag: 'sys_role', id: roleId });
    const rows = await db
      .selectFrom('sys_roleMenu')
      .select(['menuId', 'actions', 'rowFilter', 'fieldRules'])
      .where('roleId', '=', roleId)
      .orderBy('menuId')
      .execute();
    return rows
      .map((r) => ({
        menuId: Number(r.menuId),
        actions: parseActions(r.actions),
        rowFilter: storedRowFilter(r.rowFilter) ?? null,
        fieldRules: storedFieldRules(r.fieldRules) ?? null,
      }))
      .filter((g) => g.actions.length > 0);
  }

  /**
   * A grant's row filter as stored: checked against the page's table as a list's `wheres` (a 400 naming what is
   * wrong), at most ROW_FILTER_LENGTH characters of JSON; null for every row.
   */
  private rowFilterText(url: string, menuId: number, filter: Record<string, unknown> | null): string | null {
    if (filter === null || Object.keys(filter).length === 0) return null;
    this.deps.parseRowFilter(filter, this.grantTable(url, menuId, 'rowFilter'), this.deps.registry, { id: 1 });
    return storedText(filter, 'rowFilter');
  }

  /** The table a grant's row filter and field rules are on: its page's own (access/grants.ts pageTable); else a 400. */
  private grantTable(url: string, menuId: number, name: 'rowFilter' | 'fieldRules'): RegisteredTable {
    const { registry } = this.deps;
    const flag = pageTable(pageDeclaration(url, registry));
    if (!flag || !registry.has(flag)) throw badRequest('badParam', { name, reason: `menu ${menuId} has no table` });
    return registry.get(flag);
  }

  /**
   * A grant's field rules as stored: every column one of the page's table (not its key, not a tree's parent, which
   * the page needs to show its rows), named once; null for none.
   */
  private fieldRulesText(url: string, menuId: number, rules: FieldRules | null): string | null {
    if (rules === null || rules.hidden.length + rules.readOnly.length === 0) return null;
    const { registry } = this.deps;
    const table = this.grantTable(url, menuId, 'fieldRules');
    const seen = new Set<string>();
    for (const name of [...rules.hidden, ...rules.readOnly]) {
      const column = registry.column(table, name);
      if (column.name === table.primaryKey || column.name === 'isdelete' || column.name === table.tree?.parentColumn)
        throw badRequest('badParam', { name: 'fieldRules', reason: `${name} cannot be limited` });
      if (seen.has(column.name)) throw badRequest('badParam', { name: 'fieldRules', reason: `${name} given twice` });
      seen.add(column.name);
    }
    return storedText({ hidden: rules.hidden, readOnly: rules.readOnly }, 'fieldRules');
  }

  /** Replaces a role's grants: each menu live and given once, each action one its page offers; every session's caller forgotten. */
  async saveRoleGrants(
    roleId: number,
    grants: { menuId: number; actions: GrantAction[]; rowFilter?: Record<string, unknown> | null; fieldRules?: FieldRules | null }[],
    caller: Caller | undefined,
  ): Promise<void> {
    const { crud, registry } = this.deps;
    const live = await this.liveMenus();
    const urls = new Map(live.map((m) => [Number(m.id), String(m.url ?? '')]));
    const menus = new Map(live.map((m) => [Number(m.id), offeredActions(pageDeclaration(m.url as string, registry))]));
    const seen = new Set<number>();
    for (const g of grants) {
      const offered = menus.get(g.menuId);
      if (!offered) throw notFound('rowNotFound', { flag: 'sys_menu', id: g.menuId });
      if (seen.has(g.menuId)) throw badRequest('badParam', { name: 'grants', reason: `menu ${g.menuId} given twice` });
      seen.add(g.menuId);
      const extra = g.actions.find((a) => !offered.includes(a));
      if (extra) throw badRequest('badParam', { name: 'grants', reason: `menu ${g.menuId} offers no ${extra}` });
    }
    const filters = new Map(
      grants.filter((g) => g.rowFilter !== undefined).map((g) => [g.menuId, this.rowFilterText(urls.get(g.menuId)!, g.menuId, g.rowFilter!)]),
    );
    const fieldRules = new Map(
      grants.filter((g) => g.fieldRules !== undefined).map((g) => [g.menuId, this.fieldRulesText(urls.get(g.menuId)!, g.menuId, g.fieldRules!)]),
    );
    await crud.writeTransaction(
      ['sys_roleMenu'],
      async (trx) => {
        const role = await trx.selectFrom('sys_role').select('id').where('id', '=', roleId).where('isdelete', '=', 0).executeTakeFirst();
        if (!role) throw notFound('rowNotFound', { flag: 'sys_role', id: roleId });
        const before = await trx
          .selectFrom('sys_roleMenu')
          .select(['menuId', 'actions', 'rowFilter', 'fieldRules'])
          .where('roleId', '=', roleId)
          .orderBy('menuId')
          .execute();
        // a grant saved without `rowFilter` or `fieldRules` keeps the stored one (a client that knows nothing of them drops none)
        const text = (v: unknown) => (v === undefined || v === null || v === '' ? null : String(v));
        const stored = new Map(before.map((r) => [Number(r.menuId), text(r.rowFilter)]));
        const storedFields = new Map(before.map((r) => [Number(r.menuId), text(r.fieldRules)]));
        await trx.deleteFrom('sys_roleMenu').where('roleId', '=', roleId).execute();
        const rows = grants
          .filter((g) => g.actions.length > 0)
          .map((g) => ({
            roleId,
            menuId: g.menuId,
            actions: GRANT_ACTIONS.filter((a) => g.actions.includes(a)).join(','),
            rowFilter: filters.has(g.menuId) ? filters.get(g.menuId)! : (stored.get(g.menuId) ?? null),
            fieldRules: fieldRules.has(g.menuId) ? fieldRules.get(g.menuId)! : (storedFields.get(g.menuId) ?? null),
          }));
        for (let i = 0; i < rows.length; i += 200)
          await trx
            .insertInto('sys_roleMenu')
            .values(rows.slice(i, i + 200))
            .execute();
        // [menu, actions] of each grant, then its row filter and field rules where it has them (the log shows them)
        const grantsText = (list: { menuId: unknown; actions: unknown; rowFilter?: unknown; fieldRules?: unknown }[]) =>
          JSON.stringify(
            list.map((r) => {
              const one: unknown[] = [Number(r.menuId), String(r.actions)];
              if (r.rowFilter || r.fieldRules) one.push(r.rowFilter ? String(r.rowFilter) : null);
              if (r.fieldRules) one.push(String(r.fieldRules));
              return one;
            }),
          );
        await crud.auditLog.write(trx, caller, [
          { flag: 'sys_role', action: 'grants', rowId: String(roleId), changes: [{ column: 'grants', before: grantsText(before), after: grantsText(rows) }] },
        ]);
      },
      undefined,
      { caller },
    );
    this.deps.sessions.forgetAll();
  }

  /** An account's live roles, by id. */
  async userRoles(userId: number): Promise<number[]> {
    // live roles only: a link to a role deleted before deletes were checked (tables/inUse.ts) is no role to show or save back
    const rows = await this.deps.db
      .selectFrom('sys_userRole')
      .innerJoin('sys_role', 'sys_role.id', 'sys_userRole.roleId')
      .select('sys_userRole.roleId')
      .where('sys_userRole.userId', '=', userId)
      .where('sys_role.isdelete', '=', 0)
      .orderBy('sys_userRole.roleId')
      .execute();
    return rows.map((r) => Number(r.roleId));
  }

  /** Replaces a live account's roles (each a live role), keeping another administrator; the account's sessions' caller forgotten. */
  async saveUserRoles(id: number, roleIds: number[], caller: Caller | undefined): Promise<void> {
    const { crud, users } = this.deps;
    const wanted = [...new Set(roleIds)];
    await crud.writeTransaction(
      ['sys_userRole'],
      async (trx) => {
        const user = await trx.selectFrom('sys_user').select('id').where('id', '=', id).where('isdelete', '=', 0).executeTakeFirst();
        if (!user) throw notFound('rowNotFound', { flag: 'sys_user', id });
        if (wanted.length > 0) {
          const roles = await trx.selectFrom('sys_role').select('id').where('id', 'in', wanted).where('isdelete', '=', 0).execute();
          const missing = wanted.find((r) => !roles.some((x) => Number(x.id) === r));
          if (missing !== undefined) throw notFound('rowNotFound', { flag: 'sys_role', id: missing });
        }
        const before = await trx.selectFrom('sys_userRole').select('roleId').where('userId', '=', id).orderBy('roleId').execute();
        await trx.deleteFrom('sys_userRole').where('userId', '=', id).execute();
        if (wanted.length > 0)
          await trx
            .insertInto('sys_userRole')
            .values(wanted.map((roleId) => ({ userId: id, roleId })))
            .execute();
        await users.assertAnotherAdministrator(trx);
        await crud.auditLog.write(trx, caller, [
          { flag: 'sys_user', action: 'roles', rowId: String(id), changes: [{ column: 'roles', before: before.map((r) => Number(r.roleId)), after: wanted }] },
        ]);
      },
      undefined,
      { caller },
    );
    this.deps.sessions.forgetUser(id);
  }

  /** Ends a session by its id and audits it; 404 for a session that is not live. */
  async endSession(id: number, caller: Caller | undefined): Promise<void> {
    if (!(await this.deps.sessions.revokeId(id))) throw notFound('rowNotFound', { flag: 'sys_session', id });
    await this.deps.crud.auditLog.write(this.deps.db, caller, [{ flag: 'sys_session', action: 'logout', rowId: String(id) }]);
  }
}

/** A grant's rule as the JSON sys_roleMenu keeps (at most ROW_FILTER_LENGTH characters, migration 0015). */
function storedText(value: unknown, name: 'rowFilter' | 'fieldRules'): string {
  const text = JSON.stringify(value);
  if (text.length > ROW_FILTER_LENGTH) throw badRequest('badParam', { name, reason: `at most ${ROW_FILTER_LENGTH} characters` });
  return text;
}
