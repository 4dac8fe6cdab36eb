import { sql } from 'kysely';
import type { AnyDb } from '../db/connection.ts';
// PostgreSQL: the side table carrying the trigram indexes and the queue of ids written since it caught up
import { pendingTable, sideTable, trigramSchemaOf } from '../db/migrations/0010_search_side.ts';

/*
 * PostgreSQL's side tables (migration 0010, docs/search.md): the ids queued by the statement triggers move into
 * `sys_search__<table>` after the commit (SearchUpkeep, search/upkeep.ts), in batches or, for a large queue, by
 * remaking the side table from the whole base table.
 */

/** PostgreSQL: pending ids moved into the side table per transaction (~0.1-0.3 s of GIN upkeep each). */
export const PG_CATCH_UP_ROWS = 5000;
/**
 * PostgreSQL (MySQL: the grams): a queue of at least this many ids, and a fifth of the table, is caught up by remaking
 * the side table from the whole base table in one statement (~10 µs a row with the GIN indexes built after the rows) rather than PG_CATCH_UP_ROWS at a time (~60 µs
 * an id: 1,000,000 ids loaded from outside took 59 s in batches).
 */
export const PG_BULK_FROM = 50_000;
/** Key space of the advisory locks taking turns at one table's catch-up (two int4 keys: this one, the table's hash). */
const ADVISORY_SPACE = 0x5153;

/**
 * PostgreSQL, inside a transaction: waits for the turn at `table`'s side table (held until the transaction ends). Taken by
 * each catch-up batch and by the data-table manager remaking a runtime table's side table (tables/searchIndex.ts), so a
 * remake never interleaves with a batch (nor deadlocks with one: both take this lock before any table's).
 */
