import { type Kysely, sql } from 'kysely';
import type { Engine } from '../connection.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/*
 * Indexed keyword search (issue 21), frozen once released. The searchable text columns (`search: 'input'`) of the
 * built-in tables that grow with use get an index a contains-search (`like`, `%text%`) can use:
 * - SQLite: one FTS5 table per base table, `<table>__search`, trigram tokenizer, external content (the text is
 *   not stored twice), kept in step by triggers in the writing transaction, built here for the existing rows.
 * - PostgreSQL: pg_trgm GIN indexes, when the extension exists or can be created; when it cannot (a managed
 *   database without the right), nothing is indexed and the server logs it once (search/indexes.ts).
 * - MySQL/MariaDB: no index that keeps `like` semantics (MariaDB has no ngram parser; docs/search.md).
 * SQLite and PostgreSQL: (isdelete, id) on questionBank, so that a deep page's ids are read from the index alone.
 * The small system tables (menus, roles, data sources: tens of rows) are left out: a scan of them is instant.
 */
export const SEARCHED: Record<string, string[]> = {
  questionBank: ['name'],
  questionsClass: ['name'],
  questionsSmallClass: ['name'],
  sys_member: ['name', 'phone'],
  // not rowId: a reserved column name in FTS5 (and a short id, searched by the (flag, rowId) index)
  sys_operationLog: ['loginid', 'flag'],
  sys_loginLog: ['loginid', 'ip'],
};

const q = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The FTS5 table and its three triggers (external content: a delete must hand FTS5 the old values). */
async function sqliteSearch(db: AnyDb, table: string, columns: string[]): Promise<void> {
  const fts = `${table}__search`;
  const cols = columns.map(q).join(', ');
  const news = columns.map((c) => `new.${q(c)}`).join(', ');
  const olds = columns.map((c) => `old.${q(c)}`).join(', ');
  await sql.raw(`create virtual table if not exists ${q(fts)} using fts5(${cols}, content='${table}', content_rowid='id', tokenize='trigram')`).execute(db);
  await sql
    .raw(
      `create trigger if not exists ${q(`${fts}_ai`)} after insert on ${q(table)} begin
    insert into ${q(fts)} (rowid, ${cols}) values (new.id, ${news}); end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger if not exists ${q(`${fts}_ad`)} after delete on ${q(table)} begin
    insert into ${q(fts)} (${q(fts)}, rowid, ${cols}) values ('delete', old.id, ${olds}); end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger if not exists ${q(`${fts}_au`)} after update of ${['id', ...columns].map(q).join(', ')} on ${q(table)} begin
    insert into ${q(fts)} (${q(fts)}, rowid, ${cols}) values ('delete', old.id, ${olds});
    insert into ${q(fts)} (rowid, ${cols}) values (new.id, ${news}); end`,
    )
    .execute(db);
  await sql.raw(`insert into ${q(fts)} (${q(fts)}) values ('rebuild')`).execute(db);
}

/** The schema pg_trgm lives in: found, or created (in public when it can, else the current schema); undefined when it cannot be. */
async function trigramSchema(db: AnyDb): Promise<string | undefined> {
  const found = async () =>
    (
      await sql<{
        schema: string;
      }>`select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db)
    ).rows[0]?.schema;
  const existing = await found();
  if (existing) return existing;
  // a failed statement aborts the migration's transaction: each attempt in a savepoint
  for (const statement of ['create extension if not exists pg_trgm with schema public', 'create extension if not exists pg_trgm']) {
    await sql.raw('savepoint qb_trgm').execute(db);
    try {
      await sql.raw(statement).execute(db);
      await sql.raw('release savepoint qb_trgm').execute(db);
      return await found();
    } catch {
      await sql.raw('rollback to savepoint qb_trgm').execute(db);
    }
  }
  return undefined;
}

async function deepPageIndex(db: AnyDb, engine: Engine): Promise<void> {
  const name = 'ix_questionBank_isdelete_id';
  // not on MySQL/MariaDB: InnoDB's optimizer takes it for `isdelete = 0 order by id desc limit 20` with a search, and
  // looks every row up through it (measured: a search found nowhere 4x slower); its deep page reads the primary key
  if (engine === 'mysql') return;
  await db.schema.createIndex(name).ifNotExists().on('questionBank').columns(['isdelete', 'id']).execute();
}

export async function up(db: AnyDb, engine: Engine): Promise<void> {
  await deepPageIndex(db, engine);
  if (engine === 'sqlite') {
    for (const [table, columns] of Object.entries(SEARCHED)) await sqliteSearch(db, table, columns);
  } else if (engine === 'postgres') {
    const schema = await trigramSchema(db);
    if (!schema) return;
    for (const [table, columns] of Object.entries(SEARCHED)) {
      for (const column of columns) {
        await sql
          .raw(`create index if not exists ${q(`ix_${table}_${column}_trgm`)} on ${q(table)} using gin (${q(column)} ${q(schema)}.gin_trgm_ops)`)
          .execute(db);
      }
    }
  }
}
