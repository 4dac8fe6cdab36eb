// Large answers on SQLite: a 99,999-row page of the generic list call and a 99,000-row table export
// (xlsx and csv). While each call runs, GET /api/health is sent every 10 ms; the bench prints the
// health latencies (max, p99), the call's duration and the server's RSS before, at its peak and after.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateQuestions } from './generate.ts';

const root = path.resolve(import.meta.dirname, '..', '..');
const GENERATED = Number(process.env.BENCH_LARGE_ROWS ?? 103_000);
const PAGE_ROWS = 99_999;
const EXPORT_ROWS = 99_000;
const POLL_MS = 10;
const PASSWORD = 'bench-password';

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor(url: string) {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await sleep(200);
  }
  throw new Error(`${url} did not answer`);
}

const children = new Set<ChildProcess>();
process.on('exit', () => children.forEach((c) => c.kill('SIGKILL')));

function start(env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, ['server/dist/main.js'], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

async function stop(child: ChildProcess) {
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}

/**
 * The poller runs in a process of its own, so that the bench reading a 25 MB body (and its garbage
 * collections) does not delay the health calls or their answers: it sends GET /api/health every
 * POLL_MS without waiting for the previous one, samples the server's RSS, and on a line on stdin
 * waits for the calls still out, prints its figures as JSON and exits.
 */
const POLLER_SOURCE = String.raw`
const http = require('node:http');
const fs = require('node:fs');
const [port, pid, every] = process.argv.slice(1).map(Number);
const rss = () => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync('/proc/' + pid + '/status', 'utf8'))[1]) / 1024;
const agent = new http.Agent({ keepAlive: true });
const latencies = [];
let peak = rss();
let pending = 0;
const timer = setInterval(() => {
  peak = Math.max(peak, rss());
  const sent = performance.now();
  pending++;
  http.get({ host: '127.0.0.1', port, path: '/api/health', agent }, (res) => {
    res.resume();
    res.once('end', () => { latencies.push(performance.now() - sent); pending--; });
  }).once('error', () => pending--);
}, every);
process.stdin.once('data', async () => {
  clearInterval(timer);
  // the health calls sent during a stall are answered after it: wait for them, they carry the figure
  for (let i = 0; pending > 0 && i < 3000; i++) await new Promise((r) => setTimeout(r, 10));
  process.stdout.write(JSON.stringify({ latencies, peak }) + '\n', () => process.exit(0));
});
`;

async function pollWhile(port: number, pid: number) {
  const poller = spawn(process.execPath, ['-e', POLLER_SOURCE, String(port), String(pid), String(POLL_MS)], { stdio: ['pipe', 'pipe', 'inherit'] });
  children.add(poller);
  let out = '';
  poller.stdout!.on('data', (b: Buffer) => (out += b.toString()));
  await sleep(100);
  return async () => {
    poller.stdin!.write('stop\n');
    await new Promise((r) => poller.once('exit', r));
    const { latencies, peak } = JSON.parse(out) as { latencies: number[]; peak: number };
    latencies.sort((a, b) => a - b);
    return { latencies, peak, max: latencies.at(-1) ?? NaN, p99: latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))] ?? NaN };
  };
}

/** Reads a body without holding it: only its size and, for checking, its first and last bytes. */
async function drain(res: Response) {
  let bytes = 0;
  let head = '';
  let tail = Buffer.alloc(0);
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    if (head.length < 200) head += Buffer.from(chunk).toString('latin1').slice(0, 200);
    tail = Buffer.concat([tail, chunk]).subarray(-200);
  }
  return { bytes, head, tail: tail.toString('utf8') };
}

