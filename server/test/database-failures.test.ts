/**
 * Issue 18 #1/#3: how database failures are answered. The sorting of driver errors (db/databaseFailures.ts), the statement
 * timeout of the app's own PostgreSQL and MariaDB sessions (a 504 DATABASE_TIMEOUT, not a 500), a SQLite database
 * locked past its busy timeout (503 DATABASE_BUSY), the readiness answer, and the bounded wait for a connection.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database, { sqliteDriverPath } from '../src/db/sqliteDriver.ts';
import { Kysely, sql, SqliteDialect } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, createContext } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openConnection } from '../src/db/connection.ts';
import { databaseFailureOf } from '../src/db/databaseFailures.ts';
import { databaseFailureAnswer } from '../src/http/requestFailures.ts';
import { migrate } from '../src/db/migrations/index.ts';
import { Readiness } from '../src/db/readiness.ts';
import { seed } from '../src/seed/seed.ts';
import { checkAnswers } from './answers.ts';
import { ADMIN_PASSWORD, freshDatabase, sha } from './helpers.ts';
import { freePort } from './private-db.ts';

describe('database failures are sorted', () => {
  it('as unavailable, busy or timeout, and nothing else', () => {
    const e = (props: Record<string, unknown>, message = 'x') => Object.assign(new Error(message), props);
    expect(databaseFailureOf(e({ code: '57P01' }, 'terminating connection due to administrator command'))).toBe('unavailable');
    expect(databaseFailureOf(e({ code: '57P03' }, 'the database system is starting up'))).toBe('unavailable');
    expect(databaseFailureOf(e({ code: 'ECONNREFUSED' }))).toBe('unavailable');
    expect(databaseFailureOf(new Error('Connection terminated unexpectedly'))).toBe('unavailable');
    expect(databaseFailureOf(e({ code: 'PROTOCOL_CONNECTION_LOST', fatal: true }))).toBe('unavailable');
    expect(databaseFailureOf(e({ code: 'POOL_ACQUIRE_TIMEOUT' }))).toBe('unavailable');
    expect(databaseFailureOf(new Error('wrapped', { cause: e({ code: 'ECONNRESET' }) }))).toBe('unavailable');
    expect(databaseFailureOf(e({ code: '57014' }, 'canceling statement due to statement timeout'))).toBe('timeout');
    expect(databaseFailureOf(e({ code: 'ER_STATEMENT_TIMEOUT', errno: 1969 }))).toBe('timeout');
    expect(databaseFailureOf(e({ code: 'ER_QUERY_TIMEOUT', errno: 3024 }))).toBe('timeout');
    expect(databaseFailureOf(e({ errno: 1969, sqlState: '70100', sqlMessage: 'Query execution was interrupted (max_statement_time exceeded)' }))).toBe(
      'timeout',
    );
    expect(databaseFailureOf(e({ code: 'SQLITE_BUSY' }, 'database is locked'))).toBe('busy');
    expect(databaseFailureOf(e({ code: 'ER_LOCK_WAIT_TIMEOUT', errno: 1205 }))).toBe('busy');
    // refused values, a server's own closed pool and plain bugs are no database failure
    expect(databaseFailureOf(e({ code: '23505' }))).toBeUndefined();
    expect(databaseFailureOf(e({ code: 'ER_DUP_ENTRY', errno: 1062 }))).toBeUndefined();
    expect(databaseFailureOf(new Error('driver has already been destroyed'))).toBeUndefined();
    expect(databaseFailureOf(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBeUndefined();
    expect(databaseFailureAnswer(e({ code: '57014' }))).toMatchObject({ httpStatus: 504, code: 'DATABASE_TIMEOUT' });
    expect(databaseFailureAnswer(e({ code: 'ECONNREFUSED' }))).toMatchObject({ httpStatus: 503, code: 'DATABASE_UNAVAILABLE' });
  });
});

const servers: [string, string][] = [
  ...(process.env.TEST_PG_URL ? ([['postgres', process.env.TEST_PG_URL]] as [string, string][]) : []),
  ...(process.env.TEST_MYSQL_URL ? ([['mysql', process.env.TEST_MYSQL_URL]] as [string, string][]) : []),
];
describe.skipIf(servers.length === 0).each(servers)('the statement timeout on %s', (engine, url) => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qb-timeout-'));
  beforeAll(async () => {
    database = await freshDatabase(engine, url, dataDir);
  });
  afterAll(async () => {
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('ends a runaway statement with a 504 DATABASE_TIMEOUT, and the connection serves the next call', async () => {
    const conn = openConnection(database.url, dataDir, { statementTimeoutMs: 300 });
    try {
      const sleep = engine === 'postgres' ? 'select pg_sleep(5)' : 'select sleep(5) as s';
      const started = Date.now();
      const failure = await sql
        .raw(sleep)
        .execute(conn.db)
        .then(
          (r) => r,
          (err: unknown) => err,
        );
      // MariaDB's max_statement_time ends SLEEP with error 1969
      expect(databaseFailureAnswer(failure), String(failure)).toMatchObject({ httpStatus: 504, code: 'DATABASE_TIMEOUT' });
      expect(Date.now() - started).toBeLessThan(4000);
      expect((await sql.raw('select 1 as one').execute(conn.db)).rows).toEqual([{ one: 1 }]);
    } finally {
      await conn.close();
    }
  }, 30_000);
});

describe.skipIf(servers.length === 0).each(servers)('the wait for a pooled connection on %s', (engine, url) => {
  it('is bounded: with every connection held, a call is refused after the connect timeout, and served once one is free', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qb-pool-'));
    const conn = openConnection(url, dataDir, { connectTimeoutMs: 500 });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    try {
      // the pool's 10 connections, each inside a transaction that waits
      const holders = Array.from({ length: 10 }, () =>
        conn.db.transaction().execute(async (trx) => {
          await sql.raw('select 1').execute(trx);
          await held;
        }),
      );
      await new Promise((r) => setTimeout(r, 300));
      const started = Date.now();
      const failure = await sql
        .raw('select 1')
        .execute(conn.db)
        .then(
          () => undefined,
          (err: unknown) => err,
        );
      expect(databaseFailureAnswer(failure), String(failure)).toMatchObject({ httpStatus: 503, code: 'DATABASE_UNAVAILABLE' });
      expect(Date.now() - started).toBeLessThan(5000);
      release();
      await Promise.all(holders);
      expect((await sql.raw('select 1 as one').execute(conn.db)).rows).toEqual([{ one: 1 }]);
    } finally {
      release();
      await conn.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 30_000);
});

describe('SQLite locked past its busy timeout, and readiness', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qb-busy-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('answers 503 DATABASE_BUSY while another process holds the write lock, and saves once it is released', async () => {
    const config = loadConfig({ DATA_DIR: dataDir, CAPTCHA: 'off', LOG_LEVEL: 'silent', DB_STATEMENT_TIMEOUT_MS: '300' });
    const conn = openConnection(undefined, dataDir, { statementTimeoutMs: config.dbStatementTimeoutMs });
    await migrate(conn.db, conn.engine);
    await seed(conn.db, conn.engine, ADMIN_PASSWORD);
    const app = await buildApp(createContext(config, conn), { logger: false });
    checkAnswers(app);
    try {
      const token = (await app.inject({ method: 'POST', url: '/api/user/login/', payload: { loginid: 'admin', pass: sha(ADMIN_PASSWORD) } })).json()
        .token as string;
      const save = () =>
        app.inject({
          method: 'POST',
          url: '/api/action/save/',
          headers: { authorization: token },
          payload: { _flag: 'testList', params: { name: 'locked out' } },
        });
      expect((await app.inject({ method: 'GET', url: '/api/health/ready' })).json()).toEqual({ status: true });
      const other = new Database(path.join(dataDir, 'app.sqlite'));
      other.exec('begin immediate');
      const refused = await save();
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBe('1');
      expect(refused.json()).toEqual({ status: false, success: false, code: 'DATABASE_BUSY', message: '数据库正忙，请稍后重试' });
      other.exec('rollback');
      other.close();
      expect((await save()).statusCode).toBe(200);
    } finally {
      await app.close();
      await conn.close();
    }
  }, 30_000);

  it('a write transaction that reads first still commits when another process writes while it waits (BEGIN IMMEDIATE)', async () => {
    const file = path.join(dataDir, 'immediate.sqlite');
    const conn = openConnection(`sqlite:${file}`, dataDir);
    try {
      await sql`create table t (id integer primary key, n integer)`.execute(conn.db);
      await sql`insert into t (id, n) values (1, 0)`.execute(conn.db);
      const script = `const D = require(${JSON.stringify(sqliteDriverPath)}); const d = new D(${JSON.stringify(file)}); d.pragma('busy_timeout = 5000'); process.stdout.write('open'); d.prepare('update t set n = n + 100 where id = 1').run(); d.close();`;
      let childDone: Promise<number | null> | undefined;
      await conn.db.transaction().execute(async (trx) => {
        const before = await sql<{ n: number }>`select n from t where id = 1`.execute(trx);
        // another process writes the same file while this transaction awaits between its read and its write
        const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
        childDone = new Promise((resolve) => child.on('exit', resolve));
        // the child says it has opened the file (or it ended: the exit code below tells why)
        await new Promise((r) => {
          child.stdout.once('data', r);
          child.once('exit', r);
        });
        await new Promise((r) => setTimeout(r, 200));
        await sql`update t set n = ${Number(before.rows[0]!.n) + 1} where id = 1`.execute(trx);
      });
      // the other process waited for the lock, then wrote: nothing lost on either side
      expect(await childDone).toBe(0);
      const after = await sql<{ n: number }>`select n from t where id = 1`.execute(conn.db);
      expect(Number(after.rows[0]!.n)).toBe(101);
    } finally {
      await conn.close();
    }
  }, 30_000);

  it('readiness is false within its timeout when the database cannot be reached, and probes at most once a second', async () => {
    const port = await freePort();
    const conn = openConnection(`postgres://postgres@127.0.0.1:${port}/none`, dataDir, { connectTimeoutMs: 3000 });
    try {
      const readiness = new Readiness(conn.db, 1000, 1000);
      const started = Date.now();
      expect(await readiness.ready()).toBe(false);
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      await conn.close();
    }
    let probes = 0;
    const counted = new Kysely({ dialect: new SqliteDialect({ database: new Database(':memory:') }), log: () => void probes++ });
    const counting = new Readiness(counted, 1000, 60_000);
    await Promise.all([counting.ready(), counting.ready(), counting.ready()]);
    await counting.ready();
    expect(probes).toBe(1);
    await counted.destroy();
  }, 30_000);
});
