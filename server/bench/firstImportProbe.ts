// Probe (not part of npm run bench): the first import of a 200,000-row CSV into a fresh generated table, with
// /api/health polled every 10 ms; the server runs with PROBE_NODE_FLAGS (e.g. --trace-gc) and its stdout goes to
// PROBE_OUT. Prints the longest health answers with their times since the import started.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { buildServer, client, EXAM_ROOM_FIELDS, root, PASSWORD, stopServer, waitFor } from './importHarness.ts';

const ROWS = Number(process.env.PROBE_ROWS ?? 200_000);
const port = 19000 + crypto.randomInt(1000);
const base = `http://127.0.0.1:${port}`;
if (!process.env.PROBE_NO_BUILD) buildServer();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qb-probe-'));
const out = fs.openSync(process.env.PROBE_OUT ?? '/dev/null', 'w');
const flags = (process.env.PROBE_NODE_FLAGS ?? '').split(' ').filter(Boolean);
const server = spawn(process.execPath, [...flags, 'server/dist/main.js'], {
  cwd: root,
  env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), ADMIN_PASSWORD: PASSWORD, CAPTCHA: 'off', LOG_LEVEL: 'warn' },
  stdio: ['ignore', out, 'inherit'],
});
await waitFor(`${base}/api/health`);
const { auth, post } = await client(base);
const sheet = await post('/api/action/masterSlave/', {
  _flag: 'sys_dataSheet',
  _flagChidren: 'sys_tableFields',
  bindField: 'parentid',
  mainData: { tableName: 'examRoom', intro: '考场', titleEn: 'Exam rooms', parentid: 10000 },
  chidrenData: EXAM_ROOM_FIELDS,
});
await post('/api/action/createSqlTable/', { id: sheet.body.data.id });
const lines = ['*编号 / Code,*名称 / Name,类型 / Kind,座位数 / Seats'];
for (let i = 0; i < ROWS; i++) lines.push(`R${String(i).padStart(7, '0')},考场 ${i},${i % 4 === 0 ? '机房' : '教室'},${30 + (i % 50)}`);
const form = new FormData();
form.append('files', new Blob([Buffer.from(lines.join('\n'))]), 'rows.csv');
const fileUrl = ((await (await fetch(`${base}/api/action/upload/`, { method: 'POST', headers: auth, body: form })).json()) as any).data.path;
let running = true;
const samples: [number, number][] = [];
const t0 = performance.now();
const sampler = (async () => {
  while (running) {
    const s = performance.now();
    await (await fetch(`${base}/api/health`)).arrayBuffer();
    samples.push([s - t0, performance.now() - s]);
    await new Promise((r) => setTimeout(r, 10));
  }
})();
fs.writeSync(out, `\n### PROBE import starts\n`);
const answer = await post('/api/action/importTable/', { _flag: 'examRoom', fileUrl, keyColumn: 'code' });
const answeredAt = performance.now() - t0;
await new Promise((r) => setTimeout(r, Number(process.env.PROBE_AFTER_MS ?? 3000)));
running = false;
await sampler;
console.log(`import ${answer.status} ${JSON.stringify(answer.body.data ?? answer.body).slice(0, 120)} in ${answeredAt.toFixed(0)} ms`);
console.log('longest health answers (at ms since the import call: ms):');
console.log(
  samples
    .sort((a, b) => b[1] - a[1])
    .slice(0, 8)
    .map(([at, ms]) => `${at.toFixed(0)}: ${ms.toFixed(0)}`)
    .join('  '),
);
await stopServer(server);
fs.rmSync(dataDir, { recursive: true, force: true });
