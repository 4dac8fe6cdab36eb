/**
 * Issue 22, item 4: two instances on one PostgreSQL and one S3 bucket, behind a round-robin proxy, over real HTTP.
 * What one instance stores or changes, the other serves or enforces: an upload made through one is served by both,
 * and a logout, a forced logout, a disabled account and a changed grant are in force on the other within 1 s.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, sha, startSecondInstance, startTestApp, type TestApp } from './helpers.ts';

const PG_URL = process.env.TEST_PG_URL;
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const BUCKET = 'qb-proxy';
const CREDENTIALS = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' };

/** A round-robin proxy: each request goes to the next target in turn, passed through as is, the answer streamed back. */
function roundRobin(targets: number[]) {
  const log: { target: number; method: string; url: string }[] = [];
  const agent = new http.Agent({ keepAlive: false });
  let next = 0;
  const server = http.createServer((req, res) => {
    const target = next;
    next = (next + 1) % targets.length;
    log.push({ target, method: req.method!, url: req.url! });
    const upstream = http.request({ host: '127.0.0.1', port: targets[target], method: req.method, path: req.url, headers: req.headers, agent }, (answer) => {
      res.writeHead(answer.statusCode!, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  return {
    log,
    async listen() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe.skipIf(!PG_URL)('two instances behind a round-robin proxy (PostgreSQL, S3)', () => {
  const savedEnv = Object.fromEntries(Object.keys(CREDENTIALS).map((k) => [k, process.env[k]]));
  const s3dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qb-s3rver-'));
  let s3: S3rver;
  let a: TestApp;
  let b: Awaited<ReturnType<typeof startSecondInstance>>;
  let proxy: ReturnType<typeof roundRobin>;
  let via: string;
  let direct: [string, string];

  beforeAll(async () => {
    Object.assign(process.env, CREDENTIALS);
    s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: s3dir, configureBuckets: [{ name: BUCKET, configs: [] }] });
    const { port } = await s3.run();
    const s3Env = { UPLOADS_STORE: 's3', S3_BUCKET: BUCKET, S3_ENDPOINT: `http://127.0.0.1:${port}`, S3_FORCE_PATH_STYLE: 'true' };
    a = await startTestApp('postgres', PG_URL, s3Env);
    b = await startSecondInstance(a);
    direct = [await a.app.listen({ port: 0, host: '127.0.0.1' }), await b.app.listen({ port: 0, host: '127.0.0.1' })];
    proxy = roundRobin(direct.map((u) => Number(new URL(u).port)));
    via = await proxy.listen();
  });
  afterAll(async () => {
    await proxy?.close();
    await b?.close();
    await a?.close();
    await s3?.close();
    fs.rmSync(s3dir, { recursive: true, force: true });
    for (const [k, v] of Object.entries(savedEnv)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  });

  const call = async (base: string, url: string, token?: string, body?: unknown) => {
    const headers: Record<string, string> = token ? { authorization: token } : {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(base + url, { method: body === undefined ? 'GET' : 'POST', headers, body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: res.status, body: (res.headers.get('content-type')?.includes('json') ? await res.json() : undefined) as any };
  };
  const login = async (base: string, loginid: string, password: string) => {
    const res = await call(base, '/api/user/login/', undefined, { loginid, pass: sha(password) });
    expect(res.status).toBe(200);
    return res.body.token as string;
  };
  const userInfo = async (base: string, token: string) => (await call(base, '/api/user/userInfo/', token)).status;
  /** within 1 s (a session cache alone would keep the old answer for 5 s) */
  const within1s = { timeout: 1000, interval: 20 };
  /** a new account, its first-login password change taken as done (helpers.ts), signed in through the proxy */
  const account = async (loginid: string, roleIds: number[] = []) => {
    const made = await a.post('/api/user/save/', { params: { loginid, name: loginid, state: 1 } });
    const { id, password } = made.json<{ data: { id: number; password: string } }>().data;
    if (roleIds.length) expect((await a.post('/api/user/roles/', { id, roleIds })).statusCode).toBe(200);
    await a.login(loginid, password);
    return { id, token: await login(via, loginid, password) };
  };

  it('an image uploaded through one instance is served by both, the same bytes each time', async () => {
    const admin = await login(via, 'admin', ADMIN_PASSWORD);
    const form = new FormData();
    form.append('files', new Blob([PNG], { type: 'image/png' }), 'tiny.png');
    proxy.log.length = 0;
    const up = await fetch(`${via}/api/action/upload/`, { method: 'POST', headers: { authorization: admin }, body: form });
    expect(up.status).toBe(200);
    const url = ((await up.json()) as { data: { path: string } }).data.path;
    expect(url).toMatch(/^\/api\/file\/\d{6}\/[0-9a-f]{32}\.png$/);
    for (let i = 0; i < 4; i++) {
      const res = await fetch(via + url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);
    }
    const uploadedBy = proxy.log.find((l) => l.method === 'POST')!.target;
    const servedBy = new Set(proxy.log.filter((l) => l.url === url).map((l) => l.target));
    expect(servedBy).toEqual(new Set([0, 1]));
    expect(servedBy).toContain(1 - uploadedBy);
  });

  it('a logout through the proxy is refused by both instances, asked directly, within 1 s', async () => {
    const token = await login(via, 'admin', ADMIN_PASSWORD);
    // both instances know the session (and cache it) first
    for (const base of direct) expect(await userInfo(base, token)).toBe(200);
    expect((await call(via, '/api/user/logout/', token, {})).status).toBe(200);
    for (const base of direct) await expect.poll(() => userInfo(base, token), within1s).toBe(401);
  });

  it('a session ended by force on one instance is refused on the other within 1 s', async () => {
    const { token } = await account('proxy-force');
    expect(await userInfo(direct[1], token)).toBe(200);
    const list = (await call(direct[0], '/api/access/sessions/', a.token)).body.data as { id: number; loginid: string }[];
    const victim = list.find((s) => s.loginid === 'proxy-force')!;
    expect((await call(direct[0], '/api/access/sessions/logout/', a.token, { id: victim.id })).status).toBe(200);
    await expect.poll(() => userInfo(direct[1], token), within1s).toBe(401);
  });

  it('an account disabled on one instance is refused on the other within 1 s', async () => {
    const { id, token } = await account('proxy-off');
    expect(await userInfo(direct[0], token)).toBe(200);
    expect((await call(direct[1], '/api/user/save/', a.token, { params: { id, state: 0 } })).status).toBe(200);
    await expect.poll(() => userInfo(direct[0], token), within1s).toBe(401);
  });

  it('a grant changed on one instance is in force on the other within 1 s', async () => {
    const role = await a.post('/api/action/save/', { _flag: 'sys_role', params: { name: 'proxy-role', department: 'test' } });
    const roleId = role.json<{ data: { id: number } }>().data.id;
    const { token } = await account('proxy-grant', [roleId]);
    const selectOnB = async () => (await call(direct[1], '/api/select/?_flag=questionBank&page=1&row=1', token)).status;
    expect(await selectOnB()).toBe(403);
    const menus = (await a.select('sys_menu', { row: 500 })).body.data as { id: number; url: string }[];
    const menuId = menus.find((m) => m.url === '/manage/questionBank')!.id;
    expect((await call(direct[0], '/api/access/role/', a.token, { roleId, grants: [{ menuId, actions: ['view'] }] })).status).toBe(200);
    await expect.poll(selectOnB, within1s).toBe(200);
  });
});
