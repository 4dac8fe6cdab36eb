import { sql } from 'kysely';
import type { AnyDb } from '../db/connection.ts';
import { createGramTable, gramQueue, gramsInsert, gramTable, unbounded } from '../db/migrations/0012_search_grams.ts';

/*
 * MySQL/MariaDB's keyword search index (migration 0012, docs/search.md): the grams of the searched texts in
 * `sys_searchg__<table>`, the ids written since they caught up in `sys_searchq__<table>` (row triggers). This file
 * moves queued ids into the grams after the commit, and reads which columns a table's grams index.
 */

/** Queued rows moved into the grams per transaction. */
export const GRAM_CATCH_UP_ROWS = 5000;
/** A queue of at least this many ids is caught up by making the grams again from the whole table (one statement a column). */
export const GRAM_BULK_FROM = 50_000;

// MySQL refuses lock names over 64 characters: the database and table hashed
const lockName = (table: string) => sql`concat('qb_search.', md5(concat(database(), '.', ${table})))`;

/** The columns `table`'s grams index, in their order (the gram's `col`), from the grams table's comment; empty without one. */
export async function gramColumnsOf(db: AnyDb, table: string): Promise<string[]> {
  const { rows } = await sql<{
    comment: string;
  }>`select table_comment as comment from information_schema.tables where table_schema = database() and table_name = ${gramTable(table)}`.execute(db);
  const comment = rows[0]?.comment;
  return comment ? comment.split(',') : [];
}

/** The tables with grams (the server's start: each catches up). */
export async function tablesWithGrams(db: AnyDb): Promise<string[]> {
  const prefix = gramTable('');
  const { rows } = await sql<{
    name: string;
  }>`select table_name as name from information_schema.tables where table_schema = database() and table_name like ${`${prefix.replace(/_/g, '!_')}%`} escape '!'`.execute(
    db,
  );
  return rows.map((r) => r.name.slice(prefix.length));
}

