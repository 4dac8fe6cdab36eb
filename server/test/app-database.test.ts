import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { builtinTableDefs } from '@qb/contracts/pages';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppDb, appTables, type ColumnSpec } from '../src/db/appDatabase.ts';
import { type Connection, openConnection } from '../src/db/connection.ts';
import { migrate } from '../src/db/migrations/index.ts';
import { engines, freshDatabase } from './helpers.ts';

/**
 * The app database's types (src/db/appDatabase.ts) against the database the migrations make, on SQLite and, when
 * their URLs are set, PostgreSQL and MariaDB: the types cannot say a column that is not there, nor miss one that is.
 */

/** A column as the engine describes it. */
interface ColumnInfo {
  table: string;
  name: string;
  type: string;
  nullable: boolean;
  hasDefault: boolean;
  /** the auto-increment key (serial on PostgreSQL) */
  autoKey: boolean;
}

/** Kysely's and SQLite's own, and the search engine's (per engine, made for each searchable table: search/) */
const runTimeTable = (name: string) => /^(kysely_|sqlite_|sys_search|qb_search_)/.test(name) || name.includes('__search');

/** The columns of the app's database on each engine (its own schema or database). */
async function columnsOf(conn: Connection): Promise<ColumnInfo[]> {
  if (conn.engine === 'sqlite') {
    const { rows } = await sql<{ table: string; name: string; type: string; notnull: number; dflt_value: unknown; pk: number }>`
      select m.name as "table", c.name, c.type, c."notnull", c.dflt_value, c.pk
      from sqlite_master m join pragma_table_info(m.name) c where m.type = 'table' order by m.name, c.cid`.execute(conn.db);
    // SQLite lets a key that is not an integer hold null; no engine's key does
    return rows.map((c) => ({
      table: c.table,
      name: c.name,
      type: c.type,
      nullable: !c.notnull && !c.pk,
      hasDefault: c.dflt_value !== null,
      autoKey: c.pk === 1 && /^integer$/i.test(c.type),
    }));
  }
  const { rows } = await sql<{ table: string; name: string; type: string; nullable: string; dflt: string | null; extra: string | null }>`
    select table_name as "table", column_name as "name", data_type as "type", is_nullable as "nullable", column_default as "dflt",
      ${conn.engine === 'mysql' ? sql.ref('extra') : sql`null`} as "extra"
    from information_schema.columns
    where table_schema = ${conn.engine === 'mysql' ? sql`database()` : sql`current_schema()`}
    order by table_name, ordinal_position`.execute(conn.db);
  // a generated column is the engine's own, never written (MySQL/MariaDB's sys_user.loginidLive, migration 0011)
  return rows
    .filter((c) => !/generated/i.test(c.extra ?? ''))
    .map((c) => ({
      table: c.table,
      name: c.name,
      type: c.type,
      nullable: c.nullable === 'YES',
      // MariaDB answers the text NULL for a nullable column without a default
      hasDefault: c.dflt !== null && c.dflt !== 'NULL',
      autoKey: /^nextval\(/.test(c.dflt ?? '') || /auto_increment/i.test(c.extra ?? ''),
    }));
}

/** What a column is, as a spec of appDatabase.ts (the key, its value, null, default). */
function specOf(c: ColumnInfo): ColumnSpec {
  const type = c.type.toLowerCase();
  const value = /int/.test(type) ? 'int' : /numeric|real|decimal|double|float/.test(type) ? 'number' : 'text';
  if (c.autoKey && c.name === 'id' && value === 'int') return 'id';
  if (c.nullable) return `${value}?`;
  return c.hasDefault ? `${value}=` : value;
}

describe.each(engines)('the app database types (%s)', (engine, url) => {
  let conn: Connection;
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let real: Record<string, Record<string, ColumnSpec>>;

  beforeAll(async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'app-database-'));
    database = await freshDatabase(engine, url, dataDir);
    conn = openConnection(database.url, dataDir);
    await migrate(conn.db, conn.engine);
    real = {};
    for (const c of await columnsOf(conn)) {
      if (runTimeTable(c.table)) continue;
      (real[c.table] ??= {})[c.name] = specOf(c);
    }
  });
  afterAll(async () => {
    await conn?.close();
    await database?.drop();
  });

  it('has every table of the migrated database, each with every column, its type, null and default', () => {
    expect(real).toEqual(appTables);
  });

  it('has every built-in table its pages declare, with every declared column', () => {
    const typed: Record<string, Record<string, ColumnSpec>> = appTables;
    for (const def of builtinTableDefs) {
      const columns = typed[def.table ?? def.flag];
      expect(columns, def.flag).toBeDefined();
      for (const c of def.columns) expect(Object.keys(columns ?? {}), `${def.flag}.${c.name}`).toContain(c.name);
    }
  });

  it('reads and writes a built-in table through the typed database', async () => {
    const db: AppDb = conn.db;
    await db.insertInto('sys_captcha').values({ captchaId: 'typed', code: '1234', expiresAt: 1 }).execute();
    const row = await db.selectFrom('sys_captcha').select(['code', 'expiresAt']).where('captchaId', '=', 'typed').executeTakeFirstOrThrow();
    const code: string = row.code;
    expect({ code, expiresAt: row.expiresAt }).toEqual({ code: '1234', expiresAt: 1 });
  });

  it('refuses at type check a column the table does not have (a renamed column fails typecheck)', async () => {
    const db: AppDb = conn.db;
    // @ts-expect-error sys_user has loginid, not loginName: `npm run typecheck` fails if this line compiles
    const query = db.selectFrom('sys_user').select('loginName');
    await expect(query.execute()).rejects.toThrow(/loginName/);
    // @ts-expect-error the captcha's code is text: a number is refused at type check
    const insert = db.insertInto('sys_captcha').values({ captchaId: 'x', code: 1234, expiresAt: 1 });
    expect(insert.compile().sql).toContain('sys_captcha');
  });
});
