import fs from 'node:fs';
import path from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import Database from '../db/sqliteDriver.ts';
import { CompiledQuery, Kysely, MysqlDialect, PostgresDialect, sql, SqliteDialect } from 'kysely';
import mysql from 'mysql2';
import type { Pool as OraclePool } from 'oracledb';
import pg from 'pg';
import { badRequest } from '../http/errors.ts';
import type { SourceEngine } from '../db/connection.ts';
import { mysqlTextCast, sourcePgTypes } from '../db/engineText.ts';
import { MssqlSourceDialect, oracleSourceDialect } from './sourceDialects.ts';
import { publicTarget } from './hosts.ts';

export type { SourceEngine };

/** the app's own database (SPEC §9) */
export const LOCAL_SOURCE_ID = 10000;
/** every engine gives up connecting after this long (and a pool wait ends after it too) */
export const CONNECT_TIMEOUT_MS = 5000;
/** connections per source pool */
export const POOL_SIZE = 5;
/** an idle pooled connection is closed after this long */
export const IDLE_CLOSE_MS = 30_000;

/**
 * sys_connsql.sqlType: 1 SQL Server, 2 MySQL/MariaDB, 3 Oracle, 4 PostgreSQL (SPEC §2-3); 5, a SQLite
 * file on this server, is this server's addition.
 */
export const ENGINE_OF_SQL_TYPE: Readonly<Record<number, SourceEngine>> = { 1: 'mssql', 2: 'mysql', 3: 'oracle', 4: 'postgres', 5: 'sqlite' };
export const DEFAULT_PORT: Readonly<Record<Exclude<SourceEngine, 'sqlite'>, number>> = { mssql: 1433, mysql: 3306, oracle: 1521, postgres: 5432 };

/** How to reach one external database; the password is plain text here (decrypted by the caller). */
export interface SourceConfig {
  engine: SourceEngine;
  host: string;
  port: number;
  /** database name; Oracle: the service name; SQLite: the absolute path of the file */
  database: string;
  user: string;
  password: string;
}

/** A sys_connsql row as stored (the password may be encrypted: see SecretBox). */
export interface SourceRow {
  sqlType: unknown;
  mainAddr: unknown;
  port: unknown;
  databaseName: unknown;
  databaseUser: unknown;
  databasePsd: unknown;
}

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v).trim());

/** The columns of sys_connsql that reach a driver (the password after decryption). */
export const CONNECTION_FIELDS = ['mainAddr', 'port', 'databaseName', 'databaseUser', 'databasePsd'] as const;
export type ConnectionField = (typeof CONNECTION_FIELDS)[number];

/** C0 (NUL, TAB, CR, LF…), DEL and C1: a NUL in a PostgreSQL startup packet adds parameters, CR/LF reach the wire as they are. */
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;

/** A 400 naming the first connection field that holds a control character (checked before any trimming). */
export function refuseControlCharacters(values: Partial<Record<ConnectionField, unknown>>): void {
  for (const column of CONNECTION_FIELDS) {
    const value = values[column];
    if (value !== null && value !== undefined && CONTROL_CHARACTER.test(String(value))) throw badRequest('sourceControlCharacter', { column });
  }
}

/**
 * The connection settings of a row (or of a form about to be saved): a bad type or a missing field is a
 * 400 naming it. `decrypt` turns the stored password into plain text.
 */
