import { builtinTableDefs } from '@qb/contracts/pages';
import { type Migration, Migrator, sql } from 'kysely';
import { createBuiltinTable } from '../builtinTables.ts';
import { MYSQL_CHARSET, MYSQL_COLLATION } from '../charset.ts';
import type { AnyDb, Engine } from '../connection.ts';
import * as initial from './0001_initial.ts';
import * as versions from './0002_versions.ts';
import * as access from './0003_access.ts';
import * as ddl from './0004_ddl.ts';
import * as passwordChange from './0005_password_change.ts';
import * as utf8mb4 from './0006_utf8mb4.ts';
import * as search from './0007_search.ts';
import * as searchUpkeep from './0008_search_upkeep.ts';
import * as rateLimits from './0009_rate_limits.ts';
import * as searchSide from './0010_search_side.ts';
import * as loginidUnique from './0011_loginid_unique.ts';
import * as searchGrams from './0012_search_grams.ts';
import * as menuEnglish from './0013_menu_english.ts';
import * as rowFilters from './0015_row_filters.ts';
import * as searchGramBlocks from './0016_search_gram_blocks.ts';
import * as builtinMenus from './0017_builtin_menus.ts';
import * as searchGramBits from './0018_search_gram_bits.ts';

type Step = [name: string, up: (db: AnyDb, engine: Engine) => Promise<void>];

/**
 * Every written schema change, in order. A migration that has run on a released database never changes:
 * a new change is a new entry (docs/migrations.md says how to add a column).
 */
const written: Step[] = [
  ['0001_initial', initial.up],
  ['0002_versions', versions.up],
  ['0003_access', access.up],
  ['0004_ddl', ddl.up],
  ['0005_password_change', passwordChange.up],
  ['0006_utf8mb4', utf8mb4.up],
  ['0007_search', search.up],
  ['0008_search_upkeep', searchUpkeep.up],
  ['0009_rate_limits', rateLimits.up],
  ['0010_search_side', searchSide.up],
  ['0011_loginid_unique', loginidUnique.up],
  ['0012_search_grams', searchGrams.up],
  ['0013_menu_english', menuEnglish.up],
  ['0015_row_filters', rowFilters.up],
  ['0016_search_gram_blocks', searchGramBlocks.up],
  ['0017_builtin_menus', builtinMenus.up],
  ['0018_search_gram_bits', searchGramBits.up],
];

/**
 * The steps that make the built-in tables declared since (a table's `createdIn`, packages/contracts/src/resources/):
 * each creates its tables from their declarations (db/builtinTables.ts). No file of their own: the declaration is
 * the step.
 */
function declaredSteps(): Step[] {
  const byName = new Map<string, typeof builtinTableDefs>();
  for (const def of builtinTableDefs) if (def.createdIn) byName.set(def.createdIn, [...(byName.get(def.createdIn) ?? []), def]);
  return [...byName].map(([name, defs]) => [
    name,
    async (db, engine) => {
      for (const def of defs) await createBuiltinTable(db, engine, def);
    },
  ]);
}

/** The written steps and the declared ones, in the order of their names (a name taken twice is refused at start). */
export function orderedSteps(declared: Step[] = declaredSteps()): Step[] {
  const all = [...written, ...declared];
  const names = all.map(([name]) => name);
  const twice = names.find((name, i) => names.indexOf(name) !== i);
  if (twice) throw new Error(`two migration steps are named ${twice}`);
  return all.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

const steps = orderedSteps();

export const migrationNames = steps.map(([name]) => name);

function migrations(engine: Engine, upTo?: string): Record<string, Migration> {
  const end = upTo === undefined ? steps.length : steps.findIndex(([name]) => name === upTo) + 1;
  if (end === 0) throw new Error(`unknown migration ${upTo}`);
  return Object.fromEntries(steps.slice(0, end).map(([name, up]) => [name, { up: (db: AnyDb) => up(db, engine) }]));
}

/**
 * The database as the migrator sees it, its introspection limited to one PostgreSQL schema. Kysely's own
 * introspector reads every schema of the database and fails ("schema … does not exist") when another
 * schema is dropped while it runs: other tenants of one server, or parallel test suites.
 */
function scopedToSchema(db: AnyDb, schema: string): AnyDb {
  const introspection = {
    getSchemas: async () => (await sql<{ name: string }>`select nspname as name from pg_namespace where nspname = ${schema}`.execute(db)).rows,
    getTables: async () =>
      (
        await sql<{
          name: string;
          schema: string;
        }>`select table_name as name, table_schema as schema from information_schema.tables where table_schema = ${schema}`.execute(db)
      ).rows.map((t) => ({ ...t, isView: false, columns: [] })),
    getMetadata: async () => ({ tables: [] }),
  };
  return new Proxy(db, {
    get(target, property) {
      if (property === 'introspection') return introspection;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/**
 * A database no migration has run on yet gets utf8mb4 as its default before the first step, so that every table
 * the steps create is utf8mb4 in the app's collation from the start (0006_utf8mb4 converts those of earlier releases).
 */
async function utf8mb4ForNewDatabase(db: AnyDb): Promise<void> {
  const { rows } = await sql<{
    n: number;
  }>`select count(*) as n from information_schema.tables where table_schema = database() and table_name = 'kysely_migration'`.execute(db);
  if (Number(rows[0]?.n ?? 0) === 0) await sql.raw(`alter database character set ${MYSQL_CHARSET} collate ${MYSQL_COLLATION}`).execute(db);
}

/**
 * Kysely's migration lock is a no-op on SQLite (it counts on one connection), but several processes may start on one
 * file at once (issue 29): each would run 0001 and fail on kysely_migration's key. The steps run in one IMMEDIATE
 * transaction instead, which takes the file's write lock: the next process waits for it, then finds every step done.
 * Its wait is the busy timeout (5 s) at a time, renewed for as long as a first start may migrate a large database.
 */
async function oneProcessAtATime(db: AnyDb, run: () => Promise<void>): Promise<void> {
  const end = Date.now() + SQLITE_MIGRATION_WAIT_MS;
  for (;;) {
    try {
      await sql`begin immediate`.execute(db);
      break;
    } catch (err) {
      if ((err as { code?: string }).code !== 'SQLITE_BUSY' || Date.now() > end) throw err;
    }
  }
  try {
    await run();
    await sql`commit`.execute(db);
  } catch (err) {
    await sql`rollback`.execute(db).catch(() => undefined);
    throw err;
  }
}

const SQLITE_MIGRATION_WAIT_MS = 10 * 60_000;

/** Runs the migrations that have not run yet (up to `upTo` when given, for upgrade tests); safe on every start. */
export async function migrate(db: AnyDb, engine: Engine, upTo?: string): Promise<void> {
  // on PostgreSQL the migrator looks for its tables in every schema: name ours, the one search_path points to
  const schema = engine === 'postgres' ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema : undefined;
  const migrator = new Migrator({
    db: schema ? scopedToSchema(db, schema) : db,
    provider: { getMigrations: async () => migrations(engine, upTo) },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  if (engine === 'mysql' && upTo === undefined) await utf8mb4ForNewDatabase(db);
  const run = async () => {
    const { error, results } = await migrator.migrateToLatest();
    if (error) {
      const failed = results?.find((r) => r.status === 'Error');
      throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${(error as Error).message}`);
    }
  };
  await (engine === 'sqlite' ? oneProcessAtATime(db, run) : run());
}
