import { type Kysely, sql } from 'kysely';
import type { Engine } from '../connection.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/*
 * Table definitions that make real tables (issue 11, docs/datasources.md), frozen once released:
 * - sys_dataSheet.applied: the definition last applied to the real table (JSON), what the next
 *   createSqlTable compares the saved definition with;
 * - sys_ddlHistory: every DDL run, failed or not (who, when, the SQL, the result).
 */
export async function up(db: AnyDb, engine: Engine): Promise<void> {
  const text = sql.raw(engine === 'mysql' ? 'mediumtext' : 'text');
  const datetime = sql.raw(engine === 'postgres' ? 'timestamp' : engine === 'mysql' ? 'datetime' : 'text');
  await db.schema.alterTable('sys_dataSheet').addColumn('applied', text).execute();
  const table =
    engine === 'postgres'
      ? db.schema.createTable('sys_ddlHistory').addColumn('id', 'serial', (c) => c.primaryKey())
      : db.schema.createTable('sys_ddlHistory').addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  await table
    .addColumn('sheetId', 'integer')
    .addColumn('sourceId', 'integer')
    .addColumn('tableName', 'varchar(64)')
    .addColumn('statements', text)
    .addColumn('result', text)
    .addColumn('operatorId', 'integer')
    .addColumn('operatorName', 'varchar(50)')
    .addColumn('createTime', datetime)
    .addColumn('isdelete', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('ix_sys_ddlHistory_sheetId').on('sys_ddlHistory').column('sheetId').execute();
}
