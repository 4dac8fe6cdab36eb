import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, MysqlDialect, PostgresDialect, SqliteDialect } from 'kysely';
import mysql from 'mysql2';
import pg from 'pg';
import { makePrivateDir, makePrivateFile } from './privateFiles.ts';

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
  sqlite?: Database.Database;
  close(): Promise<void>;
}

// numeric/bigint come back from pg as strings by default; our ids and counts fit in a JS number
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));
// timestamp without time zone: keep the wall-clock text instead of reading it as local time
pg.types.setTypeParser(1114, (v) => v);

/**
 * Kysely prepares every query anew; the generic API sends the same few SQL texts over and over, so
 * prepared statements are kept by their text (better-sqlite3 runs them synchronously, one at a time).
 */
function withStatementCache(sqlite: Database.Database) {
  const statements = new Map<string, Database.Statement>();
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

/** Opens the configured database: a postgres:// or mysql:// URL, else the SQLite file in dataDir. */
export function openConnection(url: string | undefined, dataDir: string): Connection {
  const engine = engineOf(url);
  makePrivateDir(dataDir);
  if (engine === 'postgres') {
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    const db = new Kysely({ dialect: new PostgresDialect({ pool }) });
    return { db, readDb: db, engine, close: () => db.destroy() };
  }
  if (engine === 'mysql') {
    const pool = mysql.createPool({
      uri: url!.replace(/^mariadb:/, 'mysql:'),
      connectionLimit: 10,
      decimalNumbers: true,
      dateStrings: true,
      supportBigNumbers: true,
      timezone: 'Z',
    });
    const db = new Kysely({ dialect: new MysqlDialect({ pool }) });
    return { db, readDb: db, engine, close: () => db.destroy() };
  }
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
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  if (file === ':memory:') return { db, readDb: db, engine, sqlite, close: () => db.destroy() };
  const reader = new Database(file, { readonly: true });
  reader.pragma('busy_timeout = 5000');
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
