import { type Kysely, sql } from 'kysely';
import type { Engine } from '../connection.ts';
import { SEARCHED } from './0007_search.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/*
 * Cheaper upkeep of the SQLite search index (issue 21, docs/search.md "Write path"), frozen once released.
 * Migration 0007's FTS5 tables were kept by a trigger per inserted row: FTS5 written row by row from a trigger cost
 * ~9x a bulk insert (100,000 questions 1.85 s -> 17.7 s). Here, on SQLite only:
 * - the FTS5 table is made again with `detail=none` (rowids only, no positions: the `like` of the row decides, so
 *   a superset of candidates is enough; a search is the AND of its trigrams);
 * - `qb_search_mark` holds per table the highest id the index has caught up to (`upto`). Rows inserted above it are
 *   not indexed by the write (no trigger work), searches take every row above the mark as a candidate, and the server
 *   indexes them in bulk after the commit (search/upkeep.ts SearchUpkeep), moving the mark;
 * - the triggers keep the rows at or below the mark in step in the writing transaction: an insert at or below it
 *   (an id given explicitly), an update of a searched column, a delete.
 * A database made with 0007 and one made before it (0007 ran first) end up the same: the table, its triggers and
 * its mark are dropped and made again from the base rows.
 */
const q = (name: string) => `"${name.replace(/"/g, '""')}"`;
const lit = (text: string) => `'${text.replace(/'/g, "''")}'`;

export const MARK_TABLE = 'qb_search_mark';

/** The FTS5 table, its triggers and its mark for `table`, made (again) from the base rows. Also used for runtime tables. */
export async function sqliteSearchIndex(db: AnyDb, table: string, columns: string[], key = 'id'): Promise<void> {
  await dropSqliteSearchIndex(db, table);
  const fts = `${table}__search`;
  const cols = columns.map(q).join(', ');
  const news = columns.map((c) => `new.${q(c)}`).join(', ');
  const olds = columns.map((c) => `old.${q(c)}`).join(', ');
  const upto = `(select upto from ${MARK_TABLE} where tbl = ${lit(table)})`;
  const k = q(key);
  await sql.raw(`create table if not exists ${MARK_TABLE} (tbl varchar(128) primary key, upto bigint not null)`).execute(db);
  await sql
    .raw(`create virtual table ${q(fts)} using fts5(${cols}, content=${lit(table)}, content_rowid=${lit(key)}, tokenize='trigram', detail=none)`)
    .execute(db);
  await sql.raw(`insert into ${q(fts)} (rowid, ${cols}) select ${k}, ${cols} from ${q(table)}`).execute(db);
  await sql.raw(`insert into ${MARK_TABLE} (tbl, upto) values (${lit(table)}, coalesce((select max(${k}) from ${q(table)}), 0))`).execute(db);
  await sql
    .raw(
      `create trigger ${q(`${fts}_ai`)} after insert on ${q(table)} when new.${k} <= ${upto} begin
    insert into ${q(fts)} (rowid, ${cols}) values (new.${k}, ${news}); end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger ${q(`${fts}_ad`)} after delete on ${q(table)} when old.${k} <= ${upto} begin
    insert into ${q(fts)} (${q(fts)}, rowid, ${cols}) values ('delete', old.${k}, ${olds}); end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger ${q(`${fts}_au`)} after update of ${[key, ...columns].map(q).join(', ')} on ${q(table)} begin
    insert into ${q(fts)} (${q(fts)}, rowid, ${cols}) select 'delete', old.${k}, ${olds} where old.${k} <= ${upto};
    insert into ${q(fts)} (rowid, ${cols}) select new.${k}, ${news} where new.${k} <= ${upto}; end`,
    )
    .execute(db);
}

/** Drops the FTS5 table of `table`, its triggers and its mark (nothing when there are none). */
export async function dropSqliteSearchIndex(db: AnyDb, table: string): Promise<void> {
  const fts = `${table}__search`;
  for (const t of ['ai', 'ad', 'au']) await sql.raw(`drop trigger if exists ${q(`${fts}_${t}`)}`).execute(db);
  await sql.raw(`drop table if exists ${q(fts)}`).execute(db);
  const mark = await sql<{ n: number }>`select count(*) as n from sqlite_master where type = 'table' and name = ${MARK_TABLE}`.execute(db);
  if (Number(mark.rows[0]?.n ?? 0) > 0) await sql.raw(`delete from ${MARK_TABLE} where tbl = ${lit(table)}`).execute(db);
}

export async function up(db: AnyDb, engine: Engine): Promise<void> {
  if (engine !== 'sqlite') return;
  for (const [table, columns] of Object.entries(SEARCHED)) await sqliteSearchIndex(db, table, columns);
}
