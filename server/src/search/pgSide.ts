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
  if ((await queuedAtLeast(db, table, bulkFrom)) >= bulkFrom) {
    const remade = await remakeSide(db, table, bulkFrom);
    // -1: another instance caught up meanwhile; the rest in batches
    if (remade >= 0) return remade;
  }
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

/** The partitions of a remade side table, their GIN indexes built at once on as many connections (PostgreSQL 15 builds a GIN index on one core). */
export const REMAKE_PARTS = 2;

/**
 * PostgreSQL, a large queue (PG_BULK_FROM ids or more: a bulk load from outside, a large import): the side table is made
 * again beside the live one and swapped in. The GIN build is most of the time (2,000,000 questions: copy 2 s, primary key
 * 0.8 s, GIN 17 s on one core, whatever maintenance_work_mem from 64 MB to 1 GB), and PostgreSQL 15 builds a GIN index on
 * one core: so the new table is partitioned by hash of id into REMAKE_PARTS, and each partition's indexes are built on a
 * connection of its own, at once; the searches read it through the parent as before (its indexes are the partitions').
 * One connection holds the table's advisory lock at session level for the whole remake (catch-up batches of every
 * instance and the data-table manager wait), so the steps are separate transactions:
 * 1. one statement (one snapshot) copies every base row into the new table and notes the ctids of the queue rows it can
 *    see (`sys_searchm__<table>`); nothing leaves the queue yet (searches still need it with the live side table);
 * 2. the partitions' GIN indexes, each partition on its own connection, committed;
 * 3. one transaction: the parent's indexes (attached), the primary key, analyze, the noted queue rows deleted (their
 *    ctids are stable: only a catch-up deletes queue rows, and every catch-up waits for the lock), the live side table
 *    dropped and the new one renamed in its place. Searches wait only for this commit.
 * A row written after step 1's snapshot kept a queue row of its own (not noted): exact at every moment, as before. A
 * remake that fails or stops leaves the live side table and the whole queue; the next one drops what it left.
 */
