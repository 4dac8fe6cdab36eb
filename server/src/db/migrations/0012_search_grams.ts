import { type Kysely, sql } from 'kysely';
import type { Engine } from '../connection.ts';
import { SEARCHED } from './0007_search.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/*
 * Keyword search index of MySQL/MariaDB (issue 30, docs/search.md), frozen once released; a no-op elsewhere. Plain SQL
 * that MariaDB and MySQL 8 both run (no FULLTEXT, no ngram parser), the shape pg_trgm has inside PostgreSQL, kept by
 * the queue-and-catch-up scheme of PostgreSQL's side table (migration 0010). For each table of 0007:
 * - `sys_searchg__<table> (col, gram, id, pos)`, primary key (col, gram, id, pos), a key on id: one row per character
 *   of each searched text, the gram of up to three characters starting there (the last two of a text are shorter).
 *   A search of three characters or more is the intersection of its trigrams (`gram = …`); of one or two characters,
 *   the grams starting with it (`gram like 'ab%'`: every occurrence starts a gram). The gram column has the searched
 *   column's collation, so `=` and `like` fold case as the base column's `like` does; the position keeps every gram
 *   of a row (two grams the collation calls equal are both kept). The table's comment lists its columns (col 0, 1…);
 * - `sys_searchq__<table> (seq, id)`: the ids written since the grams caught up, added by row triggers in the writing
 *   transaction (an update only when the id or a searched text changed);
 * - the server moves queued ids into the grams after the commit (search/grams.ts); a search takes the rows of
 *   the grams plus the queued ids as candidates and the base row's `like` decides (crud/wheres.ts).
 * `sys_search_n (k)`: the numbers 1…65,535 the grams of a text are cut at (a varchar holds at most 65,535 bytes).
 * The existing rows are queued, not cut here: the server makes their grams in bulk after it starts.
 */
const q = (name: string) => `\`${name.replace(/`/g, '``')}\``;
const lit = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/** The grams of `table`'s searched texts. Named `sys_…`: the data-table manager does not offer them as tables. */
export const gramTable = (table: string) => `sys_searchg__${table}`;
/** The ids of `table` written since its grams caught up (the same name as PostgreSQL's queue). */
export const gramQueue = (table: string) => `sys_searchq__${table}`;
/** The numbers the texts are cut at. */
export const NUMBERS = 'sys_search_n';
/** Longest table name given grams: `sys_searchg__<table>_ai` within MySQL's 64 characters. */
export const GRAM_TABLE_NAME_MAX = 40;
/** Longest searched text indexed whole (characters): the numbers table's size. */
const LONGEST = 65_535;

/** Drops the grams, queue and triggers of `table` (nothing when there are none). */
export async function dropMysqlGrams(db: AnyDb, table: string): Promise<void> {
  for (const t of ['ai', 'au', 'ad']) await sql.raw(`drop trigger if exists ${q(`${gramTable(table)}_${t}`)}`).execute(db);
  await sql.raw(`drop table if exists ${q(gramTable(table))}`).execute(db);
  await sql.raw(`drop table if exists ${q(gramQueue(table))}`).execute(db);
}

/** The numbers table, once. */
async function numbers(db: AnyDb): Promise<void> {
  await sql.raw(`create table if not exists ${NUMBERS} (k int unsigned not null primary key) engine=InnoDB`).execute(db);
  const digits = `(select 0 d union all select 1 union all select 2 union all select 3 union all select 4 union all select 5 union all select 6
    union all select 7 union all select 8 union all select 9)`;
  await sql
    .raw(
      `insert ignore into ${NUMBERS} (k) select k from (select 1 + a.d + 10 * b.d + 100 * c.d + 1000 * e.d + 10000 * f.d as k
       from ${digits} a, ${digits} b, ${digits} c, ${digits} e, ${digits} f) n where k <= ${LONGEST}`,
    )
    .execute(db);
}

/** The collation of each of `columns` of `table`, in order. */
async function collations(db: AnyDb, table: string, columns: string[]): Promise<(string | null)[]> {
  const { rows } = await sql<{
    name: string;
    coll: string | null;
  }>`select column_name as name, collation_name as coll from information_schema.columns where table_schema = database() and table_name = ${table}`.execute(db);
  const byName = new Map(rows.map((r) => [r.name, r.coll]));
  return columns.map((c) => byName.get(c) ?? null);
}

/**
 * The statements that write the grams of `table`'s rows (all, or those whose id is in `ids`, an SQL list) into
 * `target`: one row per character of each searched text. Also run by the catch-up (search/grams.ts).
 */
