import { type Kysely, sql } from 'kysely';
import type { Engine } from '../connection.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/*
 * One live account per loginid (issue 29), frozen once released. Two instances started at once on an empty
 * database both seeded it (two `admin` rows); the seed is now guarded by this index (seed/seed.ts). Deleted accounts
 * (isdelete = 1) keep their loginid and may share it. PostgreSQL and SQLite have partial indexes; MySQL/MariaDB has
 * none, so there the index is on an invisible stored column that is the loginid of a live row and NULL otherwise
 * (NULLs never collide), in bytes: the loginid exactly as stored, as the login compares it (auth/accounts.ts), not
 * the collation's ADMIN = admin = 'admin '.
 *
 * A database of an earlier release may hold live duplicates (the double seed): every row is kept, with its password
 * and roles; the oldest account (lowest id, the one the login found) keeps the loginid, each later one is renamed
 * `<loginid>#<id>`, printed at the start, so that an administrator can see it in 用户 and rename or delete it.
 */
const MAX_LOGINID = 50;

export const LOGINID_INDEX = 'uq_sys_user_loginid_live';

/** `<loginid>#<id>` within the column's 50 characters, and not a live loginid already. */
function renamed(loginid: string, id: number, taken: Set<string>): string {
  for (let marks = 1; ; marks++) {
    const suffix = `${'#'.repeat(marks)}${id}`;
    const name = [...loginid].slice(0, MAX_LOGINID - suffix.length).join('') + suffix;
    if (!taken.has(name)) return name;
  }
}

async function renameDuplicates(db: AnyDb): Promise<void> {
  const live = await db.selectFrom('sys_user').select(['id', 'loginid']).where('isdelete', '=', 0).where('loginid', 'is not', null).orderBy('id').execute();
  const taken = new Set(live.map((r) => String(r.loginid)));
  const kept = new Map<string, number>();
  for (const row of live) {
    const loginid = String(row.loginid);
    const id = Number(row.id);
    const holder = kept.get(loginid);
    if (holder === undefined) {
      kept.set(loginid, id);
      continue;
    }
    const name = renamed(loginid, id, taken);
    taken.add(name);
    await db.updateTable('sys_user').set({ loginid: name }).where('id', '=', id).execute();
    console.warn(`Account ${id}: its loginid "${loginid}" is also that of the older account ${holder}; renamed "${name}" (password and roles kept).`);
  }
}

export async function up(db: AnyDb, engine: Engine): Promise<void> {
  await renameDuplicates(db);
  if (engine === 'mysql') {
    await sql
      .raw(
        `alter table sys_user add column loginidLive varbinary(${MAX_LOGINID * 4}) as (case when isdelete = 0 then loginid end) stored invisible, ` +
          `add unique index ${LOGINID_INDEX} (loginidLive)`,
      )
      .execute(db);
    return;
  }
  await sql.raw(`create unique index ${LOGINID_INDEX} on sys_user (loginid) where isdelete = 0`).execute(db);
}
