// API benchmark of SPEC's generic list call on SQLite with 100,000 and 1,000,000 questionBank rows.
// Prints req/s, p50, p99 and server RSS for the generic route and, beside it, the bare route.
// With TEST_PG_URL set, the generic route again on PostgreSQL with 1,000,000 rows (BENCH_PG_SIZE), in
// a schema of its own that is dropped afterwards.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { generateQuestions, generateQuestionsPg } from './generate.ts';
import { searchCaughtUp } from './searchCatchUp.ts';

const root = path.resolve(import.meta.dirname, '..', '..');
const sizes = (process.env.BENCH_SIZES ?? '100000,1000000')
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 5);
const DURATION = Number(process.env.BENCH_DURATION ?? 20);
const PASSWORD = 'bench-password';

function rssMb(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

async function waitFor(url: string, headers: Record<string, string> = {}) {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(url, { headers })).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer`);
}

const children = new Set<ChildProcess>();
process.on('exit', () => children.forEach((c) => c.kill('SIGKILL')));

function start(args: string[], env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

async function measure(url: string, headers: Record<string, string>) {
  await autocannon({ url, connections: 10, duration: WARMUP, headers });
  const r = await autocannon({ url, connections: 10, duration: DURATION, headers });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${r.non2xx} non-2xx answers, ${r.errors} errors from ${url}`);
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 };
}

async function signIn(port: number, loginid: string, password: string): Promise<string> {
  const pass = crypto.createHash('sha256').update(password).digest('hex');
  const login = await fetch(`http://127.0.0.1:${port}/api/user/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ loginid, pass }),
  });
  const token = ((await login.json()) as { token: string }).token;
  if (!token) throw new Error(`the benchmark could not log in as ${loginid}`);
  return token;
}

async function call(port: number, token: string, url: string, body: unknown): Promise<{ data: Record<string, unknown> & { id: number } }> {
  const r = await fetch(`http://127.0.0.1:${port}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: token },
    body: JSON.stringify(body),
  });
  const json = (await r.json()) as { status: unknown; message: string; data: Record<string, unknown> & { id: number } };
  if (!r.ok || !json.status) throw new Error(`${url}: ${r.status} ${json.message}`);
  return json;
}

/**
 * A caller who is no administrator: a role granted only the question page (view), an account holding it. Its
 * calls go through the grant check (an administrator's return at the first line). Made once per database.
 */
async function makeOperator(port: number, adminToken: string): Promise<{ loginid: string; password: string }> {
  const role = await call(port, adminToken, '/api/action/save/', { _flag: 'sys_role', params: { name: 'bench-operator', department: 'bench' } });
  const menus = (await (await fetch(`http://127.0.0.1:${port}/api/system/menu/`, { headers: { authorization: adminToken } })).json()) as {
    data: { id: number; url: string }[];
  };
  const menu = menus.data.find((m) => m.url === '/manage/questionBank');
  if (!menu) throw new Error('no question page in the menu');
  await call(port, adminToken, '/api/access/role/', { roleId: role.data.id, grants: [{ menuId: menu.id, actions: ['view'] }] });
  const user = await call(port, adminToken, '/api/user/save/', { params: { loginid: 'bench-operator', name: 'bench operator' } });
  await call(port, adminToken, '/api/user/roles/', { id: user.data.id, roleIds: [role.data.id] });
  // a password an administrator set must be changed before anything else (docs/security.md, round 3)
  const given = String(user.data.password);
  const own = `${given}-own`;
  const sha = (text: string) => crypto.createHash('sha256').update(text).digest('hex');
  await call(port, await signIn(port, 'bench-operator', given), '/api/user/changePassword/', { oldPass: sha(given), newPass: sha(own) });
  return { loginid: 'bench-operator', password: own };
}

/**
 * Starts the server on `env`'s database, signs in (as `as`, the administrator by default) and measures the list
 * call (10 connections).
 */
async function measureGeneric(env: Record<string, string>, port: number, as?: (adminToken: string) => Promise<{ loginid: string; password: string }>) {
  const server = start(['server/dist/main.js'], { ...env, PORT: String(port), LOG_LEVEL: 'warn', CAPTCHA: 'off' });
  await waitFor(`http://127.0.0.1:${port}/api/health`);
  const adminToken = await signIn(port, 'admin', PASSWORD);
  const account = as ? await as(adminToken) : undefined;
  const token = account ? await signIn(port, account.loginid, account.password) : adminToken;
  const wheres = encodeURIComponent(JSON.stringify({ isdelete: 0, parentId: 7 }));
  const url = `http://127.0.0.1:${port}/api/select/?_flag=questionBank&page=50&row=20&wheres=${wheres}&sort=id&sortType=desc`;
  const check = (await (await fetch(url, { headers: { authorization: token } })).json()) as { total: number; data: unknown[] };
  const result = await measure(url, { authorization: token });
  const rss = rssMb(server.pid!);
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  return { check, result, rss };
}

const line = (size: number, name: string, m: { rps: number; p50: number; p99: number }, rss: { rss: number; peak: number }) =>
  `${String(size).padStart(9)}  ${name.padEnd(8)} ${m.rps.toFixed(0).padStart(7)} req/s  p50 ${String(m.p50).padStart(3)} ms  p99 ${String(m.p99).padStart(3)} ms  RSS ${rss.rss.toFixed(0)} MB (peak ${rss.peak.toFixed(0)} MB)`;

