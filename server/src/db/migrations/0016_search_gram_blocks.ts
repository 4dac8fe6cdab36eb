import { type Kysely, sql } from 'kysely';
import type { Engine } from '../connection.ts';
import { SEARCHED } from './0007_search.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/*
 * Keyword search index of MySQL/MariaDB, second shape (issue 30, docs/search.md "Issue 30, third pass: gram blocks"),
 * frozen once released; a no-op elsewhere. Migration 0012 kept one row per character of each searched text (34 million
 * rows for 1,000,000 questions: its catch-up took 949 s). This one keeps one row per (block of 256 ids, column, gram)
 * with a mask of the ids of the block whose text holds the gram, in four 64-bit words (m0: the block's first 64 ids…):
 * - `sys_searchb__<table> (blk, col, gram, m0, m1, m2, m3)`, primary key (blk, col, gram), key ix_gram (col, gram, blk,
 *   m0…m3) (a search reads it alone): the grams are every character of a text and every 3 characters in a row.
 *   A search of 3 characters or more ANDs the masks of up to 4 of its trigrams per block, of 1 or 2 characters those of
 *   its characters; always `gram = ?`, never `like`, under the searched column's collation (the gram column has it):
 *   two grams the collation calls equal share one row (their masks OR-ed), which `=` finds from either (a superset);
 *   a `like` over such a merged row could miss (`'ǆ' = 'dž'` but `'ǆ' like 'd%'` is false). The table's comment lists
 *   its columns (col 0, 1…);
 * - `sys_searchq__<table> (seq, id)`: the ids written since the grams caught up, added by row triggers in the writing
 *   transaction (an update only when the id or a searched text changed, compared as bytes), as in 0012;
 * - the server cuts the grams of whole blocks from the base rows as they are now (search/gramCut.ts, grams.ts): no old
 *   text is kept, a written id's block is made again (its 256 rows read).
 * Existing installations: 0012's grams tables and triggers are dropped (the built-in tables' and the runtime tables'
 * alike, their columns read from the old table's comment), the new ones made and every row queued: the server makes
 * the grams after it starts (in bulk), searches reading the rows meanwhile as before 0012.
 */
const q = (name: string) => `\`${name.replace(/`/g, '``')}\``;
const lit = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/** The gram blocks of `table`'s searched texts. Named `sys_…`: the data-table manager does not offer them as tables. */
export const blockTable = (table: string) => `sys_searchb__${table}`;
/** The ids of `table` written since its grams caught up (the same name as 0012's and PostgreSQL's queue). */
export const blockQueue = (table: string) => `sys_searchq__${table}`;
/** The numbers table of 0012 (1, 2, …): its first BLOCK_IDS give a block's bits. */
export const BIT_NUMBERS = 'sys_search_n';
/** Ids per block: MASK_WORDS BIGINT UNSIGNED words of 64 bits. */
export const BLOCK_IDS = 256;
/** The mask's words, m0…m3. */
export const MASK_WORDS = 4;
/** The mask's columns. */
export const MASKS = Array.from({ length: MASK_WORDS }, (_, k) => `m${k}`);
/** Longest table name given grams: `sys_searchb__<table>_ai` within MySQL's 64 characters. */
export const BLOCK_TABLE_NAME_MAX = 40;

/** 0012's tables of `table` (one row per character), for the conversion. */
const oldGramTable = (table: string) => `sys_searchg__${table}`;

/** Drops the gram blocks, queue and triggers of `table` (nothing when there are none), and 0012's grams if left. */
export async function dropMysqlGramBlocks(db: AnyDb, table: string): Promise<void> {
  for (const name of [blockTable(table), oldGramTable(table)])
    for (const t of ['ai', 'au', 'ad']) await sql.raw(`drop trigger if exists ${q(`${name}_${t}`)}`).execute(db);
  await sql.raw(`drop table if exists ${q(blockTable(table))}, ${q(oldGramTable(table))}, ${q(blockQueue(table))}`).execute(db);
}

/** The gram blocks table of `table` for `columns`, empty, under the name `name`, its key on grams built after a bulk fill or at once. */
export async function createBlockTable(db: AnyDb, name: string, columns: string[], collation: string, gramKey: boolean): Promise<void> {
  await sql
    .raw(
      `create table ${q(name)} (blk bigint not null, col tinyint unsigned not null,
       gram varchar(3) character set utf8mb4 collate ${collation} not null, ${MASKS.map((m) => `${m} bigint unsigned not null`).join(', ')},
       primary key (blk, col, gram)${gramKey ? `, key ix_gram (col, gram, blk, ${MASKS.join(', ')})` : ''})
       engine=InnoDB comment=${lit(columns.join(','))}`,
    )
    .execute(db);
}

