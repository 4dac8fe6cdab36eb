import { builtinTableDefs } from '@qb/contracts/pages';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppDb, appTables, type ColumnSpec } from '../src/db/appDatabase.ts';
import { type Connection, openConnection } from '../src/db/connection.ts';
import { migrate } from '../src/db/migrations/index.ts';

/**
 * The app database's types (src/db/appDatabase.ts) against the database the migrations make on SQLite: the types
 * cannot say a column that is not there, nor miss one that is. Tables made at run time are not in it: Kysely's own,
 * SQLite's, and the search side tables of each searchable table (`<table>__search…`).
 */

interface ColumnInfo {
  name: string;
  type: string;
  notnull: number;
  dflt_value: unknown;
  pk: number;
}

const runTimeTable = (name: string) => /^(kysely_|sqlite_)/.test(name) || name.includes('__search');

/** What a column of SQLite's `pragma table_info` is, as a spec of appDatabase.ts (the key, its value, null, default). */
function specOf(c: ColumnInfo): ColumnSpec {
  const type = c.type.toLowerCase();
  const value = /int/.test(type) ? 'int' : /numeric|real|decimal|double|float/.test(type) ? 'number' : 'text';
  if (c.pk && c.name === 'id' && value === 'int') return 'id';
  // SQLite lets a key that is not an integer hold null; no engine's key does
  if (!c.notnull && !c.pk) return `${value}?`;
  return c.dflt_value !== null ? `${value}=` : value;
}

describe('the app database types', () => {
  let conn: Connection;
  let real: Map<string, Record<string, ColumnSpec>>;

  beforeAll(async () => {
    conn = openConnection('sqlite::memory:', '/tmp/app-database-test');
    await migrate(conn.db, 'sqlite');
    const tables = (await sql<{ name: string }>`select name from sqlite_master where type = 'table' order by name`.execute(conn.db)).rows;
    real = new Map();
    for (const { name } of tables) {
      if (runTimeTable(name)) continue;
      const columns = (await sql<ColumnInfo>`select * from pragma_table_info(${name})`.execute(conn.db)).rows;
      real.set(name, Object.fromEntries(columns.map((c) => [c.name, specOf(c)])));
    }
  });
  afterAll(async () => {
    await conn?.close();
  });

  it('has every table of the migrated database, each with every column, its type, null and default', () => {
    expect(Object.fromEntries(real)).toEqual(appTables);
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
