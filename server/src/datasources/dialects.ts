import {
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  DummyDriver,
  type Driver,
  Kysely,
  MssqlAdapter,
  MssqlIntrospector,
  MysqlAdapter,
  MysqlIntrospector,
  MysqlQueryCompiler,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryCompiler,
  type SelectQueryNode,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import type { SourceEngine } from '../db/connection.ts';
import { OracleAdapter, OracleIntrospector, OracleQueryCompiler } from 'kysely-oracledb';
import { limitAsFetch, MssqlSourceQueryCompiler } from './sourceDialects.ts';

// The engines' SQL without a connection (golden tests, DDL previews). The connections' dialects are in
// sourceDialects.ts: this file loads kysely-oracledb (and node-oracledb) at once, so the server does not import it.

class OracleSourceQueryCompiler extends OracleQueryCompiler {
  protected override visitSelectQuery(node: SelectQueryNode): void {
    super.visitSelectQuery(limitAsFetch(node, false));
  }
}

/** Adapter and compiler of an engine without a connection: for compiling SQL only (golden tests, DDL previews). */
export function queryBuilderFor(engine: SourceEngine): Kysely<any> {
  const parts: Record<SourceEngine, () => { adapter: DialectAdapter; compiler: QueryCompiler; introspector: (db: Kysely<any>) => DatabaseIntrospector }> = {
    sqlite: () => ({ adapter: new SqliteAdapter(), compiler: new SqliteQueryCompiler(), introspector: (db) => new SqliteIntrospector(db) }),
    postgres: () => ({ adapter: new PostgresAdapter(), compiler: new PostgresQueryCompiler(), introspector: (db) => new PostgresIntrospector(db) }),
    mysql: () => ({ adapter: new MysqlAdapter(), compiler: new MysqlQueryCompiler(), introspector: (db) => new MysqlIntrospector(db) }),
    mssql: () => ({ adapter: new MssqlAdapter(), compiler: new MssqlSourceQueryCompiler(), introspector: (db) => new MssqlIntrospector(db) }),
    oracle: () => ({ adapter: new OracleAdapter(), compiler: new OracleSourceQueryCompiler(), introspector: (db) => new OracleIntrospector(db) }),
  };
  const { adapter, compiler, introspector } = parts[engine]();
  const dialect: Dialect = {
    createAdapter: () => adapter,
    createDriver: (): Driver => new DummyDriver(),
    createQueryCompiler: () => compiler,
    createIntrospector: introspector,
  };
  return new Kysely<any>({ dialect });
}
