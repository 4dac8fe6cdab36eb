import {
  type FetchNode,
  MssqlDialect,
  MssqlQueryCompiler,
  OffsetNode,
  OrderByItemNode,
  OrderByNode,
  type QueryCompiler,
  RawNode,
  type SelectQueryNode,
  ValueNode,
} from 'kysely';
import type { OracleDialectConfig } from 'kysely-oracledb';

/**
 * SQL Server and Oracle have no `limit`: they page with `offset n rows fetch next m rows only`. The
 * generic service writes `.limit().offset()` for every engine, so their compilers turn a limit into a
 * fetch (SQL Server also needs an order by and an offset before a fetch).
 */
export function limitAsFetch(node: SelectQueryNode, needsOrderAndOffset: boolean): SelectQueryNode {
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

/** Kysely's own SQL Server dialect (tedious + tarn, handed in by the caller) with the limit-as-fetch compiler. */
export class MssqlSourceDialect extends MssqlDialect {
  override createQueryCompiler(): QueryCompiler {
    return new MssqlSourceQueryCompiler();
  }
}

/**
 * kysely-oracledb's dialect (node-oracledb in thin mode: no Oracle client libraries) with the limit-as-fetch
 * compiler. Loaded when the first Oracle source connects: the two packages hold about 10 MB of the heap (and
 * ~20 MB resident with tedious) that a server without such a source never uses (docs/performance.md).
 */
export async function oracleSourceDialect(config: OracleDialectConfig) {
  const { OracleDialect, OracleQueryCompiler } = await import('kysely-oracledb');
  class OracleSourceQueryCompiler extends OracleQueryCompiler {
    protected override visitSelectQuery(node: SelectQueryNode): void {
      super.visitSelectQuery(limitAsFetch(node, false));
    }
  }
  class OracleSourceDialect extends OracleDialect {
    override createQueryCompiler(): OracleSourceQueryCompiler {
      return new OracleSourceQueryCompiler();
    }
  }
  return new OracleSourceDialect(config);
}
