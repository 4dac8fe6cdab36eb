import { type Kysely, sql } from 'kysely';
import type { Engine } from '../connection.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/*
 * Row permissions (issue 33), frozen once released:
 * - `sys_roleMenu.rowFilter`: a grant's row filter, a `wheres` object of the list grammar (docs/api.md) with the
 *   variables $CURRENT_USER and $NOW, on the page's own table; null: every row (what every grant meant until now).
 * - `sys_roleMenu.fieldRules`: a grant's field permissions on the page's table, JSON `{"hidden": [...], "readOnly": [...]}`
 *   (access/fieldRules.ts); null: every column readable and writable, as before.
 * - `createdBy` on the built-in content tables: the account that added the row (null for rows of earlier releases,
 *   the seed's and the server's own), so that "created by me" is one filter.
 * MySQL/MariaDB commit each DDL statement on its own: a start that stopped in the middle runs this step again and
 * adds no column twice (SQLite and PostgreSQL roll the step back).
 */
export const ROW_FILTER_LENGTH = 4000;
export const CREATOR_TABLES = ['questionBank', 'questionsSmallClass', 'questionsClass', 'sys_member', 'userBillFlow'] as const;

async function hasColumn(db: AnyDb, engine: Engine, table: string, column: string): Promise<boolean> {
  const query =
    engine === 'sqlite'
      ? sql<{ n: number }>`select count(*) as n from pragma_table_info(${table}) where name = ${column}`
      : sql<{ n: number }>`select count(*) as n from information_schema.columns
          where table_schema = ${engine === 'mysql' ? sql`database()` : sql`current_schema()`} and table_name = ${table} and column_name = ${column}`;
  return Number((await query.execute(db)).rows[0]?.n ?? 0) > 0;
}

export async function up(db: AnyDb, engine: Engine): Promise<void> {
  if (!(await hasColumn(db, engine, 'sys_roleMenu', 'rowFilter')))
    await db.schema.alterTable('sys_roleMenu').addColumn('rowFilter', `varchar(${ROW_FILTER_LENGTH})`).execute();
  if (!(await hasColumn(db, engine, 'sys_roleMenu', 'fieldRules')))
    await db.schema.alterTable('sys_roleMenu').addColumn('fieldRules', `varchar(${ROW_FILTER_LENGTH})`).execute();
  for (const table of CREATOR_TABLES)
    if (!(await hasColumn(db, engine, table, 'createdBy'))) await db.schema.alterTable(table).addColumn('createdBy', 'integer').execute();
}
