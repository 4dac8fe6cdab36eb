import fs from 'node:fs';
import path from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import Database from './sqliteDriver.ts';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  MysqlDialect,
  PostgresDialect,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
} from 'kysely';
import mysql from 'mysql2';
import pg from 'pg';
import { MYSQL_COLLATION } from './charset.ts';
import { acquireTimeoutError } from './databaseFailures.ts';
import { makePrivateDir, makePrivateFile } from './privateFiles.ts';
import { appMysqlCast, exactDecimal, readAppTypesAsText } from './engineText.ts';

/** The database engines a data source can be (datasources/engines.ts connects to them, datasources/dialects.ts builds their SQL). */
export type SourceEngine = 'sqlite' | 'postgres' | 'mysql' | 'mssql' | 'oracle';

export type Engine = 'sqlite' | 'postgres' | 'mysql';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyDb = Kysely<any>;

export interface Connection {
  db: AnyDb;
  /**
   * where list reads go: on SQLite a second, read-only connection, so that a select is answered from
   * the last committed state while a long write transaction (an import) holds the writer; elsewhere `db`
   */
  readDb: AnyDb;
  engine: Engine;
  /** the raw better-sqlite3 handle (SQLite only): used for PRAGMA data_version by the count cache */
  sqlite?: BetterSqlite3.Database;
  close(): Promise<void>;
}

// numeric/bigint come back from pg as strings by default; our ids and counts fit in a JS number
// (an int8 beyond 2^53, only in a table read back from this database, stays its exact text)
pg.types.setTypeParser(20, (v) => (Number.isSafeInteger(Number(v)) ? Number(v) : v));
// numeric as a number (money columns) while it is one exactly: NaN and more than 15 digits (a table read back) stay text
pg.types.setTypeParser(1700, exactDecimal);
// timestamp without time zone: keep the wall-clock text instead of reading it as local time
pg.types.setTypeParser(1114, (v) => v);
readAppTypesAsText();

/**
 * Kysely prepares every query anew; the generic API sends the same few SQL texts over and over, so
 * prepared statements are kept by their text (better-sqlite3 runs them synchronously, one at a time).
 */
function withStatementCache(sqlite: BetterSqlite3.Database) {
  const statements = new Map<string, BetterSqlite3.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      let statement = statements.get(text);
      if (!statement) {
        if (statements.size >= 1000) statements.clear();
        statement = sqlite.prepare(text);
        statements.set(text, statement);
      }
      return statement;
    },
  };
}

export function engineOf(url: string | undefined): Engine {
  if (!url || url.startsWith('sqlite:') || url.startsWith('file:')) return 'sqlite';
  if (url.startsWith('postgres')) return 'postgres';
  return 'mysql';
}

export { MYSQL_CHARSET, MYSQL_COLLATION } from './charset.ts';

export interface ConnectionOptions {
  /** PostgreSQL and MySQL/MariaDB end a statement after this long (0 or absent: no limit); SQLite waits this long for a lock (at most 5 s) */
  statementTimeoutMs?: number;
  /** connecting, and waiting for a free pooled connection, give up after this long (default 5 s) */
  connectTimeoutMs?: number;
  /** told about a pooled connection that failed while no query used it (the pool drops it and opens another when needed) */
  onIdleError?: (err: Error) => void;
}

/** The statement that proves the database answers. */
export const PROBE_SQL = 'select 1';

/**
 * mysql2's pool queues a caller for ever when every connection is busy, and Kysely has no acquire timeout:
 * this wait ends after `ms` with an error the failure sorting knows (db/databaseFailures.ts). A connection that
 * arrives after the caller gave up goes back to the pool.
 */
function withBoundedWait(pool: mysql.Pool, ms: number) {
  return {
    getConnection(callback: (error: unknown, connection: mysql.PoolConnection) => void) {
      let settled = false;
      const timer = setTimeout(() => {
        settled = true;
        callback(acquireTimeoutError(ms), undefined as never);
      }, ms);
      pool.getConnection((error, connection) => {
        if (settled) {
          connection?.release();
          return;
        }
        settled = true;
        clearTimeout(timer);
        callback(error, connection);
      });
    },
    end: (callback: (error: unknown) => void) => pool.end(callback),
  };
}

/**
 * The per-session statement limit of MySQL/MariaDB: MariaDB's `max_statement_time` (seconds, every statement),
 * MySQL's `max_execution_time` (milliseconds, selects only). Which one is read from the server's version, once.
 */
