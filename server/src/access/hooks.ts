import type { AppDb } from '../db/appDatabase.ts';
import { type AccessRule, administratorRoleRule, menuRouteRule } from './administratorWrites.ts';

/** What these rules use of the hook registry (hooks/tableHooks.ts's `HookRegistry`): adding a table's rule. */
export interface AccessRuleRegistry {
  on(flag: string, rule: AccessRule): void;
}

/** What the rules of roles and menus use of the app: the sessions, and the accounts (users/service.ts). */
export interface PermissionRulesDeps {
  sessions: { forgetAll(): void };
  users: { assertAnotherAdministrator(db: AppDb): Promise<void> };
}

/**
 * The rules of roles (sys_role) and menus (sys_menu), which decide what grants mean (docs/permissions.md):
 * - grants come with sessions: a change drops them at once here, and on every other instance at once on PostgreSQL
 *   (db/changes.ts; within the 5 s session cache on MySQL/MariaDB);
 * - only an administrator touches an administrator role or moves a menu's route (administratorWrites.ts);
 * - no save, delete or import of roles leaves the system without an enabled administrator: who may touch an
 *   administrator role is decided before whether one would be left (the rules of a table run in the order added).
 * The in-use rules of both tables come after these (tables/inUse.ts).
 */
export function registerPermissionRules(hooks: AccessRuleRegistry, deps: PermissionRulesDeps): void {
  for (const flag of ['sys_role', 'sys_menu']) hooks.on(flag, { afterCommit: () => deps.sessions.forgetAll() });
  hooks.on('sys_role', administratorRoleRule);
  hooks.on('sys_menu', menuRouteRule);
  hooks.on('sys_role', { afterWrite: (trx) => deps.users.assertAnotherAdministrator(trx) });
}
