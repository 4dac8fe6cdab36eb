// Import benchmark: a generated .xlsx of 100,000 questions uploaded and imported end to end through the
// HTTP API of a real server process on SQLite, while another client keeps calling GET /api/select/.
// Beside it, in the same run, the floor: SheetJS parse-only time of the same file, and a bare batched
// insert of the same rows with better-sqlite3 into a fresh copy of the same database.
// Knobs: BENCH_IMPORT_ROWS (default 100000), BENCH_IMPORT_RUNS (default 3; medians are printed),
// BENCH_SELECT_GAP_MS (pause between two select calls, default 20).
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from '../src/db/sqliteDriver.ts';
import { answerParseOnly, buildServer, client, copyOfSeed, memoryMb, root, seconds, startServer, stopServer, waitFor, xlsxOf } from './importHarness.ts';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
const SELECT_GAP_MS = Number(process.env.BENCH_SELECT_GAP_MS ?? 20);
const RUNS = Number(process.env.BENCH_IMPORT_RUNS ?? 3);
const HEADER = ['题型', '题干', '选项A', '选项B', '选项C', '选项D', '选项E', '选项F', '正确答案', '解析'];

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

/** The question sheet: a mix of single choice, multiple choice and true/false, every stem distinct. */
function generateRows(count: number): string[][] {
  const rows = [HEADER];
  for (let i = 0; i < count; i++) {
    if (i % 10 === 9) rows.push(['判断', `第 ${i} 题：机动车在道路上发生故障时，应当立即开启危险报警闪光灯。`, '正确', '错误', '', '', '', '', 'A', '']);
    else if (i % 3 === 0)
      rows.push([
        '多选',
        `第 ${i} 题：下列哪些行为属于交通违法行为？`,
        '闯红灯',
        '超速行驶',
        '按规定车道行驶',
        '酒后驾驶',
        '',
        '',
        'ABD',
        `解析 ${i}：按规定车道行驶是正确的。`,
      ]);
    else
      rows.push([
        '单选',
        `第 ${i} 题：驾驶机动车在高速公路上行驶，最高车速不得超过多少？`,
        '100 公里/小时',
        '110 公里/小时',
        '120 公里/小时',
        '130 公里/小时',
        '',
        '',
        'C',
        `解析 ${i}：高速公路最高车速为 120 公里/小时。`,
      ]);
  }
  return rows;
}

answerParseOnly();

// the server runs as `npm start` runs it: the esbuild bundle on plain node
buildServer();

const generationStart = Date.now();
const rows = generateRows(ROWS);
const file = xlsxOf(rows, '题目');
console.log(`generated ${ROWS} questions as .xlsx, ${(file.length / 1024 / 1024).toFixed(1)} MB, in ${seconds(Date.now() - generationStart)}`);

// first start migrates and seeds: every run starts from a copy of that database
const seedDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qb-bench-seed-'));
const port = 19000 + crypto.randomInt(1000);
const base = `http://127.0.0.1:${port}`;
const first = startServer(seedDir, port);
await waitFor(`${base}/api/health`);
await stopServer(first);
const sourceFile = path.join(seedDir, 'questions.xlsx');
fs.writeFileSync(sourceFile, file);
interface Run {
  wallMs: number;
  uploadMs: number;
  parseMs: number;
  insertMs: number;
  rssBefore: number;
  peak: number;
  latencies: number[];
}

/** The whole import through the API of a fresh server, while another client keeps listing questions. */
async function importRun(): Promise<Omit<Run, 'parseMs' | 'insertMs'> & { subjectId: number; typeId: number }> {
  const dataDir = copyOfSeed(seedDir, 'qb-bench-import-');
  const server = startServer(dataDir, port);
  await waitFor(`${base}/api/health`);
  const { auth, post } = await client(base);
  const subjectId = (await post('/api/action/save/', { _flag: 'questionsClass', params: { name: '压测科目' } })).body.data.id as number;
  const typeId = (await post('/api/coustomApi/selectAddTypes/', { parentId: subjectId, fileName: '压测分类.xlsx' })).body.data[0].id as number;
  const rssBefore = memoryMb(server.pid!).rss;

  const selectUrl = `${base}/api/select/?_flag=questionBank&page=1&row=20&wheres=${encodeURIComponent(JSON.stringify({ isdelete: 0, parentId: 7 }))}&sort=id&sortType=desc`;
  const latencies: number[] = [];
  let importing = true;
  const sampler = (async () => {
    while (importing) {
      const s = performance.now();
      const r = await fetch(selectUrl, { headers: auth });
      if (!r.ok) throw new Error(`select answered ${r.status}`);
      await r.arrayBuffer();
      latencies.push(performance.now() - s);
      await new Promise((resolve) => setTimeout(resolve, SELECT_GAP_MS));
    }
  })();

  const t0 = performance.now();
  const form = new FormData();
  form.append('files', new Blob([file]), '压测分类.xlsx');
  const uploaded = (await (await fetch(`${base}/api/action/upload/`, { method: 'POST', headers: auth, body: form })).json()) as any;
  const uploadMs = performance.now() - t0;
  const answer = await post('/api/action/import/', { fileUrl: uploaded.data.path, parentId: subjectId, typeId, tableName: 'questionBank' });
  const wallMs = performance.now() - t0;
  importing = false;
  await sampler;
  const peak = memoryMb(server.pid!).peak;
  if (answer.status !== 200 || answer.body.data.inserted !== ROWS) throw new Error(`import failed: ${JSON.stringify(answer.body).slice(0, 500)}`);
  const check = await fetch(`${base}/api/select/?_flag=questionBank&page=1&row=1&wheres=${encodeURIComponent(JSON.stringify({ typeId }))}`, { headers: auth });
  const total = ((await check.json()) as { total: number }).total;
  if (total !== ROWS) throw new Error(`the list total is ${total}, not ${ROWS}`);
  await stopServer(server);
  fs.rmSync(dataDir, { recursive: true, force: true });
  return { wallMs, uploadMs, rssBefore, peak, latencies, subjectId, typeId };
}

