import { type Kysely, sql } from 'kysely';
import type { Engine } from '../connection.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Version counters shared by every server instance on the database: `registry` (bumped when a
 * table definition changes, polled by each instance) and `rows:<table>` (bumped in each write's
 * transaction, so a cached total is known to be exact when the counter has not moved). Runtime
 * table definitions gain their English titles, enumerations, references and a created flag.
 */
export async function up(db: AnyDb, engine: Engine): Promise<void> {
  await db.schema
    .createTable('sys_version')
    .ifNotExists()
    .addColumn('name', 'varchar(100)', (c) => c.notNull().primaryKey())
    .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.insertInto('sys_version').values({ name: 'registry', version: 1 }).execute();
  const text = sql.raw(engine === 'mysql' ? 'mediumtext' : 'text');
  await db.schema.alterTable('sys_dataSheet').addColumn('titleEn', 'varchar(200)').execute();
  // 1 once the physical table exists (made by createSqlTable or read back from the source): only then it joins the registry
  await db.schema
    .alterTable('sys_dataSheet')
    .addColumn('created', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('sys_tableFields').addColumn('titleEn', 'varchar(200)').execute();
  // enumeration as JSON: [{"value": 1, "zh": "男", "en": "Male"}, ...]
  await db.schema.alterTable('sys_tableFields').addColumn('options', text).execute();
  await db.schema.alterTable('sys_tableFields').addColumn('refTable', 'varchar(64)').execute();
  await db.schema.alterTable('sys_tableFields').addColumn('refLabel', 'varchar(64)').execute();
}