/** The queued ids of `table`, counted up to `limit` (the first `limit` rows of the queue's key). */
export async function gramsQueuedAtLeast(db: AnyDb, table: string, limit: number): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*) as n from (select 1 from ${sql.table(gramQueue(table))} limit ${limit}) q`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/**
 * Moves the queued ids of `table` into its grams; the queued rows taken. One catch-up of a table at a time across
 * instances: a named lock held by one connection for the whole catch-up, so that a later one reads the base rows after
 * the earlier one committed (never older text over newer) and no batch writes into grams being remade. Each batch, in
 * a READ COMMITTED transaction: the first GRAM_CATCH_UP_ROWS committed queue rows are read, their ids' grams deleted
 * and written again from the base rows as they are now, then exactly those queue rows deleted (a write committed after
 * the read left a row of its own, for the next turn).
 */
export async function catchUpGrams(db: AnyDb, table: string, columns: string[], stopped: () => boolean, bulkFrom = GRAM_BULK_FROM): Promise<number> {
  return (
    (await withGramsLock(db, table, async (conn) => {
      if ((await gramsQueuedAtLeast(conn, table, bulkFrom)) >= bulkFrom) return await remakeGrams(conn, table, columns);
      let total = 0;
      for (;;) {
        const { rows } = await sql<{
          seq: number;
          id: number;
        }>`select seq, id from ${sql.table(gramQueue(table))} order by seq limit ${GRAM_CATCH_UP_ROWS}`.execute(conn);
        if (rows.length === 0) return total;
        const ids = [...new Set(rows.map((r) => String(Number(r.id))))].join(',');
        await sql`set transaction isolation level read committed`.execute(conn);
        await sql`begin`.execute(conn);
        try {
          await sql`delete from ${sql.table(gramTable(table))} where id in (${sql.raw(ids)})`.execute(conn);
          for (const statement of gramsInsert(table, columns, gramTable(table), ids)) await sql.raw(statement).execute(conn);
          await sql`delete from ${sql.table(gramQueue(table))} where seq in (${sql.raw(rows.map((r) => String(Number(r.seq))).join(','))})`.execute(conn);
          await sql`commit`.execute(conn);
        } catch (err) {
          await sql`rollback`.execute(conn);
          throw err;
        }
        total += rows.length;
        if (rows.length < GRAM_CATCH_UP_ROWS || stopped()) return total;
        await new Promise((r) => setImmediate(r));
      }
    })) ?? 0
  );
}

/**
 * Runs `work` on one connection holding `table`'s named lock (a catch-up, the data-table manager remaking the grams of
 * a runtime table): one at a time across instances. Undefined when the lock was not had within a minute.
 */
export async function withGramsLock<T>(db: AnyDb, table: string, work: (conn: AnyDb) => Promise<T>): Promise<T | undefined> {
  return db.connection().execute(async (conn) => {
    const got = await sql<{ ok: number | null }>`select get_lock(${lockName(table)}, 60) as ok`.execute(conn);
    if (Number(got.rows[0]?.ok) !== 1) return undefined;
    try {
      return await work(conn);
    } finally {
      await sql`select release_lock(${lockName(table)})`.execute(conn);
    }
  });
}

/**
 * A large queue (a bulk load from outside, a large import): the grams are made again beside the live ones from every
 * base row and swapped in (RENAME TABLE, atomic), far cheaper than writing them id by id into a table with its keys.
 * Exact throughout: the queue rows committed before the rows are read are noted first and deleted only after the
 * swap, so until then searches take the old grams and the whole queue; writes committed later keep their queue rows.
 */
async function remakeGrams(conn: AnyDb, table: string, columns: string[]): Promise<number> {
  const fresh = `sys_searchn__${table}`;
  const old = `sys_searcho__${table}`;
  const taken = 'qb_search_taken';
  const { rows } = await sql<{
    coll: string;
  }>`select collation_name as coll from information_schema.columns where table_schema = database() and table_name = ${gramTable(table)} and column_name = 'gram'`.execute(
    conn,
  );
  const collation = rows[0]?.coll;
  if (!collation) return 0;
  await sql`drop table if exists ${sql.table(fresh)}, ${sql.table(old)}`.execute(conn);
  await sql`drop temporary table if exists ${sql.table(taken)}`.execute(conn);
  await sql`create temporary table ${sql.table(taken)} (seq bigint not null primary key) engine=InnoDB`.execute(conn);
  await sql`set transaction isolation level read committed`.execute(conn);
  await sql`insert into ${sql.table(taken)} (seq) select seq from ${sql.table(gramQueue(table))}`.execute(conn);
  await createGramTable(conn, fresh, columns, collation);
  // a new, empty table: MariaDB then loads it in bulk, sorting the keys itself (47 s rather than 66 s for 100,000
  // questions on the loaded machine); nothing can collide, (col, gram, id, pos) being unique by construction
  await sql`set session unique_checks = 0`.execute(conn);
  try {
    for (const statement of gramsInsert(table, columns, fresh)) await sql.raw(await unbounded(conn, statement)).execute(conn);
  } finally {
    await sql`set session unique_checks = 1`.execute(conn);
  }
  await sql.raw(await unbounded(conn, `alter table \`${fresh}\` add key ix_id (id)`)).execute(conn);
  await sql`rename table ${sql.table(gramTable(table))} to ${sql.table(old)}, ${sql.table(fresh)} to ${sql.table(gramTable(table))}`.execute(conn);
  const deleted = await sql`delete q from ${sql.table(gramQueue(table))} q join ${sql.table(taken)} t on t.seq = q.seq`.execute(conn);
  await sql`drop table ${sql.table(old)}`.execute(conn);
  await sql`drop temporary table ${sql.table(taken)}`.execute(conn);
  return Number(deleted.numAffectedRows ?? 0);
}
