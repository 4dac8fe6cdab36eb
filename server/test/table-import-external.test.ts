import crypto from 'node:crypto';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers.ts';
import { bookBytes, upload } from './import-fixtures.ts';
import { defineTable } from './tables-helpers.ts';

/**
 * The generic import into a table of another data source (docs/import.md "Import into any table"): the rows are written
 * on that source's connection in one transaction, and logged one entry per row in the local database after the commit.
 */

const PG_URL = process.env.TEST_PG_URL;
const MYSQL_URL = process.env.TEST_MYSQL_URL;
const rand = () => crypto.randomBytes(4).toString('hex');

interface Source {
  sqlType: number;
  url: string;
  user: string;
  password: string;
  setup(): Promise<void>;
  rows(table: string): Promise<Record<string, unknown>[]>;
  teardown(): Promise<void>;
}

function postgresSource(): Source {
  const database = `t_imp_${rand()}`;
  let admin: pg.Client;
  let inside: pg.Client;
  const url = new URL(PG_URL ?? 'postgres://x@127.0.0.1/x');
  return {
    sqlType: 4,
    get url() {
      return url.toString();
    },
    user: decodeURIComponent(url.username),
    password: 'trust-any',
    async setup() {
      admin = new pg.Client({ connectionString: PG_URL });
      await admin.connect();
      await admin.query(`create database ${database}`);
      url.pathname = `/${database}`;
      inside = new pg.Client({ connectionString: url.toString() });
      await inside.connect();
    },
    rows: async (table) => (await inside.query(`select code, name from "${table}" order by code`)).rows,
    async teardown() {
      await inside?.end();
      await admin?.query(`drop database if exists ${database} with (force)`);
      await admin?.end();
    },
  };
}

function mariaSource(): Source {
  const database = `t_imp_${rand()}`;
  const user = `qb_imp_${rand()}`;
  let admin: mysql.Connection;
  let inside: mysql.Connection;
  const url = new URL(MYSQL_URL ?? 'mysql://x@127.0.0.1/x');
  return {
    sqlType: 2,
    get url() {
      return url.toString();
    },
    user,
    password: 'pw-Imp-7',
    async setup() {
      admin = await mysql.createConnection(MYSQL_URL!);
      await admin.query(`create database ${database}`);
      await admin.query(`create user '${user}'@'%' identified by 'pw-Imp-7'`);
      await admin.query(`grant all on ${database}.* to '${user}'@'%'`);
      url.pathname = `/${database}`;
      inside = await mysql.createConnection(url.toString());
    },
    rows: async (table) => (await inside.query(`select code, name from \`${table}\` order by code`))[0] as Record<string, unknown>[],
    async teardown() {
      await inside?.end();
      await admin?.query(`drop database if exists ${database}`);
      await admin?.query(`drop user if exists '${user}'@'%'`);
      await admin?.end();
    },
  };
}

const sources: [string, () => Source][] = [
  ...(PG_URL ? ([['PostgreSQL', postgresSource]] as [string, () => Source][]) : []),
  ...(MYSQL_URL ? ([['MariaDB', mariaSource]] as [string, () => Source][]) : []),
];

describe.skipIf(sources.length === 0).each(sources)('import into a table of an external %s source', (_label, make) => {
  const source = make();
  let t: TestApp;
  const table = `room_${rand()}`;

  beforeAll(async () => {
    await source.setup();
    t = await startTestApp('sqlite');
    const url = new URL(source.url);
    const saved = await t.post('/api/action/save/', {
      _flag: 'sys_connsql',
      params: {
        name: '外部库',
        englishName: 'ext',
        sqlType: source.sqlType,
        mainAddr: '127.0.0.1',
        port: Number(url.port || (source.sqlType === 2 ? 3306 : 5432)),
        databaseName: url.pathname.slice(1),
        databaseUser: source.user,
        databasePsd: source.password,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const sheet = await defineTable(
      t,
      table,
      [
        { columnName: 'id', type: 'int', primaryKey: 1, autoIncrement: 1, intro: '序号' },
        { columnName: 'code', type: 'nvarchar', length: 20, nonEmpty: 1, intro: '编号' },
        { columnName: 'name', type: 'nvarchar', length: 40, intro: '名称' },
      ],
      Number(saved.json().data.id),
    );
    const created = await t.post('/api/action/createSqlTable/', { id: sheet });
    expect(created.statusCode, created.body).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
    await source.teardown();
  });

  const importRows = async (rows: string[][], extra: Record<string, unknown> = {}) =>
    t.post('/api/action/importTable/', { _flag: table, fileUrl: await upload(t, 'rooms.xlsx', bookBytes(rows)), ...extra });

  it('writes the rows there in one transaction, logs each locally, and writes nothing from a refused file', async () => {
    const ok = await importRows(
      [
        ['编号', '名称'],
        ['A-1', '一'],
        ['A-2', '二'],
        ['A-3', '三'],
      ],
      { keyColumn: 'code' },
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ inserted: 3 });
    expect(await source.rows(table)).toEqual([
      { code: 'A-1', name: '一' },
      { code: 'A-2', name: '二' },
      { code: 'A-3', name: '三' },
    ]);
    const log = await t.ctx.conn.db.selectFrom('sys_operationLog').selectAll().where('flag', '=', table).where('action', '=', 'import').execute();
    // logged on the app's database as runs of the keys (#first-last) the source gave the three rows
    const covered = log.map((e) => /^#(\d+)-(\d+)$/.exec(String(e.rowId))).map((m) => Number(m![2]) - Number(m![1]) + 1);
    expect(covered.reduce((a, b) => a + b, 0)).toBe(3);
    const first = Number(/^#(\d+)-/.exec(String(log[0]!.rowId))![1]);
    const history = (await t.get(`/api/history/?_flag=${table}&id=${first}`)).json().data;
    expect(history.revisions[0]).toMatchObject({ action: 'import', current: true });
    expect(history.revisions[0].changes).toEqual(expect.arrayContaining([{ column: 'code', before: null, after: 'A-1' }]));

    const again = await importRows(
      [
        ['编号', '名称'],
        ['A-1', '一改'],
        ['A-4', '四'],
      ],
      { keyColumn: 'code', mode: 'update' },
    );
    expect(again.json().data).toMatchObject({ inserted: 1, updated: 1 });
    const bad = await importRows([
      ['编号', '名称'],
      ['B-1', '好'],
      ['', '缺编号'],
    ]);
    expect(bad.statusCode).toBe(400);
    expect((await source.rows(table)).map((r) => `${r.code}:${r.name}`)).toEqual(['A-1:一改', 'A-2:二', 'A-3:三', 'A-4:四']);
  });
});

// without TEST_PG_URL / TEST_MYSQL_URL there is no external source to import into: said as a skipped test, so that the file
// is not "no test suite found" in `npm test` on SQLite alone
describe.skipIf(sources.length > 0)('import into a table of an external source', () => {
  it.skip('needs TEST_PG_URL or TEST_MYSQL_URL (a PostgreSQL or MariaDB server to make the source in)', () => undefined);
});