export function sourceConfigOf(row: SourceRow, decrypt: (stored: string) => string = (s) => s): SourceConfig {
  const sqlType = Number(row.sqlType);
  const engine = ENGINE_OF_SQL_TYPE[sqlType];
  if (!engine) throw badRequest('sourceTypeUnsupported', { sqlType: text(row.sqlType) });
  // a row stored by an earlier release is refused here too; the stored password is checked once decrypted
  refuseControlCharacters({
    mainAddr: row.mainAddr,
    port: row.port,
    databaseName: row.databaseName,
    databaseUser: row.databaseUser,
    ...(engine === 'sqlite' ? { databasePsd: row.databasePsd } : {}),
  });
  const host = text(row.mainAddr).replace(/^\[(.*)\]$/, '$1');
  const database = text(row.databaseName);
  if (engine === 'sqlite') {
    if (!database) throw badRequest('sourceIncomplete', { column: 'databaseName' });
    return { engine, host: host || 'localhost', port: 0, database, user: '', password: '' };
  }
  if (!host) throw badRequest('sourceIncomplete', { column: 'mainAddr' });
  // a host name or address only: no connect descriptor, credentials or path smuggled into the address
  if (!/^[A-Za-z0-9._:%-]+$/.test(host)) throw badRequest('sourceBadHost', { host: host.slice(0, 200) });
  const port = text(row.port) === '' ? DEFAULT_PORT[engine] : Number(row.port);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw badRequest('sourceBadPort', { port: text(row.port).slice(0, 20) });
  if (!database) throw badRequest('sourceIncomplete', { column: 'databaseName' });
  // Oracle's service name goes into an Easy Connect string: nothing that could add options or a descriptor
  if (engine === 'oracle' && !/^[A-Za-z0-9_.$#-]+$/.test(database)) throw badRequest('sourceBadServiceName', { database: database.slice(0, 100) });
  const user = text(row.databaseUser);
  if (!user) throw badRequest('sourceIncomplete', { column: 'databaseUser' });
  const password = decrypt(row.databasePsd === null || row.databasePsd === undefined ? '' : String(row.databasePsd));
  refuseControlCharacters({ databasePsd: password });
  return { engine, host, port, database, user, password };
}

/** What a SQLite source may not open: this server's own database file and anything in DATA_DIR. */
export interface LocalFileRule {
  dataDir: string;
  /** this server's own SQLite file, when it runs on SQLite */
  ownDatabaseFile?: string;
}

/** The real path, following symbolic links even when the last one points at a file that is not there (yet). */
function realOrResolved(p: string): string {
  let current = path.resolve(p);
  for (let hops = 0; hops < 40; hops++) {
    try {
      return fs.realpathSync(current);
    } catch {
      let link: string | undefined;
      try {
        if (fs.lstatSync(current).isSymbolicLink()) link = fs.readlinkSync(current);
      } catch {
        // not there at all: its directory may still be a link
      }
      if (link === undefined) return path.join(realOrResolved(path.dirname(current)), path.basename(current));
      current = path.resolve(path.dirname(current), link);
    }
  }
  return current;
}

function statOf(p: string): fs.Stats | undefined {
  try {
    return fs.statSync(p);
  } catch {
    return undefined;
  }
}

/** Refuses a SQLite source that is not a local file or that resolves to this server's own files. */
export function checkSqliteFile(config: SourceConfig, rule: LocalFileRule): string {
  if (!['localhost', '127.0.0.1', '::1', ''].includes(config.host.toLowerCase())) throw badRequest('sourceSqliteRemote');
  if (!path.isAbsolute(config.database)) throw badRequest('sourceSqliteRelative');
  const file = realOrResolved(config.database);
  const dataDir = realOrResolved(rule.dataDir);
  const own = rule.ownDatabaseFile ? realOrResolved(rule.ownDatabaseFile) : undefined;
  const inside = (dir: string) => file === dir || file.startsWith(dir.endsWith(path.sep) ? dir : dir + path.sep);
  if (inside(dataDir) || (own && (file === own || file.startsWith(`${own}-`)))) throw badRequest('sourceOwnDatabase');
  // a hard link has a path of its own: the same file is told by its device and inode (attack-pivot.test.ts)
  const target = statOf(file);
  const guarded = [...(own ? [own, `${own}-wal`, `${own}-shm`, `${own}-journal`] : []), path.join(dataDir, 'secret.key')];
  if (target && guarded.map(statOf).some((s) => s !== undefined && s.ino === target.ino && s.dev === target.dev)) throw badRequest('sourceOwnDatabase');
  checkSqliteHeader(file, config.database);
  return file;
}

/** The first 16 bytes of every SQLite 3 database file. */
const SQLITE_HEADER = Buffer.from('SQLite format 3\0', 'latin1');

/**
 * Only an existing SQLite database is opened: SQLite would take an empty file (or create a missing one) as a new
 * database and write into it (attack-sources.test.ts). `file` is the real path; `shown` is the path as typed.
 */
function checkSqliteHeader(file: string, shown: string): void {
  const params = { file: shown.slice(0, 200) };
  let fd: number;
  try {
    // O_NONBLOCK: a FIFO must not hold the call; O_NOFOLLOW: the real path was resolved, a link swapped in since is refused
    fd = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW | fs.constants.O_NONBLOCK);
  } catch (err) {
    throw badRequest((err as NodeJS.ErrnoException).code === 'ENOENT' ? 'sourceSqliteMissing' : 'sourceSqliteNotDatabase', params);
  }
  try {
    if (!fs.fstatSync(fd).isFile()) throw badRequest('sourceSqliteNotFile', params);
    const head = Buffer.alloc(SQLITE_HEADER.length);
    const read = fs.readSync(fd, head, 0, head.length, 0);
    if (read !== head.length || !head.equals(SQLITE_HEADER)) throw badRequest('sourceSqliteNotDatabase', params);
  } finally {
    fs.closeSync(fd);
  }
}

export interface OpenOptions {
  timeoutMs: number;
  poolSize: number;
  /** how the connections introduce themselves (PostgreSQL application_name, SQL Server app name) */
  applicationName: string;
  /** SQLite sources only */
  localFiles: LocalFileRule;
  /** SOURCES_DENY_PRIVATE: hosts that are or resolve to loopback, link-local or private addresses are refused, SQLite files too */
  denyPrivateHosts?: boolean;
}

/**
 * A MySQL/MariaDB session of a source refuses a value it would otherwise store changed (1000 into a tinyint clamped to
 * 127, 'x' into an int stored as 0): strict mode for every table, whatever the server's default.
 */
const STRICT_SESSION = CompiledQuery.raw(
  "set session sql_mode = if(@@session.sql_mode = '', 'STRICT_ALL_TABLES', concat(@@session.sql_mode, ',STRICT_ALL_TABLES'))",
);

/** The statement that proves a connection works. */
export const probeSql = (engine: SourceEngine) => (engine === 'oracle' ? 'select 1 from dual' : 'select 1');

/**
 * A Kysely instance over a pool for the source. No connection is made here (except a SQLite file, which
 * is opened at once): the first query connects.
 */
export async function openSourceDb(asked: SourceConfig, options: OpenOptions): Promise<Kysely<any>> {
  const { timeoutMs, poolSize } = options;
  // the driver is given the address that was checked, so a second DNS answer cannot point it elsewhere
  const config = options.denyPrivateHosts ? await publicTarget(asked) : asked;
  switch (config.engine) {
    case 'postgres': {
      const pool = new pg.Pool({
        host: config.host,
        port: config.port,
        database: config.database,
        user: config.user,
        password: config.password,
        max: poolSize,
        connectionTimeoutMillis: timeoutMs,
        idleTimeoutMillis: IDLE_CLOSE_MS,
        application_name: options.applicationName,
        types: sourcePgTypes,
      });
      // an idle connection the server drops would otherwise be an unhandled 'error' event; the pool replaces it
      pool.on('error', () => {});
      // pg-pool listens to a client only while it is idle: a checked-out one the server terminates must be heard too
      pool.on('connect', (client) => client.on('error', () => {}));
      return new Kysely({ dialect: new PostgresDialect({ pool }) });
    }
    case 'mysql': {
      const pool = mysql.createPool({
        host: config.host,
        port: config.port,
        database: config.database,
        user: config.user,
        password: config.password,
        connectionLimit: poolSize,
        maxIdle: poolSize,
        idleTimeout: IDLE_CLOSE_MS,
        connectTimeout: timeoutMs,
        // LOAD DATA LOCAL INFILE off: the server is told this client does not send files, and none is given to send
        flags: ['-LOCAL_FILES'],
        infileStreamFactory: undefined,
        multipleStatements: false,
        // DECIMAL as its exact text and BIGINT as text beyond 2^53 (the answer makes numbers of them where exact)
        decimalNumbers: false,
        dateStrings: true,
        supportBigNumbers: true,
        bigNumberStrings: false,
        typeCast: mysqlTextCast,
        // MariaDB's JSON (a longtext marked json) as the text stored, not parsed and written again without its spaces
        jsonStrings: true,
        timezone: 'Z',
        // the connection speaks utf8mb4 whatever the server's default (4-byte characters: 😀, 𠀀)
        charset: 'UTF8MB4_UNICODE_520_CI',
      });
      // mysql2's own listener on a pooled connection is a `once`: a second error would end the process
      pool.on('connection', (connection) => connection.on('error', () => {}));
      return new Kysely({ dialect: new MysqlDialect({ pool, onCreateConnection: (connection) => connection.executeQuery(STRICT_SESSION).then(() => {}) }) });
    }
    case 'mssql': {
      // loaded by the first SQL Server source (as Oracle's driver is): tedious alone holds ~10 MB of the heap
      const [tarn, tedious] = await Promise.all([import('tarn'), import('tedious')]);
      const dialect = new MssqlSourceDialect({
        tarn: {
          ...tarn,
          options: {
            min: 0,
            max: poolSize,
            acquireTimeoutMillis: timeoutMs,
            createTimeoutMillis: timeoutMs,
            idleTimeoutMillis: IDLE_CLOSE_MS,
            propagateCreateError: true,
          },
        },
        tedious: {
          ...tedious,
          connectionFactory: () => {
            const connection = new tedious.Connection({
              server: config.host,
              authentication: { type: 'default', options: { userName: config.user, password: config.password } },
              options: {
                port: config.port,
                database: config.database,
                connectTimeout: timeoutMs,
                appName: options.applicationName,
                encrypt: true,
                // SQL Server ships a self-signed certificate; the traffic is encrypted, the server not verified
                trustServerCertificate: true,
              },
            });
            // a socket error of an idle connection is an 'error' event: heard here too, not only by Kysely's listener
            connection.on('error', () => {});
            return connection;
          },
        },
      });
      return new Kysely({ dialect });
    }
    case 'oracle': {
      const seconds = Math.max(1, Math.ceil(timeoutMs / 1000));
      const host = config.host.includes(':') ? `[${config.host}]` : config.host;
      // thin mode (node-oracledb's default): pure JavaScript, no Oracle client libraries; initOracleClient is never called
      const { default: oracledb } = await import('oracledb');
      const pool = await oracledb.createPool({
        user: config.user,
        password: config.password,
        connectString: `${host}:${config.port}/${config.database}`,
        poolMin: 0,
        poolMax: poolSize,
        poolIncrement: 1,
        poolTimeout: Math.ceil(IDLE_CLOSE_MS / 1000),
        queueTimeout: timeoutMs,
        connectTimeout: seconds,
        transportConnectTimeout: seconds,
      });
      // closing waits this long for busy connections, then closes them anyway (node-oracledb refuses otherwise)
      const drained = { getConnection: () => pool.getConnection(), close: () => pool.close(seconds) } as unknown as OraclePool;
      return new Kysely({ dialect: await oracleSourceDialect({ pool: drained }) });
    }
    case 'sqlite': {
      const file = checkSqliteFile(config, options.localFiles);
      let database: BetterSqlite3.Database;
      try {
        database = new Database(file, { fileMustExist: true, timeout: timeoutMs });
        database.pragma('foreign_keys = ON');
      } catch (err) {
        throw Object.assign(new Error((err as Error).message), { code: 'SQLITE_CANTOPEN', cause: err });
      }
      return new Kysely({ dialect: new SqliteDialect({ database }) });
    }
  }
}

/**
 * Runs the probe statement; the drivers give up at their connect timeout, and this deadline half a
 * second later catches a server that connects but then never answers.
 */
export async function probeWithin(db: Kysely<any>, engine: SourceEngine, timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error(`no answer within ${timeoutMs} ms`), { code: 'ETIMEDOUT' })), timeoutMs + 500);
  });
  try {
    await Promise.race([sql.raw(probeSql(engine)).execute(db), deadline]);
  } finally {
    clearTimeout(timer);
  }
}