/** The key a search reads (col, gram → blk, masks), added after a bulk fill (built once, sorted, rather than row by row). */
export async function addGramKey(db: AnyDb, name: string): Promise<void> {
  await sql.raw(await unboundedStatement(db, `alter table ${q(name)} add key ix_gram (col, gram, blk, ${MASKS.join(', ')})`)).execute(db);
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

/** The numbers 1…256 in 0012's numbers table (made by 0012; made here too should it be gone). */
async function bitNumbers(db: AnyDb): Promise<void> {
  await sql.raw(`create table if not exists ${BIT_NUMBERS} (k int unsigned not null primary key) engine=InnoDB`).execute(db);
  const digits = `(select 0 d union all select 1 union all select 2 union all select 3 union all select 4 union all select 5 union all select 6 union all select 7
    union all select 8 union all select 9 union all select 10 union all select 11 union all select 12 union all select 13 union all select 14 union all select 15)`;
  await sql.raw(`insert ignore into ${BIT_NUMBERS} (k) select 1 + a.d + 16 * b.d from ${digits} a, ${digits} b`).execute(db);
}

/**
 * The gram blocks, queue and triggers of `table` (integer key `id`) for those of `columns` sharing the first one's
 * collation, made (again), every existing row queued; the columns indexed. Also used for runtime tables
 * (tables/searchIndex.ts).
 */
export async function mysqlGramBlocks(db: AnyDb, table: string, columns: string[]): Promise<string[]> {
  await dropMysqlGramBlocks(db, table);
  const colls = await collations(db, table, columns);
  const collation = colls[0];
  // one gram column, one collation: a column of another collation is searched as before (a scan)
  const indexed = collation ? columns.filter((_, k) => colls[k] === collation) : [];
  if (!collation || indexed.length === 0) return [];
  await bitNumbers(db);
  await createBlockTable(db, blockTable(table), indexed, collation, true);
  await sql.raw(`create table ${q(blockQueue(table))} (seq bigint not null auto_increment primary key, id bigint not null) engine=InnoDB`).execute(db);
  const queue = q(blockQueue(table));
  const name = blockTable(table);
  // compared as bytes: under the collation 'ab' and 'AB ' are equal, yet their grams differ
  const changed = ['id', ...indexed].map((c) => `not (cast(new.${q(c)} as binary) <=> cast(old.${q(c)} as binary))`).join(' or ');
  await sql.raw(`create trigger ${q(`${name}_ai`)} after insert on ${q(table)} for each row insert into ${queue} (id) values (new.id)`).execute(db);
  await sql
    .raw(
      `create trigger ${q(`${name}_au`)} after update on ${q(table)} for each row begin
        if ${changed} then
          insert into ${queue} (id) values (new.id);
          if new.id <> old.id then insert into ${queue} (id) values (old.id); end if;
        end if;
      end`,
    )
    .execute(db);
  await sql.raw(`create trigger ${q(`${name}_ad`)} after delete on ${q(table)} for each row insert into ${queue} (id) values (old.id)`).execute(db);
  // every existing row queued, not cut here: the server makes the grams after it starts (search/gramBlocks.ts, in bulk)
  await sql.raw(await unboundedStatement(db, `insert into ${queue} (id) select id from ${q(table)} order by id`)).execute(db);
  return indexed;
}

/**
 * `statement` free of the session's statement limit where the limit covers it (MariaDB's max_statement_time covers
 * every statement; MySQL's max_execution_time selects only): indexing a large table may take longer than a call may.
 */
export async function unboundedStatement(db: AnyDb, statement: string): Promise<string> {
  const { rows } = await sql<{ v: string }>`select version() as v`.execute(db);
  return /mariadb/i.test(String(rows[0]?.v ?? '')) ? `set statement max_statement_time = 0 for ${statement}` : statement;
}

/**
 * The tables 0012 gave grams (built-in and runtime), with the columns named by each grams table's comment; and those
 * this step already gave blocks (a step stopped in the middle runs again: MySQL commits each DDL at once).
 */
async function gramsMade(db: AnyDb): Promise<{ table: string; columns: string[] }[]> {
  const found: { table: string; columns: string[] }[] = [];
  for (const prefix of [oldGramTable(''), blockTable('')]) {
    const { rows } = await sql<{
      name: string;
      comment: string | null;
    }>`select table_name as name, table_comment as comment from information_schema.tables where table_schema = database() and table_name like ${`${prefix.replace(/_/g, '!_')}%`} escape '!'`.execute(
      db,
    );
    for (const r of rows) found.push({ table: r.name.slice(prefix.length), columns: (r.comment ?? '').split(',').filter(Boolean) });
  }
  return found;
}

async function exists(db: AnyDb, table: string): Promise<boolean> {
  const { rows } = await sql<{
    n: number;
  }>`select count(*) as n from information_schema.tables where table_schema = database() and table_name = ${table}`.execute(db);
  return Number(rows[0]?.n ?? 0) > 0;
}

export async function up(db: AnyDb, engine: Engine): Promise<void> {
  if (engine !== 'mysql') return;
  const tables = new Map<string, string[]>(Object.entries(SEARCHED));
  // runtime tables with 0012's grams keep their searched columns
  for (const { table, columns } of await gramsMade(db)) if (!tables.has(table)) tables.set(table, columns);
  for (const [table, columns] of tables) {
    if (columns.length > 0 && (await exists(db, table))) await mysqlGramBlocks(db, table, columns);
    else await dropMysqlGramBlocks(db, table);
  }
}
