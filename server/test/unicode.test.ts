/**
 * Issue 18 #5: Chinese and 4-byte characters (😀, the rare 汉字 𠀀) round-trip exactly on every engine, and a
 * filter tells 😀 from 😁. On MySQL/MariaDB whatever the server's defaults: a private MariaDB started with
 * latin1 as its character set (MariaDB's own default) takes a first start, a database an earlier release
 * made there is converted keeping its rows (migration 0006), and createSqlTable's tables are utf8mb4.
 */
import mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openConnection } from '../src/db/connection.ts';
import { migrate } from '../src/db/migrations/index.ts';
import { engines, startTestApp, type TestApp } from './helpers.ts';
import { mariadbdPath, type PrivateServer, startPrivateMariadb } from './private-db.ts';

const TEXTS = ['中文名称', '表情😀', '生僻字𠀀𠀁', '混合 ABC é 😀😁 𠀀'];

async function roundTrip(t: TestApp) {
  const ids: number[] = [];
  for (const name of TEXTS) {
    const r = await t.post('/api/action/save/', { _flag: 'testList', params: { name, desc: `${name} 描述` } });
    expect(r.statusCode, r.body).toBe(200);
    ids.push(Number(r.json().data?.id ?? r.json().id));
  }
  const listed = await t.select('testList', { wheres: { id: { type: 'in', value: ids } }, row: 50 });
  expect(listed.status).toBe(200);
  expect((listed.body.data as { name: string }[]).map((r) => r.name).sort()).toEqual([...TEXTS].sort());
  // equality tells 4-byte characters apart (utf8mb4_general_ci and utf8mb4_unicode_ci weigh them all alike)
  for (const name of ['表情😀', '表情😁']) {
    const found = await t.select('testList', { wheres: { name }, row: 50 });
    expect(found.body.data.map((r: { name: string }) => r.name)).toEqual(name === '表情😀' ? ['表情😀'] : []);
  }
}

describe.each(engines)('Unicode on %s', (engine, url) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine, url);
  });
  afterAll(async () => t?.close());

  it('stores and reads Chinese, emoji and rare characters exactly', async () => roundTrip(t));
});

const mariadbd = mariadbdPath();
describe.skipIf(!mariadbd || !process.env.TEST_MYSQL_URL)('Unicode on a MariaDB whose default is latin1 (private server)', () => {
  let server: PrivateServer;
  beforeAll(async () => {
    server = await startPrivateMariadb(['--character-set-server=latin1', '--collation-server=latin1_swedish_ci']);
  }, 120_000);
  afterAll(async () => server?.cleanup(), 60_000);

  const collations = async (db: string) => {
    const c = await mysql.createConnection(server.urlOf(db));
    const [tables] = await c.query(
      "select table_name as t, table_collation as c from information_schema.tables where table_schema = database() and table_name not like 'kysely%'",
    );
    const [database] = await c.query('select @@collation_database as c');
    await c.end();
    return { tables: [...new Set((tables as { c: string }[]).map((r) => r.c))], database: (database as { c: string }[])[0]!.c };
  };

  it('starts fresh (its seed is Chinese), makes utf8mb4 tables and round-trips every character', async () => {
    const t = await startTestApp('mysql', server.urlOf(''));
    try {
      const database = new URL(t.ctx.config.databaseUrl!).pathname.slice(1);
      expect(await collations(database)).toEqual({ tables: ['utf8mb4_unicode_520_ci'], database: 'utf8mb4_unicode_520_ci' });
      await roundTrip(t);
    } finally {
      await t.close();
    }
  }, 120_000);

  it('converts the latin1 tables of an earlier release, keeping every row', async () => {
    await server.createDatabase('earlier');
    const conn = openConnection(server.urlOf('earlier'), `/tmp/qb-unicode-${process.pid}`);
    try {
      // an earlier release: its migrations made latin1 tables (no utf8mb4 default set before them)
      await migrate(conn.db, conn.engine, '0005_password_change');
      expect((await collations('earlier')).tables).toEqual(['latin1_swedish_ci']);
      await conn.db.insertInto('testList').values({ name: 'Müller café', isdelete: 0 }).execute();
      await migrate(conn.db, conn.engine);
      expect(await collations('earlier')).toEqual({ tables: ['utf8mb4_unicode_520_ci'], database: 'utf8mb4_unicode_520_ci' });
      const kept = await conn.db.selectFrom('testList').select('name').execute();
      expect(kept.map((r) => r.name)).toEqual(['Müller café']);
      await conn.db.insertInto('testList').values({ name: '生僻字𠀀😀', isdelete: 0 }).execute();
      const all = await conn.db.selectFrom('testList').select('name').orderBy('id').execute();
      expect(all.map((r) => r.name)).toEqual(['Müller café', '生僻字𠀀😀']);
    } finally {
      await conn.close();
    }
  }, 120_000);
});