/** Floor 1: SheetJS parse of the same file with the worker's options, in a fresh process as the worker is. */
function parseFloor(): number {
  const child = spawnSync(process.execPath, ['--import', 'tsx', import.meta.filename, '--parse-only', sourceFile], {
    cwd: path.join(root, 'server'),
    encoding: 'utf8',
  });
  if (child.status !== 0) throw new Error(`parse-only failed: ${child.stderr}`);
  const answer = JSON.parse(child.stdout) as { ms: number; rows: number };
  if (answer.rows !== ROWS + 1) throw new Error(`parse-only read ${answer.rows} rows`);
  return answer.ms;
}

/** Floor 2: the same rows into a fresh copy of the database, prepared batches of 1000, one transaction. */
const BATCH = 1000;
function insertFloor(subjectId: number, typeId: number): number {
  const dir = copyOfSeed(seedDir, 'qb-bench-bare-');
  const db = new Database(path.join(dir, 'app.sqlite'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  const values = rows.slice(1).map((r) => {
    const options = r.slice(2, 8).filter((o) => o !== '');
    return [subjectId, typeId, r[1], JSON.stringify(options), r[8], r[9] === '' ? null : r[9], '2026-01-01 00:00:00', 0];
  });
  const sqlFor = (n: number) =>
    `insert into questionBank (parentId, typeId, name, options, correctOptions, subject, createTime, isdelete) values ${Array(n).fill('(?, ?, ?, ?, ?, ?, ?, ?)').join(', ')}`;
  const t0 = performance.now();
  const full = db.prepare(sqlFor(BATCH));
  db.transaction(() => {
    for (let i = 0; i < values.length; i += BATCH) {
      const chunk = values.slice(i, i + BATCH);
      (chunk.length === BATCH ? full : db.prepare(sqlFor(chunk.length))).run(chunk.flat());
    }
  })();
  const ms = performance.now() - t0;
  db.close();
  fs.rmSync(dir, { recursive: true, force: true });
  return ms;
}

// the import and its floor run in turns, so that both see the same load on this shared machine
const runs: Run[] = [];
for (let i = 0; i < RUNS; i++) {
  const r = await importRun();
  const parseMs = parseFloor();
  const insertMs = insertFloor(r.subjectId, r.typeId);
  runs.push({ ...r, parseMs, insertMs });
  const floor = parseMs + insertMs;
  console.log(
    `run ${i + 1}: import ${seconds(r.wallMs)} (${Math.round(ROWS / (r.wallMs / 1000))} rows/s), floor ${seconds(floor)} (parse ${seconds(parseMs)} + insert ${seconds(insertMs)}) -> ${(r.wallMs / floor).toFixed(2)}x, peak RSS ${r.peak.toFixed(0)} MB`,
  );
}
fs.rmSync(seedDir, { recursive: true, force: true });

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
const wallMs = median(runs.map((r) => r.wallMs));
const parseMs = median(runs.map((r) => r.parseMs));
const insertMs = median(runs.map((r) => r.insertMs));
const latencies = runs.flatMap((r) => r.latencies).sort((a, b) => a - b);
console.log(
  `\nImport benchmark: ${ROWS} questions in a ${(file.length / 1024 / 1024).toFixed(1)} MB .xlsx, SQLite, server as npm start runs it (esbuild bundle, node ${process.version}); median of ${RUNS} runs`,
);
console.log(
  `  whole import (upload + import call)  ${seconds(wallMs)}  ${Math.round(ROWS / (wallMs / 1000))} rows/s  (upload ${seconds(median(runs.map((r) => r.uploadMs)))})`,
);
console.log(`  floor: SheetJS parse only            ${seconds(parseMs)}`);
console.log(`  floor: bare batched insert           ${seconds(insertMs)}  (better-sqlite3, ${BATCH} rows per statement, one transaction)`);
console.log(
  `  floor: sum                           ${seconds(parseMs + insertMs)}  -> whole import is ${(wallMs / (parseMs + insertMs)).toFixed(2)}x the floor`,
);
console.log(
  `  server RSS                           ${median(runs.map((r) => r.rssBefore)).toFixed(0)} MB before, peak ${Math.max(...runs.map((r) => r.peak)).toFixed(0)} MB (VmHWM, highest run)`,
);
console.log(
  `  GET /api/select/ during the imports  ${latencies.length} calls, p50 ${percentile(latencies, 50).toFixed(0)} ms, p99 ${percentile(latencies, 99).toFixed(0)} ms, max ${latencies[latencies.length - 1]!.toFixed(0)} ms`,
);
