import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { buildApp, createContext } from '../src/app.ts';
import type { AppContext } from '../src/appContext.ts';
import { loadConfig } from '../src/config.ts';
import { openConnection } from '../src/db/connection.ts';
import { migrate } from '../src/db/migrations/index.ts';
import { seed } from '../src/seed/seed.ts';
import { checkAnswers } from './answers.ts';

export const ADMIN_PASSWORD = 'admin-pass-1';
export const sha = (text: string) => crypto.createHash('sha256').update(text).digest('hex');

/** The engines the storage suites run on: SQLite always, PostgreSQL and MySQL when their URLs are set. */
export const engines: [string, string | undefined][] = [
  ['sqlite', undefined],
  ...(process.env.TEST_PG_URL ? ([['postgres', process.env.TEST_PG_URL]] as [string, string][]) : []),
  ...(process.env.TEST_MYSQL_URL ? ([['mysql', process.env.TEST_MYSQL_URL]] as [string, string][]) : []),
];

/** A fresh, empty database on the engine: a temp SQLite file, a new PostgreSQL schema or a new MySQL database. */
export async function freshDatabase(engine: string, url: string | undefined, dataDir: string): Promise<{ url?: string; drop(): Promise<void> }> {
  const name = `t_${crypto.randomBytes(6).toString('hex')}`;
  if (engine === 'postgres') {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`create schema ${name}`);
    await client.end();
    const u = new URL(url!);
    u.searchParams.set('options', `-c search_path=${name}`);
    return {
      url: u.toString(),
      async drop() {
        const c = new pg.Client({ connectionString: url });
        await c.connect();
        await c.query(`drop schema ${name} cascade`);
        await c.end();
      },
    };
  }
  if (engine === 'mysql') {
    const conn = await mysql.createConnection(url!);
    await conn.query(`create database ${name}`);
    await conn.end();
    const u = new URL(url!);
    u.pathname = `/${name}`;
    return {
      url: u.toString(),
      async drop() {
        const c = await mysql.createConnection(url!);
        await c.query(`drop database ${name}`);
        await c.end();
      },
    };
  }
  return { url: undefined, drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
}

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  dataDir: string;
  token: string;
  /** a request as the signed-in admin */
  get(url: string, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  post(url: string, body: unknown, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  select(flag: string, query?: Record<string, unknown>): Promise<{ status: number; body: any }>;
  /** logs in; an account whose password must change is let through as if it had (see startTestApp) */
  login(loginid: string, password: string): Promise<LightMyRequestResponse>;
  /** logs in exactly as a client does */
  rawLogin(loginid: string, password: string): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export async function startTestApp(engine = 'sqlite', url?: string, env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qb-test-'));
  const database = await freshDatabase(engine, url, dataDir);
  const config = loadConfig({ DATA_DIR: dataDir, CAPTCHA: 'off', LOG_LEVEL: 'silent', ...(database.url ? { DATABASE_URL: database.url } : {}), ...env });
  const conn = openConnection(config.databaseUrl, config.dataDir);
  await migrate(conn.db, conn.engine);
  await seed(conn.db, conn.engine, ADMIN_PASSWORD);
  const ctx = createContext(config, conn);
  const app = await buildApp(ctx, { logger: false });
  // every answer is checked against the API document (answers.ts): a mismatch fails the test that got it
  checkAnswers(app);
  const rawLogin = (loginid: string, password: string) => app.inject({ method: 'POST', url: '/api/user/login/', payload: { loginid, pass: sha(password) } });
  /**
   * A login as the tests of other things need it: an account made or reset by an administrator must change its password
   * first (attack-password-change.test.ts tests that); here its flag is cleared as if it had, keeping the password.
   */
  const login = async (loginid: string, password: string) => {
    const res = await rawLogin(loginid, password);
    const user = res.statusCode === 200 ? (res.json().data?.user as { id: number; mustChangePassword?: boolean } | undefined) : undefined;
    if (user?.mustChangePassword) {
      await conn.db.updateTable('sys_user').set({ mustChangePassword: 0 }).where('id', '=', user.id).execute();
      ctx.sessions.forgetUser(user.id);
    }
    return res;
  };
  const res = await login('admin', ADMIN_PASSWORD);
  const token = res.json().token as string;
  const t: TestApp = {
    app,
    ctx,
    dataDir,
    token,
    get: (u, headers = {}) => app.inject({ method: 'GET', url: u, headers: { authorization: token, ...headers } }),
    post: (u, body, headers = {}) => app.inject({ method: 'POST', url: u, payload: body as object, headers: { authorization: token, ...headers } }),
    async select(flag, query = {}) {
      const params = new URLSearchParams({ _flag: flag });
      for (const [k, v] of Object.entries(query)) params.set(k, typeof v === 'string' ? v : JSON.stringify(v));
      const r = await t.get(`/api/select/?${params}`);
      return { status: r.statusCode, body: r.json() };
    },
    login,
    rawLogin,
    async close() {
      await app.close();
      await conn.close();
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return t;
}

/** A second server instance on the same database as `t` (same SQLite file, PostgreSQL schema or MySQL database). */
export async function startSecondInstance(t: TestApp): Promise<{ app: FastifyInstance; ctx: AppContext; close(): Promise<void> }> {
  const conn = openConnection(t.ctx.config.databaseUrl, t.ctx.config.dataDir);
  const ctx = createContext(t.ctx.config, conn);
  const app = await buildApp(ctx, { logger: false });
  checkAnswers(app);
  return {
    app,
    ctx,
    async close() {
      await app.close();
      await conn.close();
    },
  };
}

/** Sends raw bytes to a listening app and answers what came back (for requests fetch cannot make). */
export async function rawRequest(port: number, text: string): Promise<{ status: number; body: string }> {
  const net = await import('node:net');
  const answer = await new Promise<string>((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.end(text));
    let data = '';
    socket.on('data', (c) => (data += c));
    socket.on('close', () => resolve(data));
    socket.on('error', () => resolve(data));
  });
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);
  return { status, body: answer.slice(answer.indexOf('\r\n\r\n') + 4) };
}