// the server runs as `npm start` runs it: the esbuild bundle on plain node
spawnSync(process.execPath, [path.join(root, 'server', 'build.mjs')], { stdio: 'inherit' });
const results: string[] = [];
for (const size of sizes) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qb-bench-'));
  const port = 18000 + crypto.randomInt(1000);
  // first start: migrate and seed, then stop and add the generated rows
  const server = start(['server/dist/main.js'], { DATA_DIR: dataDir, PORT: String(port), ADMIN_PASSWORD: PASSWORD, LOG_LEVEL: 'warn' });
  await waitFor(`http://127.0.0.1:${port}/api/health`);
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  const t0 = Date.now();
  generateQuestions(path.join(dataDir, 'app.sqlite'), size);
  console.log(`generated ${size} rows in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  // the generated rows are indexed for search at the next start, once: done before any list call is measured
  const indexing = start(['server/dist/main.js'], { DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn' });
  await waitFor(`http://127.0.0.1:${port}/api/health`);
  await searchCaughtUp(path.join(dataDir, 'app.sqlite'));
  indexing.kill('SIGTERM');
  await new Promise((r) => indexing.once('exit', r));

  const runGeneric = (countCache: 'on' | 'off') => measureGeneric({ DATA_DIR: dataDir, COUNT_CACHE: countCache }, port);
  const cached = await runGeneric('on');
  const uncached = await runGeneric('off');
  const operator = await measureGeneric({ DATA_DIR: dataDir, COUNT_CACHE: 'on' }, port, (adminToken) => makeOperator(port, adminToken));
  const check = cached.check;

  const barePort = port + 1000;
  const bare = start(['--import', 'tsx', 'server/bench/bare-server.ts', path.join(dataDir, 'app.sqlite'), String(barePort)], {});
  await waitFor(`http://127.0.0.1:${barePort}/bare?page=1&row=1&parentId=7`);
  const bareUrl = `http://127.0.0.1:${barePort}/bare?page=50&row=20&parentId=7`;
  const bareCheck = (await (await fetch(bareUrl)).json()) as { total: number };
  const bareResult = await measure(bareUrl, {});
  const bareRss = rssMb(bare.pid!);
  bare.kill('SIGTERM');
  await new Promise((r) => bare.once('exit', r));
  fs.rmSync(dataDir, { recursive: true, force: true });

  if (check.total !== bareCheck.total || check.data.length !== 20) throw new Error(`totals differ: ${check.total} vs ${bareCheck.total}`);
  if (uncached.check.total !== check.total) throw new Error('totals differ with the count cache off');
  if (operator.check.total !== check.total) throw new Error('totals differ for the operator');
  results.push(
    line(size, 'generic', cached.result, cached.rss),
    line(size, 'operator', operator.result, operator.rss),
    line(size, 'no-cache', uncached.result, uncached.rss),
    line(size, 'bare', bareResult, bareRss),
  );
  const ratio = (a: { rps: number }) => `${((a.rps / bareResult.rps) * 100).toFixed(0)}%`;
  results.push(
    `${String(size).padStart(9)}  throughput of the bare route's: generic ${ratio(cached.result)}, as an operator ${ratio(operator.result)}, generic without count cache ${ratio(uncached.result)}  (total ${check.total} rows, same in all)`,
  );
  console.log(results.slice(-5).join('\n'));
}
console.log('\nAPI benchmark: GET /api/select/?_flag=questionBank&page=50&row=20&wheres={"isdelete":0,"parentId":7}&sort=id&sortType=desc');
console.log(`autocannon, 10 connections, ${WARMUP} s warm-up, ${DURATION} s measured, SQLite`);
console.log(results.join('\n'));

if (process.env.TEST_PG_URL) {
  const size = Number(process.env.BENCH_PG_SIZE ?? 1_000_000);
  const schema = `bench_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: process.env.TEST_PG_URL });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  const pgResults: string[] = [];
  try {
    const u = new URL(process.env.TEST_PG_URL);
    u.searchParams.set('options', `-c search_path=${schema}`);
    const env = { DATABASE_URL: u.toString(), DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'qb-bench-pg-')) };
    const port = 18000 + crypto.randomInt(1000);
    // first start: migrate and seed, then stop and add the generated rows
    const server = start(['server/dist/main.js'], { ...env, PORT: String(port), ADMIN_PASSWORD: PASSWORD, LOG_LEVEL: 'warn' });
    await waitFor(`http://127.0.0.1:${port}/api/health`);
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    const t0 = Date.now();
    await admin.query(`set search_path = ${schema}`);
    await generateQuestionsPg(admin, size);
    console.log(`\ngenerated ${size} rows in PostgreSQL and vacuumed them in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    const cached = await measureGeneric({ ...env, COUNT_CACHE: 'on' }, port);
    const uncached = await measureGeneric({ ...env, COUNT_CACHE: 'off' }, port);
    if (uncached.check.total !== cached.check.total || cached.check.data.length !== 20)
      throw new Error(`totals differ: ${cached.check.total} vs ${uncached.check.total}`);
    pgResults.push(line(size, 'generic', cached.result, cached.rss), line(size, 'no-cache', uncached.result, uncached.rss));
    pgResults.push(
      `${String(size).padStart(9)}  total ${cached.check.total} rows; the count cache multiplies throughput by ${(cached.result.rps / uncached.result.rps).toFixed(1)}`,
    );
    fs.rmSync(env.DATA_DIR, { recursive: true, force: true });
  } finally {
    await admin.query(`drop schema ${schema} cascade`);
    await admin.end();
  }
  console.log(`\nthe same call on PostgreSQL (TEST_PG_URL), rows vacuumed; autocannon, 10 connections, ${WARMUP} s warm-up, ${DURATION} s measured`);
  console.log(pgResults.join('\n'));
}
