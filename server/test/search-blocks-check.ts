import { sql } from 'kysely';
import type { AnyDb } from '../src/db/connection.ts';
import { createBlockTable, MASKS } from '../src/db/migrations/0016_search_gram_blocks.ts';
import { closeStage, cutWholeTable, openStage } from '../src/search/gramWrite.ts';

/** The word of a block row's mask holding bit `bit` (0…255, an SQL expression) of alias `g`, shifted to it. */
const bitOf = (g: string, bit: string) =>
  `((case (${bit}) >> 6 when 0 then ${g}.m0 when 1 then ${g}.m1 when 2 then ${g}.m2 else ${g}.m3 end) >> ((${bit}) & 63)) & 1`;

/**
 * MySQL/MariaDB (migration 0016): how far the gram blocks of `table`'s column number `col` (`column`) are from its rows
 * as they are: `missing`, grams of a row (each character, each 3 in a row) without its bit in a block row of an equal
 * gram; `stale`, bits of block rows whose id has no row or whose text holds no gram equal to the row's. Both 0 once
 * caught up.
 */
export async function blocksDrift(db: AnyDb, table: string, column: string, col = 0): Promise<{ missing: number; stale: number }> {
  const t = sql.table(table);
  const g = sql.table(`sys_searchb__${table}`);
  const c = sql.ref(`b.${column}`);
  const missing = await sql<{ n: number }>`select count(*) as n from ${t} b join (select 1 as len union all select 3) w
    join sys_search_n n on n.k <= char_length(${c}) - w.len + 1
    where not exists (select 1 from ${g} g where g.blk = floor(b.id / 256) and g.col = ${col} and g.gram = substring(${c}, n.k, w.len)
      and ${sql.raw(bitOf('g', 'b.id - floor(b.id / 256) * 256'))} = 1)`.execute(db);
  const stale = await sql<{ n: number }>`select count(*) as n from ${g} g join sys_search_n bit on bit.k <= 256 and ${sql.raw(bitOf('g', 'bit.k - 1'))} = 1
    where g.col = ${col} and not exists (select 1 from ${t} b join sys_search_n n on n.k <= char_length(${c}) - char_length(g.gram) + 1
      where b.id = g.blk * 256 + bit.k - 1 and substring(${c}, n.k, char_length(g.gram)) = g.gram)`.execute(db);
  return { missing: Number(missing.rows[0]!.n), stale: Number(stale.rows[0]!.n) };
}

/**
 * MySQL/MariaDB: the rows of `table`'s gram blocks that differ from the blocks cut again from every row now into a
 * scratch table (search/gramWrite.ts cutWholeTable, the remake's path): 0 once caught up. Cheaper than blocksDrift on
 * thousands of rows; blocksDrift checks the cutting itself on small tables.
 */
export async function blocksAsRemade(db: AnyDb, table: string, columns: string[]): Promise<{ differing: number }> {
  const scratch = `qb_remade_${table}`.slice(0, 60);
  return db.connection().execute(async (conn) => {
    const { rows } = await sql<{
      coll: string;
    }>`select collation_name as coll from information_schema.columns where table_schema = database() and table_name = ${`sys_searchb__${table}`} and column_name = 'gram'`.execute(
      conn,
    );
    await sql`drop table if exists ${sql.table(scratch)}`.execute(conn);
    await createBlockTable(conn, scratch, columns, rows[0]!.coll, true);
    await openStage(conn);
    await cutWholeTable(conn, table, columns, scratch);
    await closeStage(conn);
    const same = sql.raw(`a.blk = b.blk and a.col = b.col and a.gram = b.gram and ${MASKS.map((m) => `a.${m} = b.${m}`).join(' and ')}`);
    const live = sql.table(`sys_searchb__${table}`);
    const n = await sql<{ n: number }>`select (select count(*) from ${live} a where not exists (select 1 from ${sql.table(scratch)} b where ${same}))
      + (select count(*) from ${sql.table(scratch)} a where not exists (select 1 from ${live} b where ${same})) as n`.execute(conn);
    await sql`drop table ${sql.table(scratch)}`.execute(conn);
    return { differing: Number(n.rows[0]!.n) };
  });
}
