import { ApiError } from '../http/errors.ts';

export type Action = 'read' | 'save' | 'delete' | 'import' | 'export';

export interface Caller {
  id: number;
  loginid: string;
  name: string;
  isAdmin: boolean;
}

/**
 * Whether an account may administer the system. Until roles carry that property (the permissions
 * issue), it is the seeded account `admin`; every rule that needs the answer asks here.
 */
export function isAdministratorLogin(loginid: string): boolean {
  return loginid === 'admin';
}

/** Tables no caller may change through the generic API: their writes have their own services. */
const guardedWrites = new Set(['sys_user']);

/**
 * The one place the crud service asks before building any SQL. Today every signed-in caller may read
 * and write the content tables (SPEC.md §6: all screens are available once logged in); role grants
 * of menus and actions come with the permissions issue and change only this function.
 */
export function assertAllowed(caller: Caller | undefined, flag: string, action: Action): void {
  if (!caller) throw new ApiError(401, 'sessionExpired');
  if (caller.isAdmin) return;
  if (action !== 'read' && guardedWrites.has(flag) && !caller.isAdmin) throw new ApiError(403, 'forbidden');
}