function mysqlSessionSetup(statementTimeoutMs: number) {
  let mariadb: boolean | undefined;
  return async (connection: DatabaseConnection) => {
    if (!statementTimeoutMs) return;
    if (mariadb === undefined) {
      const result = await connection.executeQuery<{ v: string }>(CompiledQuery.raw('select version() as v'));
      mariadb = /mariadb/i.test(String(result.rows[0]?.v ?? ''));
    }
    const statement = mariadb
      ? `set session max_statement_time = ${(statementTimeoutMs / 1000).toFixed(3)}`
      : `set session max_execution_time = ${Math.round(statementTimeoutMs)}`;
    await connection.executeQuery(CompiledQuery.raw(statement));
  };
}

/** Opens the configured database: a postgres:// or mysql:// URL, else the SQLite file in dataDir. */
export function openConnection(url: string | undefined, dataDir: string, options: ConnectionOptions = {}): Connection {
  const engine = engineOf(url);
  makePrivateDir(dataDir);
  const connectTimeoutMs = options.connectTimeoutMs ?? 5000;
  const statementTimeoutMs = options.statementTimeoutMs ?? 0;
  // a pooled connection that dies while idle (the server restarted) is an 'error' event: told, dropped, replaced on demand
  const onIdleError = (err: Error) => options.onIdleError?.(err);
  if (engine === 'postgres') {
    const pool = new pg.Pool({
      connectionString: url,
      max: 10,
      // both the connection and the wait for a free one in the pool
      connectionTimeoutMillis: connectTimeoutMs,
      idleTimeoutMillis: 30_000,
      keepAlive: true,
      ...(statementTimeoutMs > 0 ? { statement_timeout: statementTimeoutMs } : {}),
    });
    pool.on('error', onIdleError);
    // the pool listens to a client only while it is idle: one checked out (between the statements of a transaction)
    // that the server terminates would emit an 'error' nobody hears, which ends the process (issue 18)
    pool.on('connect', (client) => client.on('error', onIdleError));
    const db = new Kysely({ dialect: new PostgresDialect({ pool }) });
    return { db, readDb: db, engine, close: () => db.destroy() };
  }
  if (engine === 'mysql') {
    const pool = mysql.createPool({
      uri: url!.replace(/^mariadb:/, 'mysql:'),
      connectionLimit: 10,
      maxIdle: 10,
      idleTimeout: 30_000,
      connectTimeout: connectTimeoutMs,
      // callers beyond this many waiting are refused at once rather than queued
      queueLimit: 1000,
      enableKeepAlive: true,
      charset: MYSQL_COLLATION.toUpperCase(),
      dateStrings: true,
      supportBigNumbers: true,
      // DECIMAL a number while exact (the money columns); JSON, BIT, binary and geometry of tables read back from this
      // database as their text (db/engineText.ts)
      typeCast: appMysqlCast,
      jsonStrings: true,
      timezone: 'Z',
    });
    // mysql2's own listener is a `once`: a second error of one connection would otherwise end the process
    pool.on('connection', (connection) => connection.on('error', onIdleError));
    const db = new Kysely({
      dialect: new MysqlDialect({ pool: withBoundedWait(pool, connectTimeoutMs), onCreateConnection: mysqlSessionSetup(statementTimeoutMs) }),
    });
    return { db, readDb: db, engine, close: () => db.destroy() };
  }
  const busyTimeoutMs = statementTimeoutMs > 0 ? Math.min(statementTimeoutMs, 5000) : 5000;
  const file = url ? url.replace(/^(sqlite|file):(\/\/)?/, '') : path.join(dataDir, 'app.sqlite');
  if (file !== ':memory:') {
    fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true, mode: 0o700 });
    // SQLite gives its -wal and -shm files the mode of the database file
    makePrivateFile(file);
    for (const extra of ['-wal', '-shm']) if (fs.existsSync(file + extra)) makePrivateFile(file + extra);
  }
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma(`busy_timeout = ${busyTimeoutMs}`);
  const db = new Kysely({ dialect: new WriterSqliteDialect({ database: withStatementCache(sqlite) }) });
  if (file === ':memory:') return { db, readDb: db, engine, sqlite, close: () => db.destroy() };
  const reader = new Database(file, { readonly: true });
  reader.pragma(`busy_timeout = ${busyTimeoutMs}`);
  const readDb = new Kysely({ dialect: new SqliteDialect({ database: withStatementCache(reader) }) });
  return {
    db,
    readDb,
    engine,
    sqlite,
    async close() {
      await readDb.destroy();
      await db.destroy();
    },
  };
}

/**
 * The writer's transactions begin IMMEDIATE: the write lock is taken (or waited for, up to the busy timeout) at the
 * start. A deferred transaction that reads first holds a snapshot, and its first write then fails at once with
 * SQLITE_BUSY_SNAPSHOT when another connection (another process on the file, a tool beside the server) wrote since:
 * the busy timeout does not help there.
 */
class WriterSqliteDialect extends SqliteDialect {
  constructor(private readonly writerConfig: SqliteDialectConfig) {
    super(writerConfig);
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.writerConfig);
  }
}

class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}
