import { type Kysely, sql } from 'kysely';
import type { Engine } from '../connection.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/*
 * Unicode on MySQL/MariaDB whatever the server's defaults (issue 18 #5), frozen once released. The tables of
 * earlier releases took the database's default character set: latin1 on a MariaDB without Debian's
 * configuration (the seed's Chinese names were refused), utf8 (3 bytes: no 😀, no 𠀀) on older servers.
 * Every table of the app's database whose table or column character set is not utf8mb4 is converted,
 * keeping every row (latin1 and utf8mb3 are subsets of utf8mb4), and the database's default becomes
 * utf8mb4 too, so that a table made later (by an operator, by a later migration) is utf8mb4 as well.
 * The collation is utf8mb4_unicode_520_ci (docs/deployment.md, "Unicode"): one that tells every 4-byte
 * character apart (utf8mb4_general_ci and utf8mb4_unicode_ci weigh them all alike, so 😀 = 😁) and that
 * every MySQL ≥ 5.6 and MariaDB ≥ 10.0 has. Tables already in utf8mb4 keep their collation: a new one
 * could find duplicates in a unique index that the old one told apart. Each statement commits on its
 * own; run again after a crash, the step converts what is left.
 */
const CHARSET = 'utf8mb4';
const COLLATION = 'utf8mb4_unicode_520_ci';

export async function up(db: AnyDb, engine: Engine): Promise<void> {
  if (engine !== 'mysql') return;
  await sql.raw(`alter database character set ${CHARSET} collate ${COLLATION}`).execute(db);
  const { rows } = await sql<{ name: string }>`
    select t.table_name as name from information_schema.tables t
    where t.table_schema = database() and t.table_type = 'BASE TABLE' and t.table_name not like 'kysely\\_%'
      and (t.table_collation not like 'utf8mb4\\_%'
        or exists (select 1 from information_schema.columns c
                   where c.table_schema = t.table_schema and c.table_name = t.table_name
                     and c.character_set_name is not null and c.character_set_name <> 'utf8mb4'))
    order by t.table_name`.execute(db);
  for (const { name } of rows) {
    await sql.raw(`alter table \`${name.replace(/`/g, '``')}\` convert to character set ${CHARSET} collate ${COLLATION}`).execute(db);
  }
}