spawnSync(process.execPath, [path.join(root, 'server', 'build.mjs')], { stdio: 'inherit' });
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qb-bench-large-'));
const port = 19000 + crypto.randomInt(1000);
const env = { DATA_DIR: dataDir, PORT: String(port), ADMIN_PASSWORD: PASSWORD, LOG_LEVEL: 'warn', CAPTCHA: 'off' };
{
  const first = start(env);
  await waitFor(`http://127.0.0.1:${port}/api/health`);
  await stop(first);
}
const t0 = Date.now();
generateQuestions(path.join(dataDir, 'app.sqlite'), GENERATED);
console.log(`generated ${GENERATED} questionBank rows in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

interface Scenario {
  name: string;
  url: (base: string, token: string) => Promise<string>;
  check: (res: Response, body: Awaited<ReturnType<typeof drain>>) => string;
}

const exportColumns = JSON.stringify([
  { name: 'id', title: '编号' },
  { name: 'name', title: '题目' },
  { name: 'parentId', title: '科目', ref: { flag: 'questionsClass' } },
  { name: 'typeId', title: '分类', ref: { flag: 'questionsSmallClass' } },
  { name: 'correctOptions', title: '答案', labels: { A: '甲', B: '乙' } },
  { name: 'subject', title: '解析' },
  { name: 'createTime', title: '创建时间' },
]);

/** wheres that select exactly the first EXPORT_ROWS live questions by id */
async function exportWheres(base: string, token: string) {
  const r = await fetch(`${base}/api/select/?_flag=questionBank&page=${EXPORT_ROWS}&row=1&sort=id`, { headers: { authorization: token } });
  const last = ((await r.json()) as { data: { id: number }[] }).data[0]!.id;
  return encodeURIComponent(JSON.stringify({ id: { type: 'lte', value: last } }));
}

const checkPage: Scenario['check'] = (res, body) => {
  if (res.status !== 200 || !body.head.startsWith('{"status":200')) throw new Error(`page answered ${res.status}: ${body.head.slice(0, 100)}`);
  return `${(body.bytes / 1e6).toFixed(1)} MB, ends ${JSON.stringify(body.tail.slice(-20))}`;
};

const scenarios: Scenario[] = [
  { name: `page of ${PAGE_ROWS} rows (JSON)`, url: async (base) => `${base}/api/select/?_flag=questionBank&page=1&row=${PAGE_ROWS}`, check: checkPage },
  // an order without an index: the page's ids are sorted in one read before the chunks
  { name: `same, sorted by name`, url: async (base) => `${base}/api/select/?_flag=questionBank&page=1&row=${PAGE_ROWS}&sort=name`, check: checkPage },
  ...(['xlsx', 'csv'] as const).map((format) => ({
    name: `export of ${EXPORT_ROWS} rows (${format})`,
    url: async (base: string, token: string) =>
      `${base}/api/export/table/?_flag=questionBank&sort=id&wheres=${await exportWheres(base, token)}&columns=${encodeURIComponent(exportColumns)}&fileName=bench&format=${format}`,
    check: (res: Response, body: Awaited<ReturnType<typeof drain>>) => {
      const type = res.headers.get('content-type') ?? '';
      if (res.status !== 200) throw new Error(`export answered ${res.status}: ${body.head.slice(0, 100)}`);
      return `${(body.bytes / 1e6).toFixed(1)} MB, ${type.split(';')[0]}${format === 'csv' && !type.includes('csv') ? ' (csv not supported: xlsx answered)' : ''}`;
    },
  })),
];

const results: string[] = [];
for (const scenario of scenarios) {
  // a fresh server per call, so that one call's memory does not count in the next one's figures
  const server = start(env);
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/api/health`);
  const login = await fetch(`${base}/api/user/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ loginid: 'admin', pass: crypto.createHash('sha256').update(PASSWORD).digest('hex') }),
  });
  const token = ((await login.json()) as { token: string }).token;
  if (!token) throw new Error('the benchmark could not log in');
  const url = await scenario.url(base, token);
  await sleep(500);
  const before = rssMb(server.pid!);
  const finish = await pollWhile(port, server.pid!);
  const started = performance.now();
  const res = await fetch(url, { headers: { authorization: token } });
  const body = await drain(res);
  const duration = performance.now() - started;
  const health = await finish();
  await sleep(1000);
  const after = rssMb(server.pid!);
  const line =
    `${scenario.name.padEnd(30)} call ${(duration / 1000).toFixed(2).padStart(6)} s   health (${String(health.latencies.length).padStart(4)} polls) ` +
    `max ${health.max.toFixed(0).padStart(5)} ms  p99 ${health.p99.toFixed(0).padStart(5)} ms   ` +
    `RSS before ${before.toFixed(0)} MB, peak ${health.peak.toFixed(0)} MB (+${(health.peak - before).toFixed(0)}), 1 s after ${after.toFixed(0)} MB   [${scenario.check(res, body)}]`;
  console.log(line);
  results.push(line);
  await stop(server);
}
fs.rmSync(dataDir, { recursive: true, force: true });
const load = os
  .loadavg()
  .map((l) => l.toFixed(1))
  .join(' ');
console.log(
  `\nLarge answers on SQLite (${GENERATED} generated questionBank rows); GET /api/health sent every ${POLL_MS} ms during each call, a fresh server per call`,
);
// latencies are only comparable on an idle machine: other work on the cores shows up as stalls here
console.log(`${os.cpus().length} cores, load average at the end ${load}`);
console.log(results.join('\n'));