export async function lockSearchSide(trx: AnyDb, table: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(${ADVISORY_SPACE}, hashtext(current_schema() || '.' || ${table}))`.execute(trx);
}

/**
 * PostgreSQL: the searched columns of `table`'s side table (its columns but `id`), empty when it or its queue is missing.
 * Read inside each catch-up batch after the lock: a side table remade by an ALTER (other columns) is seen at once.
 */
export async function sideColumnsOf(db: AnyDb, table: string): Promise<string[]> {
  const regclass = (name: string) => sql`to_regclass(quote_ident(current_schema()) || '.' || quote_ident(${name}))`;
  const { rows } = await sql<{ name: string; queued: boolean }>`select a.attname as name, ${regclass(pendingTable(table))} is not null as queued
    from pg_attribute a where a.attrelid = ${regclass(sideTable(table))} and a.attnum > 0 and not a.attisdropped order by a.attnum`.execute(db);
  return rows.length > 0 && rows[0]!.queued ? rows.map((r) => r.name).filter((c) => c !== 'id') : [];
}

/**
 * PostgreSQL: moves the pending ids of `table` into its side table, PG_CATCH_UP_ROWS per transaction. Each
 * transaction first takes the table's advisory lock, so that catch-ups (of several instances) take turns: a later one
 * reads the base rows in a snapshot taken after the earlier one committed, and never writes older text over newer.
 * In one statement (one snapshot): the ids leave the queue, the side rows take the base rows' current text (or go
 * with their base row). Ids of transactions not yet committed are not visible: they stay queued for the next turn.
 * The ids as an array: the rows are looked up by key whatever the planner guesses of the queue's size. A queue of
 * `bulkFrom` ids or more is caught up by remaking the side table (remakeSide).
 */
export async function catchUpSide(db: AnyDb, table: string, stopped: () => boolean, bulkFrom: number): Promise<number> {
  const base = sql.table(table);
  const side = sql.table(sideTable(table));
  const pending = sql.table(pendingTable(table));
  if ((await queuedAtLeast(db, table, bulkFrom)) >= bulkFrom) return remakeSide(db, table);
  let total = 0;
  for (;;) {
    const moved = await db.transaction().execute(async (trx) => {
      await lockSearchSide(trx, table);
      // the columns as they are now (a runtime table's side table is remade when its table is altered)
      const columns = await sideColumnsOf(trx, table);
      if (columns.length === 0) return 0;
      const cols = sql.join(columns.map((c) => sql.ref(c)));
      const baseCols = sql.join(columns.map((c) => sql.ref(`b.${c}`)));
      const sideCols = sql.join(columns.map((c) => sql`${side}.${sql.ref(c)}`));
      const newCols = sql.join(columns.map((c) => sql.ref(`excluded.${c}`)));
      const sets = sql.join(columns.map((c) => sql`${sql.ref(c)} = ${sql.ref(`excluded.${c}`)}`));
      const { rows } = await sql<{ n: number }>`with
        moved as (delete from ${pending} where ctid = any(array(select ctid from ${pending} limit ${PG_CATCH_UP_ROWS})) returning id),
        gone as (delete from ${side} s where s.id = any(array(select id from moved)) and not exists (select 1 from ${base} b where b.id = s.id)),
        put as (insert into ${side} (id, ${cols}) select b.id, ${baseCols} from ${base} b where b.id = any(array(select id from moved))
          on conflict (id) do update set ${sets} where (${sideCols}) is distinct from (${newCols}))
        select count(*) as n from moved`.execute(trx);
      return Number(rows[0]?.n ?? 0);
    });
    total += moved;
    if (moved < PG_CATCH_UP_ROWS || stopped()) return total;
    await new Promise((r) => setImmediate(r));
  }
}

/**
 * PostgreSQL, a large queue (PG_BULK_FROM ids or more: a bulk load from outside, a large import): the side table is
 * made again beside the live one and swapped in, in one transaction holding the table's advisory lock. One statement
 * (one snapshot, taken after the lock) empties the queue of the ids it can see and copies every base row: a row
 * written by a transaction that commits later keeps its id in the queue. The GIN indexes are built after the rows
 * (a tenth of the upkeep of row-by-row inserts); searches meanwhile see the old side table and the full queue (read
 * as scans, crud/searchReads.ts), then, after the short swap, the new one. The queue's dead rows are vacuumed after.
 */
async function remakeSide(db: AnyDb, table: string): Promise<number> {
  const fresh = freshSideTable(table);
  const moved = await db.transaction().execute(async (trx) => {
    await lockSearchSide(trx, table);
    const columns = await sideColumnsOf(trx, table);
    if (columns.length === 0) return 0;
    const schema = await trigramSchemaOf(trx);
    if (!schema) return 0;
    // the remake of a large table may exceed the statement limit meant for the calls
    await sql`set local statement_timeout = 0`.execute(trx);
    await sql`set local maintenance_work_mem = '256MB'`.execute(trx);
    const cols = sql.join(columns.map((c) => sql.ref(c)));
    await sql`drop table if exists ${sql.table(fresh)}`.execute(trx);
    // the same types and collations as the base columns
    await sql`create table ${sql.table(fresh)} as select id, ${cols} from ${sql.table(table)} with no data`.execute(trx);
    const { rows } = await sql<{ n: number }>`with moved as (delete from ${sql.table(pendingTable(table))} returning 1),
      put as (insert into ${sql.table(fresh)} (id, ${cols}) select id, ${cols} from ${sql.table(table)})
      select count(*) as n from moved`.execute(trx);
    await sql`alter table ${sql.table(fresh)} add constraint ${sql.ref(`${fresh}_pkey`)} primary key (id)`.execute(trx);
    for (const k of columns.keys()) {
      await sql`create index ${sql.ref(`ix_${fresh}_${k}`)} on ${sql.table(fresh)} using gin (${sql.ref(columns[k]!)} ${sql.ref(schema)}.gin_trgm_ops)`.execute(
        trx,
      );
    }
    await sql`analyze ${sql.table(fresh)}`.execute(trx);
    // the swap: the only moment searches wait (for the commit)
    const side = sideTable(table);
    await sql`drop table ${sql.table(side)}`.execute(trx);
    await sql`alter table ${sql.table(fresh)} rename to ${sql.table(side)}`.execute(trx);
    await sql`alter table ${sql.table(side)} rename constraint ${sql.ref(`${fresh}_pkey`)} to ${sql.ref(`${side}_pkey`)}`.execute(trx);
    for (const k of columns.keys()) await sql`alter index ${sql.ref(`ix_${fresh}_${k}`)} rename to ${sql.ref(`ix_${side}_${k}`)}`.execute(trx);
    return Number(rows[0]?.n ?? 0);
  });
  // a vacuum runs outside a transaction; the dead rows would slow every count of the queue until autovacuum
  if (moved > 0) await sql`vacuum ${sql.table(pendingTable(table))}`.execute(db);
  return moved;
}

/** PostgreSQL: the side table being remade beside the live one (remakeSide); within 63 bytes as sideTable. */
const freshSideTable = (table: string) => `sys_searchn__${table}`;

/**
 * PostgreSQL: the ids queued for `table`'s side table, counted up to `limit` (the queue has no index: its first `limit`
 * live rows are read, ~1 ms per 10,000). Ids of transactions not yet committed are not counted.
 */
export async function queuedAtLeast(db: AnyDb, table: string, limit: number): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*) as n from (select 1 from ${sql.table(pendingTable(table))} limit ${limit}) q`.execute(db);
  return Number(rows[0]?.n ?? 0);
}
