import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Database from '../src/db/sqliteDriver.ts';
import { sql } from 'kysely';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { queryBuilderFor } from '../src/datasources/dialects.ts';
import { CONNECT_TIMEOUT_MS, type SourceConfig, sourceConfigOf } from '../src/datasources/engines.ts';
import { ConnectFailure, classifyConnectError } from '../src/datasources/driverErrors.ts';
import { SECRET_KEY_FILE, SecretBox, SecretBoxError } from '../src/datasources/secretBox.ts';
import { DataSources } from '../src/datasources/sources.ts';
import { testConnection } from '../src/datasources/testConnection.ts';
import { insertReturningId } from '../src/db/insert.ts';
import { ApiError } from '../src/http/errors.ts';
import { translate } from '../src/http/messages.ts';
import { engines, startTestApp, type TestApp } from './helpers.ts';

const PG_URL = process.env.TEST_PG_URL;
const MYSQL_URL = process.env.TEST_MYSQL_URL;
const zh = { headers: {} };
const en = { headers: { 'accept-language': 'en-US' } };

/** The ApiError a promise rejects with (fails the test when it resolves). */
async function refusal(promise: Promise<unknown>): Promise<ApiError> {
  const outcome = await promise.then(
    () => undefined,
    (err: unknown) => err,
  );
  if (!(outcome instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(outcome)}`);
  return outcome;
}

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A loopback server that accepts connections and never says a word. */
async function silentServer(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

const sourceRow = (values: Record<string, unknown>) => ({
  name: 'src',
  englishName: 'src',
  sqlType: 4,
  mainAddr: '127.0.0.1',
  port: 5432,
  databaseName: 'test',
  databaseUser: 'postgres',
  databasePsd: '',
  isdelete: 0,
  ...values,
});

function sourcesOf(t: TestApp, box = SecretBox.load({ dataDir: t.dataDir })) {
  return new DataSources({ local: t.ctx.conn, secretBox: box, dataDir: t.dataDir });
}

const addSource = (t: TestApp, values: Record<string, unknown>) => insertReturningId(t.ctx.conn.db, t.ctx.conn.engine, 'sys_connsql', sourceRow(values));
const setSource = (t: TestApp, id: number, values: Record<string, unknown>) =>
  t.ctx.conn.db.updateTable('sys_connsql').set(values).where('id', '=', id).execute();

/** Polls until check answers true (a closed connection leaves the server's list a moment later). */
async function eventually(check: () => Promise<boolean>, ms = 3000): Promise<boolean> {
  const until = Date.now() + ms;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > until) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('secret box (AES-256-GCM for stored passwords)', () => {
  const key = crypto.randomBytes(32);

  it('round-trips a password as versioned text, a new iv each time', () => {
    const box = new SecretBox(key);
    const a = box.encrypt('pässwörd-1');
    const b = box.encrypt('pässwörd-1');
    expect(a).toMatch(/^v1:[A-Za-z0-9_-]{8}:[A-Za-z0-9+/=]{16}:[A-Za-z0-9+/=]{24}:[A-Za-z0-9+/=]+$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('pässwörd');
    expect([box.decrypt(a), box.decrypt(b)]).toEqual(['pässwörd-1', 'pässwörd-1']);
    expect(box.decrypt(box.encrypt(''))).toBe('');
  });

  it('takes a stored value without the v1: prefix as plain text (rows from before encryption)', () => {
    expect(new SecretBox(key).decrypt('old-plain-password')).toBe('old-plain-password');
  });

  it('refuses a value encrypted with another key, naming SECRET_KEY', () => {
    const sealed = new SecretBox(crypto.randomBytes(32)).encrypt('secret');
    const err = (() => {
      try {
        new SecretBox(key).decrypt(sealed);
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(SecretBoxError);
    expect((err as SecretBoxError).reason).toBe('wrongKey');
    expect((err as Error).message).toContain('SECRET_KEY');
  });

  it('refuses a tampered ciphertext, tag or iv, and a cut-short value', () => {
    const box = new SecretBox(key);
    const sealed = box.encrypt('secret-password');
    const parts = sealed.split(':');
    const flip = (b64: string) => {
      const bytes = Buffer.from(b64, 'base64');
      bytes[0] = bytes[0]! ^ 1;
      return bytes.toString('base64');
    };
    for (const index of [2, 3, 4]) {
      const tampered = parts.map((p, i) => (i === index ? flip(p) : p)).join(':');
      expect(() => box.decrypt(tampered)).toThrow(SecretBoxError);
      expect(() => box.decrypt(tampered)).toThrow(/damaged/);
    }
    expect(() => box.decrypt(parts.slice(0, 4).join(':'))).toThrow(/damaged/);
  });

  it('generates DATA_DIR/secret.key once, mode 0600, and reads the same key on the next start', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qb-secret-'));
    try {
      const first = SecretBox.load({ dataDir: dir });
      const file = path.join(dir, SECRET_KEY_FILE);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      const sealed = first.encrypt('kept');
      const second = SecretBox.load({ dataDir: dir });
      expect(second.keyId).toBe(first.keyId);
      expect(second.decrypt(sealed)).toBe('kept');
      fs.writeFileSync(file, 'not a key\n');
      expect(() => SecretBox.load({ dataDir: dir })).toThrow(/secret\.key.*SECRET_KEY/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('takes SECRET_KEY as 64 hex characters or base64 over the key file, and refuses a malformed one at start', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qb-secret-'));
    try {
      const hex = loadConfig({ DATA_DIR: dir, SECRET_KEY: key.toString('hex') });
      const b64 = loadConfig({ DATA_DIR: dir, SECRET_KEY: key.toString('base64') });
      expect(hex.secretKey?.equals(key)).toBe(true);
      expect(b64.secretKey?.equals(key)).toBe(true);
      const box = SecretBox.load({ dataDir: dir, secretKey: hex.secretKey });
      expect(box.decrypt(new SecretBox(key).encrypt('x'))).toBe('x');
      expect(fs.existsSync(path.join(dir, SECRET_KEY_FILE))).toBe(false);
      expect(loadConfig({ DATA_DIR: dir }).secretKey).toBeUndefined();
      for (const bad of ['abc', key.toString('hex').slice(2), crypto.randomBytes(16).toString('base64')]) {
        expect(() => loadConfig({ SECRET_KEY: bad })).toThrow('SECRET_KEY');
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('SQL Server and Oracle dialects (no server here: compiled SQL and refused connections)', () => {
  const paged = (engine: 'mssql' | 'oracle') =>
    queryBuilderFor(engine)
      .selectFrom('questionBank')
      .select(['id', 'name'])
      .where('parentId', '=', 3)
      .where('name', 'like', '%a%')
      .orderBy('id', 'desc')
      .limit(20)
      .offset(40)
      .compile();

  it('SQL Server pages a select with offset/fetch and @n parameters', () => {
    const q = paged('mssql');
    expect(q.sql).toBe(
      'select "id", "name" from "questionBank" where "parentId" = @1 and "name" like @2 order by "id" desc offset @3 rows fetch next @4 rows only',
    );
    expect(q.parameters).toEqual([3, '%a%', 40, 20]);
    // a limit alone still needs an order and an offset on SQL Server
    expect(queryBuilderFor('mssql').selectFrom('t').selectAll().limit(5).compile().sql).toBe(
      'select * from "t" order by (select null) offset 0 rows fetch next @1 rows only',
    );
  });

  it('Oracle pages a select with offset/fetch first and :n parameters', () => {
    const q = paged('oracle');
    expect(q.sql).toBe(
      'select "id", "name" from "questionBank" where "parentId" = :1 and "name" like :2 order by "id" desc offset :3 rows fetch first :4 rows only',
    );
    expect(q.parameters).toEqual([3, '%a%', 40, 20]);
    expect(queryBuilderFor('oracle').selectFrom('t').selectAll().limit(5).compile().sql).toBe('select * from "t" fetch first :1 rows only');
  });

  it.each(['mssql', 'oracle'] as const)('%s: a closed loopback port is "unreachable", answered well within the timeout', async (engine) => {
    const port = await closedPort();
    const result = await testConnection(
      { engine, host: '127.0.0.1', port, database: 'QBTEST', user: 'u', password: 'p' },
      { localFiles: { dataDir: os.tmpdir() } },
    );
    expect(result).toMatchObject({ ok: false, reason: 'unreachable' });
    expect(result.elapsedMs).toBeLessThan(CONNECT_TIMEOUT_MS);
    if (result.ok) return;
    expect(result.error.httpStatus).toBe(502);
    expect(translate(zh, result.error.key, result.error.params)).toContain(`无法连接到 127.0.0.1:${port}`);
    expect(translate(en, result.error.key, result.error.params)).toContain(`Cannot reach 127.0.0.1:${port}`);
  });
});

describe('connection failures sorted into reasons', () => {
  it.each([
    [{ code: 'ECONNREFUSED', message: 'connect ECONNREFUSED' }, 'unreachable'],
    [new AggregateError([Object.assign(new Error('x'), { code: 'EHOSTUNREACH' })], 'happy eyeballs'), 'unreachable'],
    [{ code: 'ESOCKET', message: 'Failed to connect to h:1 - Could not connect (sequence)' }, 'unreachable'],
    [{ code: 'NJS-503', message: 'NJS-503: connection to host h port 1 could not be established.' }, 'unreachable'],
    [new Error('timeout expired'), 'timeout'],
    [{ code: 'NJS-510', message: 'NJS-510: timed out' }, 'timeout'],
    [{ code: 'ETIMEOUT', message: 'Failed to connect to h:1 in 5000ms' }, 'timeout'],
    [{ code: '28P01', message: 'password authentication failed for user "x"' }, 'loginRefused'],
    [{ code: 'ELOGIN', message: "Login failed for user 'sa'." }, 'loginRefused'],
    [{ code: 'ORA-01017', message: 'ORA-01017: invalid username/password; logon denied' }, 'loginRefused'],
    [{ code: 'ELOGIN', message: 'Cannot open database "nope" requested by the login. The login failed.' }, 'unknownDatabase'],
    [{ code: 'ORA-12514', message: 'ORA-12514: listener does not currently know of service' }, 'unknownDatabase'],
    [{ code: 'ER_BAD_DB_ERROR', message: "Unknown database 'nope'" }, 'unknownDatabase'],
    [new Error('something else entirely'), 'other'],
  ])('%o is %s', (err, reason) => {
    expect(classifyConnectError(err)).toBe(reason);
  });
});

describe.each(engines)('data sources with the app on %s', (engine, url) => {
  let t: TestApp;
  let sources: DataSources;
  let elsewhere: string;

  beforeAll(async () => {
    t = await startTestApp(engine, url);
    sources = sourcesOf(t);
    elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), 'qb-source-file-'));
  });
  afterAll(async () => {
    await sources?.closeAll();
    await t?.close();
    fs.rmSync(elsewhere, { recursive: true, force: true });
  });

  it("answers source 10000 with the app's own connection, which invalidate and closeAll leave open", async () => {
    const local = await sources.get(10000);
    expect(local).toMatchObject({ id: 10000, engine, local: true });
    expect(local.db).toBe(t.ctx.conn.db);
    expect(await sources.get('10000')).toBe(local);
    await sources.invalidate(10000);
    await sources.closeAll();
    const rows = await local.db.selectFrom('sys_user').select('loginid').where('loginid', '=', 'admin').execute();
    expect(rows).toEqual([{ loginid: 'admin' }]);
  });

  it('refuses unknown, deleted and malformed ids with a clear message in both languages', async () => {
    const unknown = await refusal(sources.get(987654));
    expect(unknown.httpStatus).toBe(404);
    expect(translate(zh, unknown.key, unknown.params)).toBe('数据源不存在或已删除：#987654');
    expect(translate(en, unknown.key, unknown.params)).toBe('Data source not found or deleted: #987654');

    const id = await addSource(t, { sqlType: 5, databaseName: path.join(elsewhere, 'deleted.sqlite'), isdelete: 1 });
    expect((await refusal(sources.get(id))).httpStatus).toBe(404);

    for (const bad of [0, -1, 1.5, 'abc', '12abc', '']) {
      const err = await refusal(sources.get(bad));
      expect([err.httpStatus, err.key]).toEqual([400, 'sourceBadId']);
    }
  });

  it('refuses a row with an unknown type, a missing host or a bad address before connecting', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ sqlType: 9 }, 'sourceTypeUnsupported'],
      [{ mainAddr: '' }, 'sourceIncomplete'],
      [{ mainAddr: 'host/with/path' }, 'sourceBadHost'],
      [{ port: 70000 }, 'sourceBadPort'],
      [{ sqlType: 3, databaseName: 'x?wallet_location=/etc' }, 'sourceBadServiceName'],
    ];
    for (const [values, key] of cases) {
      const err = await refusal(sources.get(await addSource(t, values)));
      expect([err.httpStatus, err.key]).toEqual([400, key]);
    }
    expect(sources.openSourceIds()).toEqual([]);
  });

  it("opens a SQLite file elsewhere on this server and refuses this server's own database and DATA_DIR", async () => {
    const file = path.join(elsewhere, 'other.sqlite');
    const other = new Database(file);
    other.exec("create table notes (id integer primary key, body text); insert into notes (body) values ('from the other file')");
    other.close();
    const handle = await sources.get(await addSource(t, { sqlType: 5, mainAddr: 'localhost', databaseName: file }));
    expect(handle).toMatchObject({ engine: 'sqlite', local: false });
    expect(await handle.db.selectFrom('notes').select('body').execute()).toEqual([{ body: 'from the other file' }]);

    const own = [
      path.join(t.dataDir, 'app.sqlite'),
      path.join(t.dataDir, 'anything.sqlite'),
      path.join(t.dataDir, '..', path.basename(t.dataDir), 'app.sqlite'),
    ];
    const link = path.join(elsewhere, 'link.sqlite');
    fs.symlinkSync(path.join(t.dataDir, 'app.sqlite'), link);
    own.push(link);
    for (const databaseName of own) {
      const err = await refusal(sources.get(await addSource(t, { sqlType: 5, mainAddr: 'localhost', databaseName })));
      expect([err.httpStatus, err.key]).toEqual([400, 'sourceOwnDatabase']);
    }
    const remote = await refusal(sources.get(await addSource(t, { sqlType: 5, mainAddr: 'db.example.com', databaseName: file })));
    expect(remote.key).toBe('sourceSqliteRemote');
    const missing = await refusal(sources.get(await addSource(t, { sqlType: 5, mainAddr: 'localhost', databaseName: path.join(elsewhere, 'missing.sqlite') })));
    expect(missing).toMatchObject({ httpStatus: 400, key: 'sourceSqliteMissing' });
    expect(fs.existsSync(path.join(elsewhere, 'missing.sqlite'))).toBe(false);
  });

  it('answers a password this server cannot decrypt as a 500 naming SECRET_KEY', async () => {
    const foreign = new SecretBox(crypto.randomBytes(32)).encrypt('pw');
    const err = await refusal(sources.get(await addSource(t, { databasePsd: foreign })));
    expect([err.httpStatus, err.key]).toEqual([500, 'sourcePasswordUnreadable']);
    expect(translate(en, err.key, err.params)).toContain('set SECRET_KEY to the key it was encrypted with');
    expect(translate(zh, err.key, err.params)).toContain('SECRET_KEY');
  });
});

describe('unreachable sources answer within 6 s and hold no other call', () => {
  let t: TestApp;
  let sources: DataSources;
  let silent: Awaited<ReturnType<typeof silentServer>>;

  beforeAll(async () => {
    t = await startTestApp('sqlite');
    sources = sourcesOf(t);
    silent = await silentServer();
  });
  afterAll(async () => {
    await sources?.closeAll();
    await silent?.close();
    await t?.close();
  });

  it('a closed port is "unreachable" at once, and the failed pool is not kept', async () => {
    const port = await closedPort();
    for (const sqlType of [1, 2, 3, 4]) {
      const id = await addSource(t, { sqlType, port, databaseName: 'QBTEST' });
      const started = Date.now();
      const err = await refusal(sources.get(id));
      expect(err).toBeInstanceOf(ConnectFailure);
      expect(err).toMatchObject({ httpStatus: 502, reason: 'unreachable' });
      expect(Date.now() - started).toBeLessThan(CONNECT_TIMEOUT_MS);
    }
    expect(sources.openSourceIds()).toEqual([]);
  });

  it('a server that never answers is a "timeout" after 5 s on every engine, while other calls are answered', async () => {
    const ids = await Promise.all([1, 2, 3, 4].map((sqlType) => addSource(t, { sqlType, port: silent.port, databaseName: 'QBTEST' })));
    const started = Date.now();
    const waiting = ids.map((id) => refusal(sources.get(id)).then((err) => ({ err, ms: Date.now() - started })));
    const tested = testConnection(
      { engine: 'postgres', host: '127.0.0.1', port: silent.port, database: 'test', user: 'postgres', password: '' },
      { localFiles: { dataDir: t.dataDir } },
    );

    // meanwhile: the local source, another lookup and an HTTP call are answered at once
    await new Promise((r) => setTimeout(r, 300));
    const meanwhile = Date.now();
    const local = await sources.get(10000);
    expect(await local.db.selectFrom('sys_user').select('loginid').where('loginid', '=', 'admin').execute()).toHaveLength(1);
    expect((await refusal(sources.get(999999))).httpStatus).toBe(404);
    expect((await t.select('sys_connsql')).status).toBe(200);
    expect(Date.now() - meanwhile).toBeLessThan(1000);

    for (const { err, ms } of await Promise.all(waiting)) {
      expect(err, (err as ConnectFailure).detail).toMatchObject({ httpStatus: 504, reason: 'timeout' });
      expect(ms).toBeGreaterThanOrEqual(CONNECT_TIMEOUT_MS - 100);
      expect(ms).toBeLessThan(6000);
      expect(translate(zh, err.key, err.params)).toBe(`连接 127.0.0.1:${silent.port} 超时（5 秒内无应答）`);
    }
    const result = await tested;
    expect(result).toMatchObject({ ok: false, reason: 'timeout' });
    expect(result.elapsedMs).toBeLessThan(6000);
  }, 15_000);
});

describe.skipIf(!PG_URL)('a PostgreSQL source (the server at TEST_PG_URL)', () => {
  let t: TestApp;
  let sources: DataSources;
  let admin: pg.Client;
  const target = PG_URL ? new URL(PG_URL) : undefined;
  const pgSource = (values: Record<string, unknown> = {}) => ({
    sqlType: 4,
    mainAddr: target!.hostname,
    port: Number(target!.port || 5432),
    databaseName: target!.pathname.slice(1),
    databaseUser: decodeURIComponent(target!.username),
    databasePsd: decodeURIComponent(target!.password),
    ...values,
  });
  // The pools are counted in a database of this file's own: other processes on the same PostgreSQL (another suite,
  // the browser tests' server) number their sources from 1 too, and their pools introduce themselves by the same name.
  const poolDb = `qb_pools_${process.pid}_${crypto.randomBytes(3).toString('hex')}`;
  const poolSource = () => pgSource({ databaseName: poolDb });
  const backends = async (id: number) =>
    Number(
      (await admin.query('select count(*) as n from pg_stat_activity where application_name = $1 and datname = $2', [`qb-source-${id}`, poolDb])).rows[0].n,
    );

  beforeAll(async () => {
    t = await startTestApp('sqlite');
    sources = sourcesOf(t);
    admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`create database ${poolDb}`);
  });
  afterAll(async () => {
    await sources?.closeAll();
    await admin?.query(`drop database if exists ${poolDb} with (force)`);
    await admin?.end();
    await t?.close();
  });

  it('opens one pool on first use, however many calls ask at once, and reuses it', async () => {
    const id = await addSource(t, poolSource());
    expect(await backends(id)).toBe(0);
    const handles = await Promise.all(Array.from({ length: 8 }, () => sources.get(id)));
    expect(new Set(handles).size).toBe(1);
    const [handle] = handles;
    expect(handle).toMatchObject({ id, engine: 'postgres', local: false, name: 'src' });
    expect(await backends(id)).toBe(1);

    const pid = async () => (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(handle!.db)).rows[0]!.pid;
    const first = await pid();
    expect(await pid()).toBe(first);
    expect(await sources.get(id)).toBe(handle);
    const answer = await handle!.db.selectNoFrom(sql<string>`current_database()`.as('db')).execute();
    expect(answer).toEqual([{ db: poolDb }]);
  });

  it('holds at most 5 connections however many queries run at once', async () => {
    const id = await addSource(t, poolSource());
    const handle = await sources.get(id);
    let most = 0;
    const watching = (async () => {
      for (let i = 0; i < 10; i++) {
        most = Math.max(most, await backends(id));
        await new Promise((r) => setTimeout(r, 40));
      }
    })();
    await Promise.all(Array.from({ length: 12 }, () => sql`select pg_sleep(0.15)`.execute(handle.db)));
    await watching;
    expect(most).toBeGreaterThan(1);
    expect(most).toBeLessThanOrEqual(5);
  });

  it('invalidate closes the pool; the next get opens a new one', async () => {
    const id = await addSource(t, poolSource());
    const before = await sources.get(id);
    expect(await backends(id)).toBe(1);
    await sources.invalidate(id);
    expect(await eventually(async () => (await backends(id)) === 0)).toBe(true);
    await expect(sql`select 1`.execute(before.db)).rejects.toThrow();

    const after = await sources.get(id);
    expect(after).not.toBe(before);
    expect((await sql<{ one: number }>`select 1 as one`.execute(after.db)).rows).toEqual([{ one: 1 }]);
    expect(await backends(id)).toBe(1);
  });

  it('a changed row gets a new pool and a deleted one is refused and its pool closed, even without invalidate', async () => {
    const id = await addSource(t, pgSource());
    const before = await sources.get(id);
    await setSource(t, id, { databasePsd: new SecretBox(crypto.randomBytes(32)).encrypt('x') });
    expect((await refusal(sources.get(id))).key).toBe('sourcePasswordUnreadable');
    await setSource(t, id, { databasePsd: SecretBox.load({ dataDir: t.dataDir }).encrypt('any, trust auth') });
    const after = await sources.get(id);
    expect(after).not.toBe(before);
    await setSource(t, id, { isdelete: 1 });
    expect((await refusal(sources.get(id))).httpStatus).toBe(404);
    expect(await eventually(async () => (await backends(id)) === 0)).toBe(true);
    expect(sources.openSourceIds()).not.toContain(id);
  });

  it('testConnection says so for a good source and for an unknown database', async () => {
    const config = sourceConfigOf(pgSource());
    expect(await sources.testConnection(config)).toMatchObject({ ok: true });
    const result = await sources.testConnection({ ...config, database: 'no_such_db_qb' });
    expect(result).toMatchObject({ ok: false, reason: 'unknownDatabase' });
    if (result.ok) return;
    expect(translate(en, result.error.key, result.error.params)).toContain('The database "no_such_db_qb" does not exist');
    expect(translate(zh, result.error.key, result.error.params)).toContain('数据库“no_such_db_qb”不存在');
  });
});

describe.skipIf(!MYSQL_URL)('a MySQL/MariaDB source (the server at TEST_MYSQL_URL)', () => {
  let t: TestApp;
  let sources: DataSources;
  let admin: mysql.Connection;
  const database = `t_src_${crypto.randomBytes(4).toString('hex')}`;
  const user = `qb_src_${crypto.randomBytes(3).toString('hex')}`;
  const password = 'pw-Übung-9';
  const target = MYSQL_URL ? new URL(MYSQL_URL) : undefined;
  const base = (): SourceConfig => ({
    engine: 'mysql',
    host: target!.hostname,
    port: Number(target!.port || 3306),
    database,
    user: decodeURIComponent(target!.username),
    password: decodeURIComponent(target!.password),
  });
  const mysqlSource = (values: Record<string, unknown> = {}) => {
    const c = base();
    return { sqlType: 2, mainAddr: c.host, port: c.port, databaseName: c.database, databaseUser: c.user, databasePsd: c.password, ...values };
  };
  const connections = async () => {
    const [rows] = await admin.query('select count(*) as n from information_schema.processlist where db = ?', [database]);
    return Number((rows as { n: number }[])[0]!.n);
  };

  beforeAll(async () => {
    t = await startTestApp('sqlite');
    sources = sourcesOf(t);
    admin = await mysql.createConnection(MYSQL_URL!);
    await admin.query(`create database ${database}`);
    await admin.query(`create table ${database}.notes (id int primary key, body varchar(100))`);
    await admin.query(`insert into ${database}.notes values (1, 'hello')`);
    await admin.query(`create user '${user}'@'%' identified by '${password}'`);
    await admin.query(`grant select on ${database}.* to '${user}'@'%'`);
  });
  afterAll(async () => {
    await sources?.closeAll();
    if (admin) {
      await admin.query(`drop database if exists ${database}`);
      await admin.query(`drop user if exists '${user}'@'%'`);
      await admin.end();
    }
    await t?.close();
  });

  it('opens one pool, reuses its connection, and invalidate closes it', async () => {
    const id = await addSource(t, mysqlSource());
    expect(await connections()).toBe(0);
    const handles = await Promise.all(Array.from({ length: 6 }, () => sources.get(id)));
    expect(new Set(handles).size).toBe(1);
    const handle = handles[0]!;
    expect(handle.engine).toBe('mysql');
    expect(await handle.db.selectFrom('notes').select(['id', 'body']).execute()).toEqual([{ id: 1, body: 'hello' }]);
    const connectionId = async () => (await sql<{ id: number }>`select connection_id() as id`.execute(handle.db)).rows[0]!.id;
    expect(await connectionId()).toBe(await connectionId());
    expect(await connections()).toBe(1);

    await sources.invalidate(id);
    expect(await eventually(async () => (await connections()) === 0)).toBe(true);
    const again = await sources.get(id);
    expect(again).not.toBe(handle);
    expect(await again.db.selectFrom('notes').select('body').execute()).toEqual([{ body: 'hello' }]);
  });

  it('refuses LOAD DATA LOCAL INFILE', async () => {
    const handle = await sources.get(await addSource(t, mysqlSource()));
    const file = path.join(os.tmpdir(), `qb-infile-${crypto.randomBytes(4).toString('hex')}.csv`);
    fs.writeFileSync(file, '2,stolen\n');
    try {
      const refused = await sql
        .raw(`load data local infile '${file}' into table notes fields terminated by ','`)
        .execute(handle.db)
        .then(
          () => undefined,
          (err: { errno?: number }) => err,
        );
      // the server itself refuses (MariaDB 4166, MySQL 1148/3948): the client never offered to send files
      expect([1148, 3948, 4166]).toContain(refused?.errno);
      expect(await handle.db.selectFrom('notes').select('id').execute()).toEqual([{ id: 1 }]);
    } finally {
      fs.rmSync(file, { force: true });
    }
  });

  it('decrypts an encrypted password when it opens the pool', async () => {
    const box = SecretBox.load({ dataDir: t.dataDir });
    const id = await addSource(t, mysqlSource({ databaseUser: user, databasePsd: box.encrypt(password) }));
    const handle = await sources.get(id);
    expect(await handle.db.selectFrom('notes').select('body').execute()).toEqual([{ body: 'hello' }]);
    const wrong = await addSource(t, mysqlSource({ databaseUser: user, databasePsd: box.encrypt('not-the-password') }));
    expect(await refusal(sources.get(wrong))).toMatchObject({ httpStatus: 502, reason: 'loginRefused' });
  });

  it('testConnection: wrong password is "login refused", unknown database and closed port too', async () => {
    expect(await sources.testConnection({ ...base(), user, password })).toMatchObject({ ok: true });

    const login = await sources.testConnection({ ...base(), user, password: 'wrong' });
    expect(login).toMatchObject({ ok: false, reason: 'loginRefused' });
    if (!login.ok) {
      expect(translate(zh, login.error.key, login.error.params)).toContain('数据库拒绝登录');
      expect(translate(en, login.error.key, login.error.params)).toContain('The database refused the login');
      expect(login.detail).toContain('Access denied');
    }
    expect(await sources.testConnection({ ...base(), database: 'no_such_db_qb' })).toMatchObject({ ok: false, reason: 'unknownDatabase' });
    const port = await closedPort();
    const closed = await sources.testConnection({ ...base(), port });
    expect(closed).toMatchObject({ ok: false, reason: 'unreachable' });
    expect(closed.elapsedMs).toBeLessThan(CONNECT_TIMEOUT_MS);
  });
});
