import type { Kysely } from 'kysely';
import type { Connection } from '../db/connection.ts';
import { ApiError, badRequest, notFound } from '../http/errors.ts';
import {
  CONNECT_TIMEOUT_MS,
  LOCAL_SOURCE_ID,
  type LocalFileRule,
  openSourceDb,
  POOL_SIZE,
  probeWithin,
  type SourceConfig,
  type SourceEngine,
  type SourceRow,
  sourceConfigOf,
} from './engines.ts';
import { connectFailureOf } from './driverErrors.ts';
import { SecretBox, SecretBoxError } from './secretBox.ts';
import { sameTarget, type SourceTarget } from './target.ts';
import { type ConnectionTestResult, testConnection } from './testConnection.ts';

/** One data source, ready for queries. */
export interface SourceHandle {
  id: number;
  engine: SourceEngine;
  db: Kysely<any>;
  /** where list reads go: the local source's read-only SQLite connection, `db` everywhere else */
  readDb: Kysely<any>;
  /** source 10000, the app's own database (never closed by DataSources) */
  local: boolean;
  /** sys_connsql.name; '' for the local source */
  name: string;
}

export interface DataSourcesOptions {
  /** the app's own connection: source 10000, and where sys_connsql is read */
  local: Connection;
  secretBox: SecretBox;
  /** DATA_DIR: no SQLite source may open a file in it */
  dataDir: string;
  /** this server's own SQLite file; taken from `local` when it runs on SQLite */
  ownDatabaseFile?: string;
  /** SOURCES_DENY_PRIVATE: refuse hosts that are or resolve to loopback, link-local or private addresses, and SQLite files */
  denyPrivateHosts?: boolean;
  timeoutMs?: number;
  poolSize?: number;
}

/** How long the pool of a changed or deleted source still serves the calls that already hold it, before it is closed. */
export const RETIRE_MS = 1000;

interface PoolEntry {
  /** the row's connection fields when the pool was opened: a different row means a new pool */
  signature: string;
  opening: Promise<SourceHandle>;
}

const SOURCE_COLUMNS = ['id', 'name', 'sqlType', 'mainAddr', 'port', 'databaseName', 'databaseUser', 'databasePsd', 'isdelete'] as const;

/**
 * The source lookup the generic service asks on every call: id -> engine and pool. Pools open on first
 * use (one per source even when many calls ask at once), hold at most `poolSize` connections, give up
 * connecting after `timeoutMs`, and close when the source is changed or deleted.
 */
export class DataSources {
  readonly #local: Connection;
  readonly #box: SecretBox;
  readonly #files: LocalFileRule;
  readonly #timeoutMs: number;
  readonly #poolSize: number;
  readonly #denyPrivateHosts: boolean;
  readonly #pools = new Map<number, PoolEntry>();
  /** pools of sources changed or deleted, still serving the calls that already hold them (RETIRE_MS) */
  readonly #retiring = new Map<PoolEntry, NodeJS.Timeout>();
  readonly #localHandle: SourceHandle;

  constructor(options: DataSourcesOptions) {
    this.#local = options.local;
    this.#box = options.secretBox;
    this.#files = { dataDir: options.dataDir, ownDatabaseFile: options.ownDatabaseFile ?? options.local.sqlite?.name };
    this.#timeoutMs = options.timeoutMs ?? CONNECT_TIMEOUT_MS;
    this.#poolSize = options.poolSize ?? POOL_SIZE;
    this.#denyPrivateHosts = options.denyPrivateHosts ?? false;
    const { db, readDb, engine } = options.local;
    this.#localHandle = Object.freeze({ id: LOCAL_SOURCE_ID, engine, db, readDb, local: true, name: '' });
  }

