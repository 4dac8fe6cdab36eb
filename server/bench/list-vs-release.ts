// The generic list call of bench/api.ts (SQLite, exact total, 10 connections) on this tree and on an older
// release side by side: BENCH_OLD_ROOT=<a checkout of the release with its node_modules> (e.g. a git worktree of
// 3de679c). Each tree is built as `npm start` runs it (its own build.mjs), gets its own database (its own
// migrations and seed, then BENCH_SIZES' first size of generated rows by its own bench/generate.ts), and the two
// servers are measured in turn, one at a time, BENCH_ROUNDS rounds (the order swapped each round), so that a
// machine whose speed drifts touches both alike. Prints req/s, p50, p99 and the server's RSS after the run, per
// round and as min–max with the new/old ratio pair by pair. Without BENCH_OLD_ROOT it says so and stops (exit 0).
// Then both servers at once (BENCH_TOGETHER rounds, default 3), each loaded by its own autocannon process: the machine's
// other load then falls on both alike at every moment, and the scheduler shares the cores between the two servers, so
// the req/s ratio is the ratio of their costs per call even on a busy machine (runs in turn drift by ±30% here).
// BENCH_CPU_PROF=<dir>: each server writes a CPU profile there when it stops (old-*.cpuprofile, new-*.cpuprofile).
// BENCH_HEAP_SNAPSHOT=<dir>: each server's heap snapshot after its run (SIGUSR2, --heapsnapshot-signal).
// BENCH_KEEP_DATA=<dir>: the two databases are made in <dir>/old and <dir>/new once and reused by later runs (the
// trees are still built each run), so that a change can be measured again without generating the rows again.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { searchCaughtUp } from './searchCatchUp.ts';

const newRoot = path.resolve(import.meta.dirname, '..', '..');
const oldRoot = process.env.BENCH_OLD_ROOT ? path.resolve(process.env.BENCH_OLD_ROOT) : '';
const size = Number((process.env.BENCH_SIZES ?? '100000').split(',')[0]) || 100_000;
const WARMUP = Number(process.env.BENCH_WARMUP ?? 5);
const DURATION = Number(process.env.BENCH_DURATION ?? 20);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const TOGETHER = Number(process.env.BENCH_TOGETHER ?? 3);
const PASSWORD = 'bench-password';

if (!oldRoot || !fs.existsSync(path.join(oldRoot, 'server', 'build.mjs')) || !fs.existsSync(path.join(oldRoot, 'node_modules'))) {
  console.log('\nlist call against a release: skipped (BENCH_OLD_ROOT names no checkout with server/build.mjs and node_modules)');
  process.exit(0);
}

interface Tree {
  name: 'old' | 'new';
  root: string;
  label: string;
  dataDir: string;
}

const children = new Set<ChildProcess>();
process.on('exit', () => children.forEach((c) => c.kill('SIGKILL')));