async function remakeSide(db: AnyDb, table: string, bulkFrom: number): Promise<number> {
  const fresh = freshSideTable(table);
  const noted = notedQueueTable(table);
  const side = sideTable(table);
  const part = (k: number) => `${fresh}_p${k}`;
  const lockKey = sql`${ADVISORY_SPACE}, hashtext(current_schema() || '.' || ${table})`;
  const moved = await db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${lockKey})`.execute(conn);
    try {
      // another instance may have caught up while this one waited for the lock
      if ((await queuedAtLeast(conn, table, bulkFrom)) < bulkFrom) return -1;
      const columns = await sideColumnsOf(conn, table);
      const schema = await trigramSchemaOf(conn);
      if (columns.length === 0 || !schema) return 0;
      const cols = sql.join(columns.map((c) => sql.ref(c)));
      const n = await conn.transaction().execute(async (trx) => {
        await sql`set local statement_timeout = 0`.execute(trx);
        await sql`drop table if exists ${sql.table(fresh)}, ${sql.table(noted)}`.execute(trx);
        // the same types and collations as the base columns, partitioned by hash of id
        await sql`create table ${sql.table(noted)} as select ctid as qb_c from ${sql.table(pendingTable(table))} with no data`.execute(trx);
        await sql`create table ${sql.table(`${fresh}_t`)} as select id, ${cols} from ${sql.table(table)} with no data`.execute(trx);
        await sql`create table ${sql.table(fresh)} (like ${sql.table(`${fresh}_t`)}) partition by hash (id)`.execute(trx);
        await sql`drop table ${sql.table(`${fresh}_t`)}`.execute(trx);
        for (let k = 0; k < REMAKE_PARTS; k++)
          await sql`create table ${sql.table(part(k))} partition of ${sql.table(fresh)} for values with (modulus ${sql.lit(REMAKE_PARTS)}, remainder ${sql.lit(k)})`.execute(
            trx,
          );
        const { rows } = await sql<{
          n: number;
        }>`with note as (insert into ${sql.table(noted)} (qb_c) select ctid from ${sql.table(pendingTable(table))} returning 1),
          put as (insert into ${sql.table(fresh)} (id, ${cols}) select id, ${cols} from ${sql.table(table)})
          select count(*) as n from note`.execute(trx);
        return Number(rows[0]?.n ?? 0);
      });
      // the partitions' GIN indexes at once, one connection each
      await Promise.all(
        Array.from({ length: REMAKE_PARTS }, (_, k) =>
          db.transaction().execute(async (trx) => {
            await sql`set local statement_timeout = 0`.execute(trx);
            await sql`set local maintenance_work_mem = '256MB'`.execute(trx);
            for (const c of columns.keys())
              await sql`create index ${sql.ref(`ix_${part(k)}_${c}`)} on ${sql.table(part(k))} using gin (${sql.ref(columns[c]!)} ${sql.ref(schema)}.gin_trgm_ops)`.execute(
                trx,
              );
          }),
        ),
      );
      await conn.transaction().execute(async (trx) => {
        await sql`set local statement_timeout = 0`.execute(trx);
        for (const c of columns.keys()) {
          await sql`create index ${sql.ref(`ix_${fresh}_${c}`)} on only ${sql.table(fresh)} using gin (${sql.ref(columns[c]!)} ${sql.ref(schema)}.gin_trgm_ops)`.execute(
            trx,
          );
          for (let k = 0; k < REMAKE_PARTS; k++)
            await sql`alter index ${sql.ref(`ix_${fresh}_${c}`)} attach partition ${sql.ref(`ix_${part(k)}_${c}`)}`.execute(trx);
        }
        await sql`alter table ${sql.table(fresh)} add constraint ${sql.ref(`${fresh}_pkey`)} primary key (id)`.execute(trx);
        await sql`analyze ${sql.table(fresh)}`.execute(trx);
        await sql`delete from ${sql.table(pendingTable(table))} where ctid = any(array(select qb_c from ${sql.table(noted)}))`.execute(trx);
        await sql`drop table ${sql.table(noted)}`.execute(trx);
        // the swap: the only moment searches wait (for the commit)
        await sql`drop table ${sql.table(side)}`.execute(trx);
        await sql`alter table ${sql.table(fresh)} rename to ${sql.table(side)}`.execute(trx);
        await sql`alter table ${sql.table(side)} rename constraint ${sql.ref(`${fresh}_pkey`)} to ${sql.ref(`${side}_pkey`)}`.execute(trx);
        // the partitions and their indexes under the live names (the next remake makes its own beside them)
        for (let k = 0; k < REMAKE_PARTS; k++) {
          await sql`alter table ${sql.table(part(k))} rename to ${sql.table(`${side}_p${k}`)}`.execute(trx);
          await sql`alter index ${sql.ref(`${part(k)}_pkey`)} rename to ${sql.ref(`${side}_p${k}_pkey`)}`.execute(trx);
          for (const c of columns.keys()) await sql`alter index ${sql.ref(`ix_${part(k)}_${c}`)} rename to ${sql.ref(`ix_${side}_p${k}_${c}`)}`.execute(trx);
        }
        for (const c of columns.keys()) await sql`alter index ${sql.ref(`ix_${fresh}_${c}`)} rename to ${sql.ref(`ix_${side}_${c}`)}`.execute(trx);
      });
      return n;
    } finally {
      await sql`select pg_advisory_unlock(${lockKey})`.execute(conn);
    }
  });
  // a vacuum runs outside a transaction; the dead rows would slow every count of the queue until autovacuum
  if (moved > 0) await sql`vacuum ${sql.table(pendingTable(table))}`.execute(db);
  return moved;
}

/** PostgreSQL: the ctids of the queue rows a remake copied the rows of, deleted with its swap (remakeSide). */
const notedQueueTable = (table: string) => `sys_searchm__${table}`;

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
