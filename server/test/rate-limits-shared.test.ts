import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { engines, sha, startSecondInstance, startTestApp, type TestApp } from './helpers.ts';

/**
 * Issue 22 #3: the per-client limit of the login route (60 a minute) is one budget across instances: counted in the
 * database (http/rateStore.ts), not in each instance's memory, so a client alternating between two instances is
 * refused after 60 calls, not 120. On PostgreSQL and MySQL/MariaDB, the engines several instances share.
 */
// SQLite is one process (docs/deployment.md): its limits stay in that process's memory
describe.each(engines.filter(([engine]) => engine !== 'sqlite'))('per-client limits shared by the instances on %s', (engine, url) => {
  let a: TestApp;
  let b: { app: FastifyInstance; close(): Promise<void> };
  beforeAll(async () => {
    a = await startTestApp(engine, url);
    b = await startSecondInstance(a);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const tryLogin = async (app: FastifyInstance, i: number, ip: string) =>
    (await app.inject({ method: 'POST', url: '/api/user/login/', remoteAddress: ip, payload: { loginid: `nobody${i}`, pass: sha('wrong') } })).statusCode;

  it('a client alternating between two instances gets 60 logins a minute in all', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 62; i++) codes.push(await tryLogin(i % 2 ? b.app : a.app, i, '10.9.8.7'));
    // the first 60 are answered (a wrong password), the rest refused, whichever instance they reach
    expect(codes.slice(0, 60).filter((c) => c === 429)).toEqual([]);
    expect(codes.slice(60)).toEqual([429, 429]);
    // another client has its own budget
    expect(await tryLogin(b.app, 99, '10.9.8.6')).not.toBe(429);
    const rows = await a.ctx.conn.db.selectFrom('sys_rateLimit').select(['bucket', 'hits']).where('bucket', 'like', '%10.9.8.7%').execute();
    expect(rows.map((r) => Number(r.hits))).toEqual([62]);
  });
});

describe('per-client limits on SQLite (one process)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
  });
  afterAll(async () => t?.close());

  it('are kept in memory: the 61st login of a minute is refused, and nothing is written for it', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 61; i++)
      codes.push(
        (await t.app.inject({ method: 'POST', url: '/api/user/login/', remoteAddress: '10.9.8.5', payload: { loginid: `n${i}`, pass: sha('x') } })).statusCode,
      );
    expect(codes.slice(0, 60).filter((c) => c === 429)).toEqual([]);
    expect(codes[60]).toBe(429);
    expect(await t.ctx.conn.db.selectFrom('sys_rateLimit').select('bucket').execute()).toEqual([]);
  });
});
