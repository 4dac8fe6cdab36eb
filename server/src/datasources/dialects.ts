import {
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  DummyDriver,
  type Driver,
  type FetchNode,
  Kysely,
  MssqlAdapter,
  MssqlDialect,
  MssqlIntrospector,
  MssqlQueryCompiler,
  MysqlAdapter,
  MysqlIntrospector,
  MysqlQueryCompiler,
  OffsetNode,
  OrderByItemNode,
  OrderByNode,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryCompiler,
  RawNode,
  type SelectQueryNode,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  ValueNode,
} from 'kysely';
import type { SourceEngine } from '../db/connection.ts';
import { type OracleDialectConfig, OracleAdapter, OracleDialect, OracleIntrospector, OracleQueryCompiler } from 'kysely-oracledb';

/**
 * SQL Server and Oracle have no `limit`: they page with `offset n rows fetch next m rows only`. The
 * generic service writes `.limit().offset()` for every engine, so their compilers turn a limit into a
 * fetch (SQL Server also needs an order by and an offset before a fetch).
 */
function limitAsFetch(node: SelectQueryNode, needsOrderAndOffset: boolean): SelectQueryNode {
  if (!node.limit || node.fetch) return node;
  const fetch = { kind: 'FetchNode', rowCount: node.limit.limit, modifier: 'only' } as FetchNode;
  const offset = node.offset ?? (needsOrderAndOffset ? OffsetNode.create(ValueNode.createImmediate(0)) : undefined);
  const orderBy = node.orderBy ?? (needsOrderAndOffset ? OrderByNode.create([OrderByItemNode.create(RawNode.createWithSql('(select null)'))]) : undefined);
  return { ...node, limit: undefined, offset, fetch, orderBy };
}

export class MssqlSourceQueryCompiler extends MssqlQueryCompiler {
  protected override visitSelectQuery(node: SelectQueryNode): void {
    super.visitSelectQuery(limitAsFetch(node, true));
  }
}

export class OracleSourceQueryCompiler extends OracleQueryCompiler {
  protected override visitSelectQuery(node: SelectQueryNode): void {
    super.visitSelectQuery(limitAsFetch(node, false));
  }
}

/** Kysely's own SQL Server dialect (tedious + tarn) with the limit-as-fetch compiler. */
export class MssqlSourceDialect extends MssqlDialect {
  override createQueryCompiler(): QueryCompiler {
    return new MssqlSourceQueryCompiler();
  }
}

/** kysely-oracledb's dialect (node-oracledb in thin mode: no Oracle client libraries) with the limit-as-fetch compiler. */
export class OracleSourceDialect extends OracleDialect {
  override createQueryCompiler(): OracleQueryCompiler {
    return new OracleSourceQueryCompiler();
  }
}
export type { OracleDialectConfig };

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
