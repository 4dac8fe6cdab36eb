import { sql } from 'kysely';
import type { AppDb } from '../db/appDatabase.ts';
import type { Engine } from '../db/connection.ts';

export const MAX_FAILURES = 5;
export const LOCK_MS = 15 * 60_000;

/**
 * Limits password checks per account: at most 5 checks, then the account's logins (and password
 * changes) are refused for 15 minutes; a successful check starts the count again.
 *
 * A check is counted *before* the password is verified, in one UPDATE that only passes while no lock
 * is on, and the 5th check arms the lock in that same statement. So parallel attempts on any number of
 * server instances sharing the database cannot get more than 5 checks through, and nothing written
 * after a check can shorten a lock (the only later write is the reset after a right password).
 */
export class LoginThrottle {
  constructor(
    private readonly db: AppDb,
    private readonly engine: Engine,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one password check of this account: 0 when it may go ahead, else the minutes left on the lock. */
  async reserveCheck(loginid: string): Promise<number> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const t = this.now();
      const insert = this.db.insertInto('sys_loginFailure').values({ loginid, failures: 0, lockedUntil: 0 });
      await (this.engine === 'mysql' ? insert.ignore() : insert.onConflict((oc) => oc.column('loginid').doNothing())).execute();
      // PostgreSQL would type a bare parameter in the CASE as integer, too small for a time in ms
      const lockEnd = this.engine === 'postgres' ? sql`cast(${t + LOCK_MS} as bigint)` : sql`${t + LOCK_MS}`;
      // lockedUntil is set first: MySQL evaluates SET assignments left to right, so both read the old failures
      const result = await this.db
        .updateTable('sys_loginFailure')
        .set({
          lockedUntil: sql`case when failures = ${MAX_FAILURES - 1} then ${lockEnd} else 0 end`,
          failures: sql`case when failures >= ${MAX_FAILURES} then 1 else failures + 1 end`,
        })
        .where('loginid', '=', loginid)
        .where('lockedUntil', '<=', t)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 1) return 0;
      const minutes = await this.lockedMinutes(loginid);
      if (minutes > 0) return minutes;
      // the row was cleared by a right password between the insert and the update: count again
    }
    return Math.ceil(LOCK_MS / 60_000);
  }

  /** Minutes left on the lock of this account, or 0. */
  async lockedMinutes(loginid: string): Promise<number> {
    const row = await this.db.selectFrom('sys_loginFailure').select('lockedUntil').where('loginid', '=', loginid).executeTakeFirst();
    const left = row ? Number(row.lockedUntil) - this.now() : 0;
    return left > 0 ? Math.ceil(left / 60_000) : 0;
  }

  /** After a right password: the count starts again (also ending a lock its own 5th check armed). */
  async clear(loginid: string): Promise<void> {
    await this.db.deleteFrom('sys_loginFailure').where('loginid', '=', loginid).execute();
  }
}