function start(tree: Tree, port: number, tag: string): ChildProcess {
  const flags: string[] = [];
  if (process.env.BENCH_CPU_PROF) flags.push('--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`, `--cpu-prof-name=${tree.name}-${tag}.cpuprofile`);
  if (process.env.BENCH_HEAP_SNAPSHOT) flags.push('--heapsnapshot-signal=SIGUSR2', `--diagnostic-dir=${process.env.BENCH_HEAP_SNAPSHOT}`);
  const child = spawn(process.execPath, [...flags, 'server/dist/main.js'], {
    cwd: tree.root,
    env: { ...process.env, DATA_DIR: tree.dataDir, PORT: String(port), ADMIN_PASSWORD: PASSWORD, LOG_LEVEL: 'warn', CAPTCHA: 'off', COUNT_CACHE: 'on' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

async function stop(child: ChildProcess): Promise<void> {
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}

async function waitFor(url: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer`);
}

/** The process's CPU time so far (user and system), in ms. */
function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

async function signIn(port: number): Promise<string> {
  const pass = crypto.createHash('sha256').update(PASSWORD).digest('hex');
  const r = await fetch(`http://127.0.0.1:${port}/api/user/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ loginid: 'admin', pass }),
  });
  const token = ((await r.json()) as { token?: string }).token;
  if (!token) throw new Error('the benchmark could not sign in');
  return token;
}

/** Builds the tree's bundle, makes its database (migrated and seeded by its own server) and adds the rows. */
async function prepare(name: Tree['name'], root: string): Promise<Tree> {
  const label = spawnSync('git', ['-C', root, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).stdout.trim() || root;
  const built = spawnSync(process.execPath, [path.join(root, 'server', 'build.mjs')], { stdio: 'inherit' });
  if (built.status !== 0) throw new Error(`the build of ${root} failed`);
  const keep = process.env.BENCH_KEEP_DATA ? path.join(path.resolve(process.env.BENCH_KEEP_DATA), name) : '';
  const tree: Tree = {
    name,
    root,
    label: name === 'new' ? `this tree (${label})` : `release ${label}`,
    dataDir: keep || fs.mkdtempSync(path.join(os.tmpdir(), `qb-list-${name}-`)),
  };
  if (keep && fs.existsSync(path.join(keep, 'prepared'))) return tree;
  if (keep) fs.mkdirSync(keep, { recursive: true });
  const port = 18000 + crypto.randomInt(1000);
  const server = start(tree, port, 'seed');
  await waitFor(`http://127.0.0.1:${port}/api/health`);
  await stop(server);
  const generate = (await import(path.join(root, 'server', 'bench', 'generate.ts'))) as { generateQuestions(file: string, count: number): void };
  generate.generateQuestions(path.join(tree.dataDir, 'app.sqlite'), size);
  await caughtUp(tree);
  if (keep) fs.writeFileSync(path.join(keep, 'prepared'), `${size}\n`);
  return tree;
}

/** Starts the server once more and waits for its search index to catch up with the generated rows (bench/searchCatchUp.ts). */
async function caughtUp(tree: Tree): Promise<void> {
  const port = 18000 + crypto.randomInt(1000);
  const server = start(tree, port, 'catch-up');
  await waitFor(`http://127.0.0.1:${port}/api/health`);
  await searchCaughtUp(path.join(tree.dataDir, 'app.sqlite'));
  await stop(server);
}

interface Run {
  rps: number;
  p50: number;
  p99: number;
  rss: number;
  /** the server's CPU time per answered request, in µs (less sensitive than req/s to what else the machine runs) */
  cpu: number;
  total: number;
  /** requests answered, warm-up included (to read a CPU profile per request) */
  requests: number;
}

/** Starts the tree's server, signs in and checks the list call once. */
async function serve(tree: Tree, tag: string) {
  const port = 18000 + crypto.randomInt(1000);
  const server = start(tree, port, tag);
  await waitFor(`http://127.0.0.1:${port}/api/health`);
  const token = await signIn(port);
  const wheres = encodeURIComponent(JSON.stringify({ isdelete: 0, parentId: 7 }));
  const url = `http://127.0.0.1:${port}/api/select/?_flag=questionBank&page=50&row=20&wheres=${wheres}&sort=id&sortType=desc`;
  const headers = { authorization: token };
  const check = (await (await fetch(url, { headers })).json()) as { total: number; data: unknown[] };
  if (check.data?.length !== 20) throw new Error(`${tree.label}: the list call answered ${JSON.stringify(check).slice(0, 200)}`);
  return { server, url, headers, check };
}

async function run(tree: Tree, round: number): Promise<Run> {
  const { server, url, headers, check } = await serve(tree, `r${round}`);
  const warm = await autocannon({ url, connections: 10, duration: WARMUP, headers });
  const cpu0 = cpuMs(server.pid!);
  const r = await autocannon({ url, connections: 10, duration: DURATION, headers });
  const cpu = ((cpuMs(server.pid!) - cpu0) * 1000) / r.requests.total;
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${tree.label}: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
  const rss = rssMb(server.pid!);
  if (process.env.BENCH_HEAP_SNAPSHOT) {
    const before = new Set(fs.readdirSync(process.env.BENCH_HEAP_SNAPSHOT));
    server.kill('SIGUSR2');
    for (let i = 0; i < 600 && !fs.readdirSync(process.env.BENCH_HEAP_SNAPSHOT).some((f) => !before.has(f) && f.endsWith('.heapsnapshot')); i++)
      await new Promise((res) => setTimeout(res, 100));
    await new Promise((res) => setTimeout(res, 3000));
  }
  await stop(server);
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, rss, cpu, total: check.total, requests: warm.requests.total + r.requests.total };
}

const old = await prepare('old', oldRoot);
const current = await prepare('new', newRoot);
const runs: Record<Tree['name'], Run[]> = { old: [], new: [] };
const line = (tree: Tree, round: number, m: Run) =>
  `  round ${round}  ${tree.label.padEnd(28)} ${m.rps.toFixed(0).padStart(6)} req/s  p50 ${String(m.p50).padStart(3)} ms  p99 ${String(m.p99).padStart(3)} ms  RSS ${m.rss.toFixed(0)} MB  CPU ${m.cpu.toFixed(0)} µs/request (${m.requests} requests)`;
console.log(`\nlist call, ${size} rows, against ${old.label}: ${ROUNDS} rounds, each server in turn`);
for (let round = 1; round <= ROUNDS; round++) {
  for (const tree of round % 2 ? [old, current] : [current, old]) {
    const m = await run(tree, round);
    runs[tree.name].push(m);
    console.log(line(tree, round, m));
  }
}
if (runs.old[0].total !== runs.new[0].total) throw new Error(`totals differ: ${runs.old[0].total} vs ${runs.new[0].total}`);

const span = (values: number[], digits = 0) => `${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)}`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ratios = (key: 'rps' | 'rss' | 'cpu') => runs.new.map((m, i) => m[key] / runs.old[i][key]);
console.log('\nList call against a release: GET /api/select/?_flag=questionBank&page=50&row=20&wheres={"isdelete":0,"parentId":7}&sort=id&sortType=desc');
console.log(`autocannon, 10 connections, ${WARMUP} s warm-up, ${DURATION} s measured, SQLite, ${size} rows (total ${runs.new[0].total}), ${ROUNDS} rounds`);
for (const tree of [old, current]) {
  const m = runs[tree.name];
  console.log(
    `  ${tree.label.padEnd(28)} ${span(m.map((x) => x.rps)).padStart(11)} req/s  p50 ${span(m.map((x) => x.p50))} ms  p99 ${span(m.map((x) => x.p99))} ms  RSS ${span(m.map((x) => x.rss))} MB  CPU ${span(m.map((x) => x.cpu))} µs/request`,
  );
}
console.log(
  `  new/old pair by pair: req/s ${span(ratios('rps'), 3)} (median ${median(ratios('rps')).toFixed(3)}), RSS ${span(ratios('rss'), 3)} (median ${median(ratios('rss')).toFixed(3)}), CPU per request ${span(ratios('cpu'), 3)} (median ${median(ratios('cpu')).toFixed(3)})`,
);

/** autocannon in a process of its own (two in one process would share its one thread): average req/s. */
function cannon(url: string, headers: Record<string, string>, seconds: number): Promise<number> {
  const bin = path.join(newRoot, 'node_modules', 'autocannon', 'autocannon.js');
  const args = [bin, '-j', '-c', '10', '-d', String(seconds), ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}=${v}`]), url];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'ignore'] });
  children.add(child);
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  return new Promise((resolve, reject) =>
    child.once('exit', () => {
      children.delete(child);
      try {
        const r = JSON.parse(out) as { requests: { average: number }; non2xx: number; errors: number };
        if (r.non2xx > 0 || r.errors > 0) reject(new Error(`${r.non2xx} non-2xx answers, ${r.errors} errors from ${url}`));
        else resolve(r.requests.average);
      } catch (err) {
        reject(err);
      }
    }),
  );
}

if (TOGETHER > 0) {
  const together: { old: number; new: number; cpuOld: number; cpuNew: number }[] = [];
  for (let round = 1; round <= TOGETHER; round++) {
    const a = await serve(old, `t${round}`);
    const b = await serve(current, `t${round}`);
    await Promise.all([cannon(a.url, a.headers, WARMUP), cannon(b.url, b.headers, WARMUP)]);
    const cpu0 = [cpuMs(a.server.pid!), cpuMs(b.server.pid!)];
    const [rpsOld, rpsNew] = await Promise.all([cannon(a.url, a.headers, DURATION), cannon(b.url, b.headers, DURATION)]);
    // CPU time per request: the time each server spent over the requests it answered (average req/s × seconds)
    const cpuOld = ((cpuMs(a.server.pid!) - cpu0[0]) * 1000) / (rpsOld * DURATION);
    const cpuNew = ((cpuMs(b.server.pid!) - cpu0[1]) * 1000) / (rpsNew * DURATION);
    together.push({ old: rpsOld, new: rpsNew, cpuOld, cpuNew });
    await Promise.all([stop(a.server), stop(b.server)]);
  }
  const r = together.map((t) => t.new / t.old);
  const c = together.map((t) => t.cpuNew / t.cpuOld);
  console.log(`\nboth servers at once, each with its own autocannon process (10 connections, ${DURATION} s), ${TOGETHER} rounds:`);
  for (const [i, t] of together.entries())
    console.log(
      `  round ${i + 1}  ${old.label} ${t.old.toFixed(0)} req/s ${t.cpuOld.toFixed(0)} µs/request, ${current.label} ${t.new.toFixed(0)} req/s ${t.cpuNew.toFixed(0)} µs/request: new/old req/s ${(t.new / t.old).toFixed(3)}, CPU ${(t.cpuNew / t.cpuOld).toFixed(3)}`,
    );
  console.log(`  new/old req/s ${span(r, 3)} (median ${median(r).toFixed(3)}), CPU per request ${span(c, 3)} (median ${median(c).toFixed(3)})`);
}
if (!process.env.BENCH_KEEP_DATA) for (const tree of [old, current]) fs.rmSync(tree.dataDir, { recursive: true, force: true });
