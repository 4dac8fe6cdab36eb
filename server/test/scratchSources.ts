/**
 * A database of its own on the test's PostgreSQL or MariaDB server (TEST_PG_URL / TEST_MYSQL_URL), made in `setup()`
 * and dropped in `teardown()`, for the tests that point a data source at it (read-back types, external tables, the
 * read-back attacks). MariaDB gets a user of its own with a password, as an operator's source has; PostgreSQL's trust
 * authentication takes any password.
 */
import crypto from 'node:crypto';
import mysql from 'mysql2/promise';
import pg from 'pg';

export const rand = () => crypto.randomBytes(4).toString('hex');

export interface ScratchSource {
  label: 'PostgreSQL' | 'MariaDB';
  /** sys_connsql's sqlType of the engine */
  sqlType: 2 | 4;
  port: number;
  database: string;
  user: string;
  password: string;
  setup(): Promise<void>;
  /** a statement inside the database, as the test's own connection reads its answer */
  run(sql: string): Promise<Record<string, unknown>[]>;
  /** a statement on the server's administrative connection (outside the database), with parameters */
  admin(sql: string, params?: unknown[]): Promise<Record<string, unknown>[]>;
  teardown(): Promise<void>;
}

/**
 * PostgreSQL: `rawText` makes the test's own connection read every value as the engine's text (no parser of its own),
 * as a test that compares stored text needs.
 */
export function scratchPostgres(prefix: string, options: { rawText?: boolean } = {}): ScratchSource {
  const url = process.env.TEST_PG_URL;
  const database = `${prefix}_${rand()}`;
  const target = new URL(url ?? 'postgres://x@127.0.0.1/x');
  let admin: pg.Client | undefined;
  let inside: pg.Client | undefined;
  return {
    label: 'PostgreSQL',
    sqlType: 4,
    port: Number(target.port || 5432),
    database,
    user: decodeURIComponent(target.username),
    password: 'trust-any',
    async setup() {
      admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`create database ${database}`);
      const u = new URL(url!);
      u.pathname = `/${database}`;
      const types = options.rawText ? ({ getTypeParser: () => (v: string) => v } as pg.CustomTypesConfig) : undefined;
      inside = new pg.Client({ connectionString: u.toString(), types });
      await inside.connect();
    },
    run: async (sql) => (await inside!.query(sql)).rows,
    admin: async (sql, params) => (await admin!.query(sql, params)).rows,
    async teardown() {
      await inside?.end();
      await admin?.query(`drop database if exists ${database} with (force)`);
      await admin?.end();
    },
  };
}

/**
 * MariaDB: `connection` adds options to the test's own connection (dateStrings, big numbers as strings…);
 * `ownSchema` limits `information_schema.tables|columns where …` to the scratch database, as a source's view is.
 */
export function scratchMaria(prefix: string, options: { connection?: Partial<mysql.ConnectionOptions>; ownSchema?: boolean } = {}): ScratchSource {
  const url = process.env.TEST_MYSQL_URL;
  const database = `${prefix}_${rand()}`;
  const user = `qb_${prefix.replace(/^t_/, '')}_${rand()}`;
  const password = `pw-${prefix.replace(/\W/g, '')}-7`;
  const target = new URL(url ?? 'mysql://x@127.0.0.1/x');
  let admin: mysql.Connection | undefined;
  let inside: mysql.Connection | undefined;
  return {
    label: 'MariaDB',
    sqlType: 2,
    port: Number(target.port || 3306),
    database,
    user,
    password,
    async setup() {
      admin = await mysql.createConnection(url!);
      await admin.query(`create database ${database}`);
      await admin.query(`create user '${user}'@'%' identified by '${password}'`);
      await admin.query(`grant all on ${database}.* to '${user}'@'%'`);
      const u = new URL(url!);
      u.pathname = `/${database}`;
      inside = await mysql.createConnection({ uri: u.toString(), ...options.connection });
    },
    async run(sql) {
      const statement = options.ownSchema
        ? sql.replace(/information_schema\.(tables|columns) where /, `information_schema.$1 where table_schema = database() and `)
        : sql;
      const [rows] = await inside!.query(statement);
      return rows as Record<string, unknown>[];
    },
    async admin(sql, params) {
      const [rows] = await admin!.query(sql, params);
      return rows as Record<string, unknown>[];
    },
    async teardown() {
      if (!admin) return;
      await inside?.end();
      await admin.query(`drop database if exists ${database}`);
      await admin.query(`drop user if exists '${user}'@'%'`);
      await admin.end();
    },
  };
}
