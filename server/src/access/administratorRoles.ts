import type { TableHooks } from '../crud/hooks.ts';
import { ApiError } from '../http/errors.ts';

/**
 * Being an administrator is a property of a role (sys_role.isAdmin), so writing that property is an administrator's
 * act: a caller who is not one may neither make a role an administrator role nor change or delete one that is
 * (else a role granted 角色管理 could raise itself). Checked on the row as written, on every write path (save,
 * delete, master-slave, import), inside the transaction: a refusal rolls the whole write back.
 */
export const administratorRoleRule: TableHooks = {
  async afterWrite(_trx, change, caller) {
    if (!caller || caller.isAdmin) return;
    const wasAdministrator = Number(change.before?.isAdmin) === 1;
    const isAdministrator = Number(change.after?.isAdmin) === 1;
    if (wasAdministrator || isAdministrator) throw new ApiError(403, 'administratorRole');
  },
};