export function gramsInsert(table: string, columns: string[], target: string, ids?: string): string[] {
  // one statement per column: a `union all` would gather its rows in a temporary table first. The rows first, then the
  // numbers up to each text's length (else the optimizer reads the numbers first and compares every pair)
  return columns.map(
    (c, k) => `insert into ${q(target)} (col, gram, id, pos) select ${k}, substring(b.${q(c)}, n.k, 3), b.id, n.k from ${q(table)} b
      straight_join ${NUMBERS} n on n.k <= char_length(b.${q(c)}) where b.${q(c)} is not null${ids === undefined ? '' : ` and b.id in (${ids})`}`,
  );
}

/** The grams table of `table` for `columns`, empty, under the name `name`. The comment names the columns. */
export async function createGramTable(db: AnyDb, name: string, columns: string[], collation: string): Promise<void> {
  await sql
    .raw(
      `create table ${q(name)} (col tinyint unsigned not null, gram varchar(3) character set utf8mb4 collate ${collation} not null,
       id bigint not null, pos int unsigned not null, primary key (col, gram, id, pos))
       engine=InnoDB comment=${lit(columns.join(','))}`,
    )
    .execute(db);
}

/** The key on id a catch-up deletes a row's grams by: added after a bulk fill (built once rather than row by row). */
export async function gramIdKey(db: AnyDb, name: string): Promise<void> {
  await sql.raw(`alter table ${q(name)} add key ix_id (id)`).execute(db);
}

/**
 * The grams, queue and triggers of `table` (integer key `id`) for those of `columns` sharing the first one's collation,
 * made (again) from the base rows; the columns indexed. Also used for runtime tables (tables/searchIndex.ts).
 */
export async function mysqlGrams(db: AnyDb, table: string, columns: string[]): Promise<string[]> {
  await dropMysqlGrams(db, table);
  const colls = await collations(db, table, columns);
  const collation = colls[0];
  // one gram column, one collation: a column of another collation is searched as before (a scan)
  const indexed = collation ? columns.filter((_, k) => colls[k] === collation) : [];
  if (!collation || indexed.length === 0) return [];
  await numbers(db);
  await createGramTable(db, gramTable(table), indexed, collation);
  await gramIdKey(db, gramTable(table));
  await sql.raw(`create table ${q(gramQueue(table))} (seq bigint not null auto_increment primary key, id bigint not null) engine=InnoDB`).execute(db);
  const queue = q(gramQueue(table));
  // compared as bytes: under the collation 'ab' and 'AB ' are equal, yet their grams differ
  const changed = ['id', ...indexed].map((c) => `not (cast(new.${q(c)} as binary) <=> cast(old.${q(c)} as binary))`).join(' or ');
  await sql.raw(`create trigger ${q(`${gramTable(table)}_ai`)} after insert on ${q(table)} for each row insert into ${queue} (id) values (new.id)`).execute(db);
  await sql
    .raw(
      `create trigger ${q(`${gramTable(table)}_au`)} after update on ${q(table)} for each row begin
        if ${changed} then
          insert into ${queue} (id) values (new.id);
          if new.id <> old.id then insert into ${queue} (id) values (old.id); end if;
        end if;
      end`,
    )
    .execute(db);
  await sql.raw(`create trigger ${q(`${gramTable(table)}_ad`)} after delete on ${q(table)} for each row insert into ${queue} (id) values (old.id)`).execute(db);
  // every existing row queued, not cut here: a large table (1,000,000 rows: minutes) would hold the start; the server
  // makes the grams after it starts (search/grams.ts, in bulk), searches reading the rows meanwhile as before
  await sql.raw(await unbounded(db, `insert into ${queue} (id) select id from ${q(table)} order by id`)).execute(db);
  return indexed;
}

/**
 * `statement` free of the session's statement limit where the limit covers it (MariaDB's max_statement_time covers
 * every statement; MySQL's max_execution_time selects only): indexing a large table may take longer than a call may.
 */
export async function unbounded(db: AnyDb, statement: string): Promise<string> {
  const { rows } = await sql<{ v: string }>`select version() as v`.execute(db);
  return /mariadb/i.test(String(rows[0]?.v ?? '')) ? `set statement max_statement_time = 0 for ${statement}` : statement;
}

export async function up(db: AnyDb, engine: Engine): Promise<void> {
  if (engine !== 'mysql') return;
  for (const [table, columns] of Object.entries(SEARCHED)) await mysqlGrams(db, table, columns);
}
