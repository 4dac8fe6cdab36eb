import type { AppDb } from '../db/appDatabase.ts';

/** The live account a login names, with what the login checks: its password hash and its state. */
export async function loginAccount(db: AppDb, loginid: string) {
  const rows = await db.selectFrom('sys_user').select(['id', 'loginid', 'pass', 'state']).where('loginid', '=', loginid).where('isdelete', '=', 0).execute();
  // the account spelled exactly as stored: MariaDB's collation also matches ADMIN and 'admin ' (another key for the lockout)
  return rows.find((r) => r.loginid === loginid);
}

/** An account's roles: every linked role id (clients rely on the list), and the names of its live roles, by role id. */
export async function accountRoles(db: AppDb, userId: number): Promise<{ roles: number[]; roleNames: string[] }> {
  const roles = await db.selectFrom('sys_userRole').select('roleId').where('userId', '=', userId).execute();
  // roles stays the list of ids (clients rely on it); roleNames is what a person reads, deleted roles left out
  const named = await db
    .selectFrom('sys_userRole')
    .innerJoin('sys_role', 'sys_role.id', 'sys_userRole.roleId')
    .select('sys_role.name')
    .where('sys_userRole.userId', '=', userId)
    .where('sys_role.isdelete', '=', 0)
    .orderBy('sys_role.id')
    .execute();
  return { roles: roles.map((r) => Number(r.roleId)), roleNames: named.map((r) => String(r.name)) };
}
