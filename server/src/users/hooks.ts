import type { HookRegistry } from '../hooks/tableHooks.ts';

/** What the account rules use of the sessions (auth/sessions.ts). */
export interface UserRulesDeps {
  sessions: { forgetAll(): void };
}

/**
 * The rules of the accounts (sys_user; its writes go through users/service.ts): grants come with sessions, so a
 * change of an account drops them at once here, and on every other instance at once on PostgreSQL (db/changes.ts;
 * within the 5 s session cache on MySQL/MariaDB).
 */
export function registerUserRules(hooks: HookRegistry, deps: UserRulesDeps): void {
  hooks.on('sys_user', { afterCommit: () => deps.sessions.forgetAll() });
}
