import { type Migration, Migrator, sql } from 'kysely';
import { builtinTables } from '../schema/builtin.ts';
import type { TableDef } from '../schema/types.ts';
import { sqlType } from './columnTypes.ts';
import type { AnyDb, Engine } from './connection.ts';

/** CREATE TABLE for a registry definition, with its implicit id and isdelete columns and its indexes. */
export async function createTableFromDef(db: AnyDb, engine: Engine, def: TableDef): Promise<void> {
  const name = def.table ?? def.flag;
  let builder = db.schema.createTable(name).ifNotExists();
  builder =
    engine === 'postgres'
      ? builder.addColumn('id', 'serial', (c) => c.primaryKey())
      : builder.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  for (const col of def.columns) {
    builder = builder.addColumn(col.name, sql.raw(sqlType(engine, col.type, col.length)), (c) =>
      col.defaultValue === undefined ? c : c.defaultTo(col.defaultValue),
    );
  }
  if (def.softDelete) builder = builder.addColumn('isdelete', 'integer', (c) => c.notNull().defaultTo(0));
  await builder.execute();
  for (const columns of def.indexes ?? []) {
    await db.schema.createIndex(`ix_${name}_${columns.join('_')}`).ifNotExists().on(name).columns(columns).execute();
  }
}

function idColumn(engine: Engine) {
  return engine === 'postgres' ? ('serial' as const) : ('integer' as const);
}

/** Tables the product needs beyond SPEC.md §3 (docs/decisions.md says why). */
async function createInternalTables(db: AnyDb, engine: Engine) {
  const pk = (name: string) =>
    db.schema
      .createTable(name)
      .ifNotExists()
      .addColumn('id', idColumn(engine), (c) => (engine === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()));
  await pk('sys_session')
    .addColumn('tokenHash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('userId', 'integer', (c) => c.notNull())
    .addColumn('createdAt', 'bigint', (c) => c.notNull())
    .addColumn('lastSeenAt', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ix_sys_session_userId').ifNotExists().on('sys_session').column('userId').execute();
  await pk('sys_userRole')
    .addColumn('userId', 'integer', (c) => c.notNull())
    .addColumn('roleId', 'integer', (c) => c.notNull())
    .addUniqueConstraint('uq_sys_userRole', ['userId', 'roleId'])
    .execute();
  await pk('sys_roleMenu')
    .addColumn('roleId', 'integer', (c) => c.notNull())
    .addColumn('menuId', 'integer', (c) => c.notNull())
    .addColumn('actions', 'varchar(100)', (c) => c.notNull().defaultTo('read'))
    .addUniqueConstraint('uq_sys_roleMenu', ['roleId', 'menuId'])
    .execute();
  await pk('sys_captcha')
    .addColumn('captchaId', 'varchar(40)', (c) => c.notNull().unique())
    .addColumn('code', 'varchar(8)', (c) => c.notNull())
    .addColumn('expiresAt', 'bigint', (c) => c.notNull())
    .execute();
  await pk('sys_loginFailure')
    .addColumn('loginid', 'varchar(50)', (c) => c.notNull().unique())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('lockedUntil', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
}

function migrations(engine: Engine): Record<string, Migration> {
  return {
    '0001_initial': {
      async up(db) {
        for (const def of builtinTables) await createTableFromDef(db, engine, def);
        await createInternalTables(db, engine);
      },
    },
  };
}

/** Runs the migrations that have not run yet; safe to call on every start. */
export async function migrate(db: AnyDb, engine: Engine): Promise<void> {
  // on PostgreSQL the migrator looks for its tables in every schema: name ours, the one search_path points to
  const schema =
    engine === 'postgres' ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema : undefined;
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations(engine) },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${(error as Error).message}`);
  }
}