  /**
   * The source's handle. Its row is read on every call (a primary-key lookup), so a source changed or
   * deleted through another server instance is noticed too. Unknown or deleted: 404; a row that cannot
   * be used (bad type, missing field, this server's own file): 400; a failed connection: 502/504 naming
   * the reason (see ConnectFailure).
   */
  async get(sourceId: number | string): Promise<SourceHandle> {
    const id = typeof sourceId === 'number' ? sourceId : /^\d{1,10}$/.test(sourceId) ? Number(sourceId) : NaN;
    if (!Number.isSafeInteger(id) || id <= 0) throw badRequest('sourceBadId', { id: String(sourceId).slice(0, 40) });
    if (id === LOCAL_SOURCE_ID) return this.#localHandle;
    // the read connection: on SQLite a long write (an import) holding the writer does not hold the lookup
    const row = await this.#local.readDb
      .selectFrom('sys_connsql')
      .select([...SOURCE_COLUMNS])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row || Number(row.isdelete) !== 0) {
      void this.invalidate(id);
      throw notFound('sourceNotFound', { id });
    }
    const signature = JSON.stringify(
      [row.sqlType, row.mainAddr, row.port, row.databaseName, row.databaseUser, row.databasePsd].map((v) => (v === null ? null : String(v))),
    );
    // no await from here to the set below: calls asking at the same time share one opening
    const current = this.#pools.get(id);
    if (current?.signature === signature) return current.opening;
    if (current) void this.invalidate(id);
    const entry: PoolEntry = { signature, opening: this.#open(id, row as SourceRow & { name: unknown }) };
    this.#pools.set(id, entry);
    entry.opening.catch(() => {
      if (this.#pools.get(id) === entry) this.#pools.delete(id);
    });
    return entry.opening;
  }

  /**
   * Retires the source's pool (when the source is saved or deleted): the next `get` opens a new one (or refuses a
   * deleted source), and the old pool is closed RETIRE_MS later, so that calls which already hold it finish instead
   * of failing with the driver's "pool ended" or waiting for a connection that never comes (a 500 after 5 s;
   * attack-pool.test.ts). Source 10000 is never closed.
   */
  async invalidate(sourceId: number): Promise<void> {
    const entry = this.#pools.get(sourceId);
    if (!entry) return;
    this.#pools.delete(sourceId);
    const timer = setTimeout(() => {
      this.#retiring.delete(entry);
      void closeEntry(entry);
    }, RETIRE_MS);
    timer.unref();
    this.#retiring.set(entry, timer);
  }

  /** Closes every pool (at shutdown); the app's own connection is left to its owner. */
  async closeAll(): Promise<void> {
    const entries = [...this.#pools.values(), ...this.#retiring.keys()];
    for (const timer of this.#retiring.values()) clearTimeout(timer);
    this.#retiring.clear();
    this.#pools.clear();
    await Promise.all(entries.map(closeEntry));
  }

  /** ids of the sources whose pool is open or opening */
  openSourceIds(): number[] {
    return [...this.#pools.keys()];
  }

  /** `testConnection` with this server's rules (timeout, its own files refused). */
  testConnection(config: SourceConfig): Promise<ConnectionTestResult> {
    return testConnection(config, { localFiles: this.#files, timeoutMs: this.#timeoutMs, denyPrivateHosts: this.#denyPrivateHosts });
  }

  /** Whether SOURCES_DENY_PRIVATE is on (the sys_connsql hook refuses a SQLite file or a private address at save). */
  get denyPrivateHosts(): boolean {
    return this.#denyPrivateHosts;
  }

  /** The box stored passwords are encrypted with (the sys_connsql hook encrypts with it on save). */
  get secretBox(): SecretBox {
    return this.#box;
  }

  /**
   * The plain-text password stored for a live source (the connection test of an edited source with its password left
   * empty), only for the target it was saved for: a test against another engine, host, port, database or user is a 400 asking
   * for the password (target.ts).
   */
  async storedPassword(id: number, target: SourceTarget): Promise<string> {
    const row = await this.#local.readDb
      .selectFrom('sys_connsql')
      .select(['sqlType', 'mainAddr', 'port', 'databaseName', 'databaseUser', 'databasePsd', 'isdelete'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row || Number(row.isdelete) !== 0) throw notFound('sourceNotFound', { id });
    // a source without a password has no secret to carry elsewhere: it is tested wherever it now points
    if (!sameTarget(row, target) && row.databasePsd !== '' && row.databasePsd !== null) throw badRequest('sourcePasswordRequired');
    return row.databasePsd === null || row.databasePsd === undefined ? '' : this.#password(id, String(row.databasePsd));
  }

  /** The plain-text password of a stored row, as a 500 naming SECRET_KEY when this server's key cannot open it. */
  #password(id: number, stored: string): string {
    try {
      return this.#box.decrypt(stored);
    } catch (err) {
      if (!(err instanceof SecretBoxError)) throw err;
      const reason = err.reason === 'wrongKey' ? 'encrypted with another key: set SECRET_KEY to the key it was encrypted with' : 'the stored value is damaged';
      throw new ApiError(500, 'sourcePasswordUnreadable', { id, reason });
    }
  }

  async #open(id: number, row: SourceRow & { name: unknown }): Promise<SourceHandle> {
    const config = sourceConfigOf(row, (stored) => this.#password(id, stored));
    let db: Kysely<any> | undefined;
    try {
      db = await openSourceDb(config, {
        timeoutMs: this.#timeoutMs,
        poolSize: this.#poolSize,
        applicationName: `qb-source-${id}`,
        localFiles: this.#files,
        denyPrivateHosts: this.#denyPrivateHosts,
      });
      // connect now, so that a source that cannot be reached is one clear answer instead of a driver error mid-query
      await probeWithin(db, config.engine, this.#timeoutMs);
    } catch (err) {
      // not awaited: closing a pool that is still trying to connect must not hold the answer
      db?.destroy().catch(() => {});
      if (err instanceof ApiError) throw err;
      throw connectFailureOf(err, config, this.#timeoutMs);
    }
    return Object.freeze({
      id,
      engine: config.engine,
      db,
      readDb: db,
      local: false,
      name: row.name === null || row.name === undefined ? '' : String(row.name),
    });
  }
}

async function closeEntry(entry: PoolEntry): Promise<void> {
  const handle = await entry.opening.catch(() => undefined);
  await handle?.db.destroy().catch(() => {});
}
