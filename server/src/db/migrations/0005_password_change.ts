import type { Kysely } from 'kysely';
import type { Engine } from '../connection.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/*
 * Security round 3 (issue 17), frozen once released: sys_user.mustChangePassword, set when an administrator creates an
 * account or resets its password (the password was shown to someone else), cleared when the account changes it.
 * Existing accounts keep 0: their passwords were chosen before this release.
 */
export async function up(db: AnyDb, _engine: Engine): Promise<void> {
  await db.schema
    .alterTable('sys_user')
    .addColumn('mustChangePassword', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
