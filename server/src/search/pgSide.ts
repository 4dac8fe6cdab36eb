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
 * `bulkFrom` ids or more is caught up in bulk (bulkCatchUp).
 */
export async function catchUpSide(db: AnyDb, table: string, stopped: () => boolean, bulkFrom: number, chunks: SideChunks = {}): Promise<number> {
  const base = sql.table(table);
  const side = sql.table(sideTable(table));
  const pending = sql.table(pendingTable(table));
  if ((await queuedAtLeast(db, table, bulkFrom)) >= bulkFrom) {
    const remade = await bulkCatchUp(db, table, bulkFrom, stopped, chunks);
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

/** The partitions built at once, each on a connection of its own (PostgreSQL 15 builds a GIN index on one core). */
export const REMAKE_PARTS = 2;
/** Ids per range partition a bulk catch-up builds; searches read the loaded range not yet attached with their `like`. */
export const SIDE_CHUNK_IDS = 100_000;
/** A side table of more partitions than this is remade whole at its next bulk catch-up (every search probes each one's index). */
const MAX_PARTS = 48;

/** A bulk catch-up's chunks (tests drive it chunk by chunk; the bench times them). */
export interface SideChunks {
  /** ids per range partition (SIDE_CHUNK_IDS) */
  ids?: number;
  /** awaited after each group of partitions is attached, with the queue rows it took */
  after?: (moved: number) => Promise<void>;
}

type Bound = number | 'MINVALUE' | 'MAXVALUE';
const bound = (b: Bound) => {
  if (typeof b === 'number' && !Number.isSafeInteger(b)) throw new Error(`search side table: bound ${b}`);
  return sql.raw(String(b));
};

/**
 * PostgreSQL: the open partition of `table`'s side table when it is partitioned by range of id (since issue 30's fifth
 * pass): the one from its lower bound to MAXVALUE, which the catch-up in batches fills and a bulk catch-up cuts into
 * partitions of the loaded range. Every side row of an id below `from` is its base row's text or queued; rows from `from`
 * up may not be there at all (searches read them from the table while the queue is large). Undefined: not by range (a side
 * table made by migration 0010, by a remake before that pass, or for a runtime table).
 */
export async function openPartition(db: AnyDb, table: string): Promise<{ name: string; from: Bound; parts: number } | undefined> {
  const { rows } = await sql<{ name: string; bound: string; strat: string | null }>`select c.relname as name, pg_get_expr(c.relpartbound, c.oid) as bound,
      (select p.partstrat from pg_partitioned_table p where p.partrelid = i.inhparent) as strat
    from pg_inherits i join pg_class c on c.oid = i.inhrelid
    where i.inhparent = to_regclass(quote_ident(current_schema()) || '.' || quote_ident(${sideTable(table)}))`.execute(db);
  if (rows.length === 0 || rows[0]!.strat !== 'r') return undefined;
  for (const r of rows) {
    const m = /FROM \((MINVALUE|'?-?\d+'?)\) TO \(MAXVALUE\)/i.exec(r.bound);
    if (m) return { name: r.name, from: m[1] === 'MINVALUE' ? 'MINVALUE' : Number(m[1]!.replace(/'/g, '')), parts: rows.length };
  }
  return undefined;
}

/** PostgreSQL: the queued ids of `table` below `from`, counted up to `limit` (the queue read whole when fewer). */
export async function queuedBelow(db: AnyDb, table: string, from: number, limit: number): Promise<number> {
  const { rows } = await sql<{
    n: number;
  }>`select count(*) as n from (select 1 from ${sql.table(pendingTable(table))} where id < ${from} limit ${limit}) q`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** Names for new range partitions of `table`'s side table: `<side>_r<n>`, n above every one in use (under the table's lock); the unattached ones a failed catch-up left are dropped. */
async function partNames(db: AnyDb, table: string): Promise<() => string> {
  const side = sideTable(table);
  const { rows } = await sql<{ n: number | null }>`select max(substring(relname from ${side.length + 3}::int)::int) as n from pg_class
    where relnamespace = current_schema()::regnamespace and left(relname, ${side.length + 2}::int) = ${`${side}_r`} and substring(relname from ${side.length + 3}::int) ~ '^[0-9]{1,6}$'`.execute(
    db,
  );
  let n = Number(rows[0]?.n ?? -1);
  // the partitions a catch-up that failed or stopped built and did not attach
  const { rows: left } = await sql<{ name: string }>`select relname as name from pg_class where relnamespace = current_schema()::regnamespace
    and relkind in ('r', 'p') and not relispartition and left(relname, ${side.length + 2}::int) = ${`${side}_r`} and substring(relname from ${side.length + 3}::int) ~ '^[0-9]{1,6}$'`.execute(
    db,
  );
  for (const { name } of left) await sql`drop table if exists ${sql.table(name)}`.execute(db);
  return () => `${side}_r${++n}`;
}

/** The GIN trigram indexes and primary key of a partition built apart (attached after: the parent takes them as its own). */
async function indexPart(trx: AnyDb, name: string, columns: string[], schema: string): Promise<void> {
  await sql`alter table ${sql.table(name)} add primary key (id)`.execute(trx);
  for (const c of columns.keys())
    await sql`create index ${sql.ref(`ix_${name}_${c}`)} on ${sql.table(name)} using gin (${sql.ref(columns[c]!)} ${sql.ref(schema)}.gin_trgm_ops)`.execute(
      trx,
    );
}

/**
 * PostgreSQL, a large queue (bulkFrom ids or more: a bulk load from outside, a large import). The side table is
 * partitioned by range of id, its last partition open (from a bound to MAXVALUE). A bulk load's ids are almost always
 * above everything indexed: only the range from the open partition's bound to the table's last id is indexed, in
 * partitions of `chunks.ids` ids built apart from the live table, REMAKE_PARTS at once on as many connections (a GIN index
 * built on a fresh table, on one core each), then attached in one short transaction with a new empty open partition above
 * them. One connection holds the table's advisory lock at session level for the whole catch-up (catch-up batches of every
 * instance and the data-table manager wait). Per group of partitions:
 * 1. per new table, on a connection of its own, at once: one statement (one snapshot) copies the base rows of its range
 *    and notes the ctids of the queue rows of that range it can see (`sys_searchm__<table>`); nothing leaves the queue yet;
 * 2. then, on the same connection, its primary key and GIN indexes, committed;
 * 3. one transaction: the ids of the open partition above the group requeued (normally none), the open partition dropped,
 *    the new tables attached and a new open partition above them, the noted queue rows deleted. Searches wait only for
 *    this commit; the range they read from the table (crud/wheres.ts) starts at the new bound after it.
 * A row written after step 1's snapshot kept a queue row of its own (not noted): exact at every moment. A catch-up that
 * fails or stops leaves what it attached (consistent) and the rest queued. A side table not yet by range (made by
 * migration 0010, by an earlier remake, for a runtime table) becomes the first partition of one, as it is (one scan to
 * attach it); a queue with bulkFrom ids below the open partition (a bulk update of old rows), or more than MAX_PARTS
 * partitions, remakes the whole side table (remakeSide). -1: nothing for a bulk catch-up (another instance caught up
 * meanwhile, or no id above the open partition's bound): the rest in batches.
 */
async function bulkCatchUp(db: AnyDb, table: string, bulkFrom: number, stopped: () => boolean, chunks: SideChunks): Promise<number> {
  const lockKey = sql`${ADVISORY_SPACE}, hashtext(current_schema() || '.' || ${table})`;
  let moved = 0;
  const result = await db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${lockKey})`.execute(conn);
    try {
      // another instance may have caught up while this one waited for the lock
      if ((await queuedAtLeast(conn, table, bulkFrom)) < bulkFrom) return -1;
      const columns = await sideColumnsOf(conn, table);
      const schema = await trigramSchemaOf(conn);
      if (columns.length === 0 || !schema) return 0;
      const names = await partNames(conn, table);
      let open = await openPartition(conn, table);
      if (!open) open = await byRange(conn, table, names);
      if (typeof open.from !== 'number' || open.parts > MAX_PARTS || (await queuedBelow(conn, table, open.from, bulkFrom)) >= bulkFrom)
        return (moved = await remakeSide(db, conn, table, columns, schema, names, typeof open.from === 'number' ? open.from : undefined));
      const { rows } = await sql<{ top: number | null }>`select max(id) + 1 as top from ${sql.table(table)}`.execute(conn);
      const top = Number(rows[0]?.top ?? 0);
      if (top <= open.from) return -1;
      const step = Math.max(1, chunks.ids ?? SIDE_CHUNK_IDS);
      for (let lo = open.from; lo < top && !stopped();) {
        const group: { name: string; lo: number; hi: number }[] = [];
        for (let k = 0; k < REMAKE_PARTS && lo < top; k++, lo = Math.min(top, lo + step)) group.push({ name: names(), lo, hi: Math.min(top, lo + step) });
        await prepareGroup(conn, table, group);
        // each partition copied and indexed on a connection of its own, at once
        const copied = await Promise.all(
          group.map((g) =>
            db.transaction().execute(async (trx) => {
              await sql`set local statement_timeout = 0`.execute(trx);
              await sql`set local maintenance_work_mem = '256MB'`.execute(trx);
              const k = await copyPart(trx, table, columns, g);
              await indexPart(trx, g.name, columns, schema);
              await sql`analyze ${sql.table(g.name)}`.execute(trx);
              return k;
            }),
          ),
        );
        const n = copied.reduce((a, k) => a + k, 0);
        open = await attachGroup(conn, table, columns, schema, open.name, group, names());
        moved += n;
        // the queue rows just deleted: searches read the queue whole while it is large
        await sql`vacuum ${sql.table(pendingTable(table))}`.execute(db);
        await chunks.after?.(n);
      }
      await sql`drop table if exists ${sql.table(notedQueueTable(table))}`.execute(conn);
      return moved;
    } finally {
      await sql`select pg_advisory_unlock(${lockKey})`.execute(conn);
    }
  });
  // a vacuum runs outside a transaction; the dead rows would slow every count of the queue until autovacuum
  if (moved > 0) await sql`vacuum ${sql.table(pendingTable(table))}`.execute(db);
  return result;
}

/** bulkCatchUp, before step 1: the table noting the queue rows taken and the group's new tables, with the parent's columns. */
async function prepareGroup(conn: AnyDb, table: string, group: { name: string; lo: number; hi: number }[]): Promise<void> {
  const noted = sql.table(notedQueueTable(table));
  await conn.transaction().execute(async (trx) => {
    await sql`drop table if exists ${noted}`.execute(trx);
    await sql`create table ${noted} as select ctid as qb_c from ${sql.table(pendingTable(table))} with no data`.execute(trx);
    // the parent's columns (types, collations); the check lets the attach skip its scan
    for (const g of group)
      await sql`create table ${sql.table(g.name)} (like ${sql.table(sideTable(table))}, check (id >= ${bound(g.lo)} and id < ${bound(g.hi)}))`.execute(trx);
  });
}

/** bulkCatchUp, step 1: the base rows of a partition's range into its new table, the queue rows of that range noted, in one statement (one snapshot). */
async function copyPart(trx: AnyDb, table: string, columns: string[], g: { name: string; lo: number; hi: number }): Promise<number> {
  const cols = sql.join(columns.map((c) => sql.ref(c)));
  const range = sql`id >= ${bound(g.lo)} and id < ${bound(g.hi)}`;
  const { rows } = await sql<{
    n: number;
  }>`with note as (insert into ${sql.table(notedQueueTable(table))} (qb_c) select ctid from ${sql.table(pendingTable(table))} where ${range} returning 1),
    put as (insert into ${sql.table(g.name)} (id, ${cols}) select id, ${cols} from ${sql.table(table)} where ${range})
    select count(*) as n from note`.execute(trx);
  return Number(rows[0]?.n ?? 0);
}

/** bulkCatchUp, step 3: the group attached in place of the open partition's lower part, a new open partition above it. */
async function attachGroup(
  conn: AnyDb,
  table: string,
  columns: string[],
  schema: string,
  oldOpen: string,
  group: { name: string; lo: number; hi: number }[],
  newOpen: string,
): Promise<{ name: string; from: number; parts: number }> {
  const side = sql.table(sideTable(table));
  const pending = sql.table(pendingTable(table));
  const hi = group.at(-1)!.hi;
  await conn.transaction().execute(async (trx) => {
    await sql`set local statement_timeout = 0`.execute(trx);
    await sql`create table ${sql.table(newOpen)} (like ${side}, check (id >= ${bound(hi)}))`.execute(trx);
    await indexPart(trx, newOpen, columns, schema);
    // rows caught up above the group (ids written after a load's, caught up before it committed): queued again
    await sql`insert into ${pending} (id) select id from ${sql.table(oldOpen)} where id >= ${bound(hi)}`.execute(trx);
    await sql`drop table ${sql.table(oldOpen)}`.execute(trx);
    for (const g of group)
      await sql`alter table ${side} attach partition ${sql.table(g.name)} for values from (${bound(g.lo)}) to (${bound(g.hi)})`.execute(trx);
    await sql`alter table ${side} attach partition ${sql.table(newOpen)} for values from (${bound(hi)}) to (maxvalue)`.execute(trx);
    await sql`delete from ${pending} where ctid = any(array(select qb_c from ${sql.table(notedQueueTable(table))}))`.execute(trx);
  });
  return { name: newOpen, from: hi, parts: 0 };
}

/**
 * A side table not partitioned by range (migration 0010's, a remake's before the fifth pass, a runtime table's) made the
 * first partition of one as it is, from MINVALUE to above its last id, with an empty open partition above: in one
 * transaction, its indexes renamed, a new parent with the same columns, primary key and GIN indexes (the attached
 * table's own are taken as the partition's), one scan of it to attach.
 */
async function byRange(conn: AnyDb, table: string, names: () => string): Promise<{ name: string; from: number; parts: number }> {
  const side = sideTable(table);
  const first = names();
  const open = names();
  return conn.transaction().execute(async (trx) => {
    await sql`set local statement_timeout = 0`.execute(trx);
    await sql`lock table ${sql.table(side)} in access exclusive mode`.execute(trx);
    const { rows } = await sql<{
      top: number | null;
    }>`select coalesce((select max(id) + 1 from ${sql.table(side)}), (select min(id) from ${sql.table(table)}), 1) as top`.execute(trx);
    const top = Number(rows[0]!.top);
    const columns = await sideColumnsOf(trx, table);
    const schema = (await trigramSchemaOf(trx))!;
    await sql`alter table ${sql.table(side)} rename to ${sql.table(first)}`.execute(trx);
    // its indexes named after it: the parent's take the usual names
    const { rows: indexes } = await sql<{ name: string; pkey: string | null }>`select c.relname as name,
        (select k.conname from pg_constraint k where k.conindid = i.indexrelid and k.contype = 'p') as pkey
      from pg_index i join pg_class c on c.oid = i.indexrelid where i.indrelid = quote_ident(${first})::regclass order by c.relname`.execute(trx);
    for (const [k, ix] of indexes.entries()) {
      if (ix.pkey) await sql`alter table ${sql.table(first)} rename constraint ${sql.ref(ix.pkey)} to ${sql.ref(`${first}_pkey`)}`.execute(trx);
      else await sql`alter index ${sql.ref(ix.name)} rename to ${sql.ref(`ix_${first}_${k}`)}`.execute(trx);
    }
    await sql`create table ${sql.table(side)} (like ${sql.table(first)}) partition by range (id)`.execute(trx);
    await sql`alter table ${sql.table(side)} add constraint ${sql.ref(`${side}_pkey`)} primary key (id)`.execute(trx);
    for (const c of columns.keys())
      await sql`create index ${sql.ref(`ix_${side}_${c}`)} on ${sql.table(side)} using gin (${sql.ref(columns[c]!)} ${sql.ref(schema)}.gin_trgm_ops)`.execute(
        trx,
      );
    await sql`alter table ${sql.table(side)} attach partition ${sql.table(first)} for values from (minvalue) to (${bound(top)})`.execute(trx);
    await sql`create table ${sql.table(open)} partition of ${sql.table(side)} for values from (${bound(top)}) to (maxvalue)`.execute(trx);
    return { name: open, from: top, parts: 2 };
  });
}

/**
 * PostgreSQL, bulkCatchUp's fallback (many queued ids below the open partition, too many partitions): the side table
 * made again whole beside the live one and swapped in, by range of id: two partitions of the rows (their GIN indexes
 * built at once on two connections) and an empty open one above. On `conn`, which holds the table's advisory lock:
 * 1. one statement (one snapshot) copies every base row into the new table and notes the ctids of the queue rows it can
 *    see (`sys_searchm__<table>`); nothing leaves the queue yet (searches still need it with the live side table);
 * 2. the partitions' GIN indexes, each partition on its own connection, committed;
 * 3. one transaction: the parent's indexes (attached), the primary key, analyze, the noted queue rows deleted (their
 *    ctids are stable: only a catch-up deletes queue rows, and every catch-up waits for the lock), the live side table
 *    dropped and the new one renamed in its place. Searches wait only for this commit.
 * A row written after step 1's snapshot kept a queue row of its own (not noted): exact at every moment, as before.
 * `from`: the live open partition's bound; the new one is never below it (a search may have read it just before).
 */
async function remakeSide(db: AnyDb, conn: AnyDb, table: string, columns: string[], schema: string, names: () => string, from?: number): Promise<number> {
  const fresh = freshSideTable(table);
  const noted = notedQueueTable(table);
  const side = sideTable(table);
  const cols = sql.join(columns.map((c) => sql.ref(c)));
  const { rows: ends } = await sql<{ lo: number | null; hi: number | null }>`select min(id) as lo, max(id) as hi from ${sql.table(table)}`.execute(conn);
  const hi = ends[0]?.hi === null || ends[0]?.hi === undefined ? 0 : Number(ends[0].hi);
  const lo = ends[0]?.lo === null || ends[0]?.lo === undefined ? 0 : Number(ends[0].lo);
  const top = Math.max(hi + 1, from ?? hi + 1);
  const mid = Math.min(top - 1, Math.floor((lo + hi) / 2));
  const parts = [
    { name: names(), lo: 'MINVALUE' as Bound, hi: mid as Bound },
    { name: names(), lo: mid as Bound, hi: top as Bound },
  ];
  const open = names();
  const n = await conn.transaction().execute(async (trx) => {
    await sql`set local statement_timeout = 0`.execute(trx);
    await sql`drop table if exists ${sql.table(fresh)}, ${sql.table(noted)}`.execute(trx);
    // the same types and collations as the base columns, partitioned by range of id
    await sql`create table ${sql.table(noted)} as select ctid as qb_c from ${sql.table(pendingTable(table))} with no data`.execute(trx);
    await sql`create table ${sql.table(`${fresh}_t`)} as select id, ${cols} from ${sql.table(table)} with no data`.execute(trx);
    await sql`create table ${sql.table(fresh)} (like ${sql.table(`${fresh}_t`)}) partition by range (id)`.execute(trx);
    await sql`drop table ${sql.table(`${fresh}_t`)}`.execute(trx);
    for (const p of parts) {
      await sql`create table ${sql.table(p.name)} partition of ${sql.table(fresh)} for values from (${bound(p.lo)}) to (${bound(p.hi)})`.execute(trx);
    }
    await sql`create table ${sql.table(open)} partition of ${sql.table(fresh)} for values from (${bound(top)}) to (maxvalue)`.execute(trx);
    const { rows } = await sql<{
      n: number;
    }>`with note as (insert into ${sql.table(noted)} (qb_c) select ctid from ${sql.table(pendingTable(table))} returning 1),
      put as (insert into ${sql.table(fresh)} (id, ${cols}) select id, ${cols} from ${sql.table(table)})
      select count(*) as n from note`.execute(trx);
    return Number(rows[0]?.n ?? 0);
  });
  // the partitions' indexes at once, one connection each
  await Promise.all(
    [...parts.map((p) => p.name), open].map((name) =>
      db.transaction().execute(async (trx) => {
        await sql`set local statement_timeout = 0`.execute(trx);
        await sql`set local maintenance_work_mem = '256MB'`.execute(trx);
        for (const c of columns.keys())
          await sql`create index ${sql.ref(`ix_${name}_${c}`)} on ${sql.table(name)} using gin (${sql.ref(columns[c]!)} ${sql.ref(schema)}.gin_trgm_ops)`.execute(
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
      for (const name of [...parts.map((p) => p.name), open])
        await sql`alter index ${sql.ref(`ix_${fresh}_${c}`)} attach partition ${sql.ref(`ix_${name}_${c}`)}`.execute(trx);
    }
    await sql`alter table ${sql.table(fresh)} add constraint ${sql.ref(`${fresh}_pkey`)} primary key (id)`.execute(trx);
    await sql`analyze ${sql.table(fresh)}`.execute(trx);
    await sql`delete from ${sql.table(pendingTable(table))} where ctid = any(array(select qb_c from ${sql.table(noted)}))`.execute(trx);
    await sql`drop table ${sql.table(noted)}`.execute(trx);
    // the swap: the only moment searches wait (for the commit)
    await sql`drop table ${sql.table(side)}`.execute(trx);
    await sql`alter table ${sql.table(fresh)} rename to ${sql.table(side)}`.execute(trx);
    await sql`alter table ${sql.table(side)} rename constraint ${sql.ref(`${fresh}_pkey`)} to ${sql.ref(`${side}_pkey`)}`.execute(trx);
    for (const c of columns.keys()) await sql`alter index ${sql.ref(`ix_${fresh}_${c}`)} rename to ${sql.ref(`ix_${side}_${c}`)}`.execute(trx);
  });
  return n;
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
