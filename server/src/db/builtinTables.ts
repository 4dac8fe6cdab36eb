import { type CreateTableBuilder, sql } from 'kysely';
import type { TableDef } from '@qb/contracts/pages';
import { MYSQL_CHARSET, MYSQL_COLLATION } from './charset.ts';
import { sqlType } from './columnTypes.ts';
import type { AnyDb, Engine } from './connection.ts';

/**
 * A new table of the app's database with its `id` key: `serial` on PostgreSQL, an auto-increment integer on SQLite
 * and MySQL/MariaDB. The one place the key is written: the frozen migrations (0001_initial, 0003_access) and
 * every built-in table created since use it.
 */
export function tableWithId(db: AnyDb, engine: Engine, name: string): CreateTableBuilder<string, 'id'> {
  return engine === 'postgres'
    ? db.schema.createTable(name).addColumn('id', 'serial', (c) => c.primaryKey())
    : db.schema.createTable(name).addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

/** The name of a secondary index of a built-in table (the first release's: `ix_<table>_<columns>`). */
export const indexName = (table: string, columns: string[]): string => `ix_${table}_${columns.join('_')}`;

/**
 * Creates a built-in table from its declaration (packages/contracts/src/resources/), on every engine: the key, each
 * column in its engine's type (db/columnTypes.ts) with its default, `isdelete` for soft deletes, its indexes; on
 * MySQL/MariaDB in the app's character set whatever the database's default. Made once: a table of that name with every
 * declared column is left as it is (a start stopped after the DDL of MySQL/MariaDB, which commits each statement, runs
 * the step again); one without them (an operator's table of that name, made before the release declared it) stops
 * the migration with its name, rather than serving the declaration over another table.
 *
 * It makes the table as declared when the step runs: a column added to the declaration later reaches databases made
 * before by a migration of its own (`addDeclaredColumns`), and on a new database finds the column there already.
 */
export async function createBuiltinTable(db: AnyDb, engine: Engine, def: TableDef): Promise<void> {
  const table = def.table ?? def.flag;
  const existing = await columnsOf(db, engine, table);
  if (existing.length > 0) {
    const missing = ['id', ...def.columns.map((c) => c.name)].filter((c) => !existing.includes(c));
    if (missing.length > 0)
      throw new Error(`a table ${table} is there already without the columns ${missing.join(', ')} of the built-in table: rename it, then start again`);
  }
  let builder = tableWithId(db, engine, table).ifNotExists();
  for (const c of def.columns) {
    builder = builder.addColumn(c.name, sql.raw(sqlType(engine, c.type, c.length)), (col) =>
      c.defaultValue === undefined ? col : col.defaultTo(c.defaultValue),
    );
  }
  if (def.softDelete) builder = builder.addColumn('isdelete', 'integer', (c) => c.notNull().defaultTo(0));
  if (engine === 'mysql') builder = builder.modifyEnd(sql.raw(`default charset=${MYSQL_CHARSET} collate=${MYSQL_COLLATION}`));
  await builder.execute();
  for (const columns of def.indexes ?? []) await db.schema.createIndex(indexName(table, columns)).ifNotExists().on(table).columns(columns).execute();
}

/** The columns of a table of the app's database (none: no such table). */
export async function columnsOf(db: AnyDb, engine: Engine, table: string): Promise<string[]> {
  const query =
    engine === 'sqlite'
      ? sql<{ name: string }>`select name from pragma_table_info(${table})`
      : sql<{ name: string }>`select column_name as name from information_schema.columns
          where table_schema = ${engine === 'mysql' ? sql`database()` : sql`current_schema()`} and table_name = ${table}`;
  return (await query.execute(db)).rows.map((r) => String(r.name));
}

/** Whether a table of the app's database has a column. */
export async function hasColumn(db: AnyDb, engine: Engine, table: string, column: string): Promise<boolean> {
  const query =
    engine === 'sqlite'
      ? sql<{ n: number }>`select count(*) as n from pragma_table_info(${table}) where name = ${column}`
      : sql<{ n: number }>`select count(*) as n from information_schema.columns
          where table_schema = ${engine === 'mysql' ? sql`database()` : sql`current_schema()`} and table_name = ${table} and column_name = ${column}`;
  return Number((await query.execute(db)).rows[0]?.n ?? 0) > 0;
}

/**
 * Adds columns of a built-in table's declaration to a table made before they were declared, each as declared (type,
 * length, default); a column already there is left (the table was made after the column was declared, or the step
 * stopped in the middle on MySQL/MariaDB). The migration of a column added to a declared table is this one call.
 */
export async function addDeclaredColumns(db: AnyDb, engine: Engine, def: TableDef, names: string[]): Promise<void> {
  const table = def.table ?? def.flag;
  for (const name of names) {
    const c = def.columns.find((col) => col.name === name);
    if (!c) throw new Error(`${def.flag} declares no column ${name}`);
    if (await hasColumn(db, engine, table, name)) continue;
    await db.schema
      .alterTable(table)
      .addColumn(name, sql.raw(sqlType(engine, c.type, c.length)), (col) => (c.defaultValue === undefined ? col : col.defaultTo(c.defaultValue)))
      .execute();
  }
}
