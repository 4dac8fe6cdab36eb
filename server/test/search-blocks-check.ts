import { sql } from 'kysely';
import type { AnyDb } from '../src/db/connection.ts';

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
    where not exists (select 1 from ${g} g where g.blk = floor(b.id / 64) and g.col = ${col} and g.gram = substring(${c}, n.k, w.len)
      and (g.mask >> (b.id - floor(b.id / 64) * 64)) & 1 = 1)`.execute(db);
  const stale = await sql<{ n: number }>`select count(*) as n from ${g} g join sys_search_n bit on bit.k <= 64 and (g.mask >> (bit.k - 1)) & 1 = 1
    where g.col = ${col} and not exists (select 1 from ${t} b join sys_search_n n on n.k <= char_length(${c}) - char_length(g.gram) + 1
      where b.id = g.blk * 64 + bit.k - 1 and substring(${c}, n.k, char_length(g.gram)) = g.gram)`.execute(db);
  return { missing: Number(missing.rows[0]!.n), stale: Number(stale.rows[0]!.n) };
}
