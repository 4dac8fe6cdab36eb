import type { Kysely } from 'kysely';
import type { Engine } from '../connection.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/*
 * Several instances (issue 22), frozen once released: the per-client limits of the public calls (captchas minted,
 * logins tried) are counted in the database, so that a client does not get its budget once per instance
 * (http/rateStore.ts). One row per route and client: its hits in the window that started at `startMs`.
 */
export async function up(db: AnyDb, _engine: Engine): Promise<void> {
  await db.schema
    .createTable('sys_rateLimit')
    .ifNotExists()
    .addColumn('bucket', 'varchar(200)', (c) => c.notNull().primaryKey())
    .addColumn('hits', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('startMs', 'bigint', (c) => c.notNull())
    .execute();
}
