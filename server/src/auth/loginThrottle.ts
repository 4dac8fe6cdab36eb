import type { AnyDb } from '../db/connection.ts';

export const MAX_FAILURES = 5;
export const LOCK_MS = 15 * 60_000;

/** Counts failed logins per account; after 5, the account's logins are refused for 15 minutes. */
export class LoginThrottle {
  constructor(
    private readonly db: AnyDb,
    private readonly now: () => number = Date.now,
  ) {}

  /** Minutes left on the lock of this account, or 0. */
  async lockedMinutes(loginid: string): Promise<number> {
    const row = await this.db.selectFrom('sys_loginFailure').select('lockedUntil').where('loginid', '=', loginid).executeTakeFirst();
    const left = row ? Number(row.lockedUntil) - this.now() : 0;
    return left > 0 ? Math.ceil(left / 60_000) : 0;
  }

  async recordFailure(loginid: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('sys_loginFailure').select(['id', 'failures', 'lockedUntil']).where('loginid', '=', loginid).executeTakeFirst();
      if (!row) {
        await trx.insertInto('sys_loginFailure').values({ loginid, failures: 1, lockedUntil: 0 }).execute();
        return;
      }
      // a lock that ran out starts the count again
      const expired = Number(row.lockedUntil) !== 0 && Number(row.lockedUntil) <= this.now();
      const failures = (expired ? 0 : Number(row.failures)) + 1;
      const lockedUntil = failures >= MAX_FAILURES ? this.now() + LOCK_MS : 0;
      await trx
        .updateTable('sys_loginFailure')
        .set({ failures: failures >= MAX_FAILURES ? 0 : failures, lockedUntil })
        .where('id', '=', row.id)
        .execute();
    });
  }

  async clear(loginid: string): Promise<void> {
    await this.db.deleteFrom('sys_loginFailure').where('loginid', '=', loginid).execute();
  }
}
