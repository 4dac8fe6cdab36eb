// Table import benchmark: a generated .xlsx of 100,000 rows imported end to end through the HTTP API of a real server
// process on SQLite into a table made in the data-table manager (POST /api/action/importTable/: every row through the
// save's checks, batched inserts, one operation-log entry per run of consecutive keys). Beside it, in the same run, the floor as
// bench/import.ts measures it for questions: SheetJS parse-only time of the same file, and a bare batched insert of the
// same rows with better-sqlite3 into a fresh copy of the same database; and, apart, what the per-row log adds to that
// floor (the same rows' log entries inserted bare, as a log of every row would cost: the import logs runs of keys). Knobs: BENCH_IMPORT_ROWS (default 100000), BENCH_IMPORT_RUNS
// (default 3; medians are printed). Then bench/importHealth.ts: the longest /api/health answer during a 200,000-row
// re-import and during each spreadsheet bomb.
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from '../src/db/sqliteDriver.ts';
import { importHealthBench } from './importHealth.ts';
import {
  answerParseOnly,
  buildServer,
  EXAM_ROOM_FIELDS as FIELDS,
  client,
  copyOfSeed,
  memoryMb,
  root,
  seconds,
  startServer,
  stopServer,
  waitFor,
  xlsxOf,
} from './importHarness.ts';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
const RUNS = Number(process.env.BENCH_IMPORT_RUNS ?? 3);
const TABLE = 'examRoom';
const HEADER = ['*编号 / Code', '*名称 / Name', '类型 / Kind', '座位数 / Seats', '楼 / Building', '启用日期 / Opened'];

function generateRows(count: number): string[][] {
  const rows = [HEADER];
  for (let i = 0; i < count; i++) {
    const day = String((i % 28) + 1).padStart(2, '0');
    rows.push([
      `R${String(i).padStart(6, '0')}`,
      `第 ${i} 考场`,
      i % 4 === 0 ? '机房' : '教室',
      String(30 + (i % 50)),
      `${(i % 12) + 1} 号教学楼`,
      `2026-09-${day}`,
    ]);
  }
  return rows;
}

answerParseOnly();

buildServer();

const generationStart = Date.now();
const rows = generateRows(ROWS);
const file = xlsxOf(rows, '考场');
console.log(`generated ${ROWS} rows as .xlsx, ${(file.length / 1024 / 1024).toFixed(1)} MB, in ${seconds(Date.now() - generationStart)}`);

// the seed: migrated, seeded, and the table made through the data-table manager's calls; every run starts from a copy
const seedDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qb-bench-table-seed-'));
const port = 19000 + crypto.randomInt(1000);
const base = `http://127.0.0.1:${port}`;
{
  const first = startServer(seedDir, port);
  await waitFor(`${base}/api/health`);
  const { post } = await client(base);
  const sheet = await post('/api/action/masterSlave/', {
    _flag: 'sys_dataSheet',
    _flagChidren: 'sys_tableFields',
    bindField: 'parentid',
    mainData: { tableName: TABLE, intro: '考场', titleEn: 'Exam rooms', parentid: 10000 },
    chidrenData: FIELDS,
  });
  const created = await post('/api/action/createSqlTable/', { id: sheet.body.data.id });
  if (created.status !== 200) throw new Error(`createSqlTable: ${JSON.stringify(created.body)}`);
  await stopServer(first);
}
const sourceFile = path.join(seedDir, 'rooms.xlsx');
fs.writeFileSync(sourceFile, file);
async function importRun() {
  const dataDir = copyOfSeed(seedDir, 'qb-bench-table-');
  const server = startServer(dataDir, port);
  await waitFor(`${base}/api/health`);
  const { auth, post } = await client(base);
  const rssBefore = memoryMb(server.pid!).rss;
  const t0 = performance.now();
  const form = new FormData();
  form.append('files', new Blob([file]), 'rooms.xlsx');
  const uploaded = (await (await fetch(`${base}/api/action/upload/`, { method: 'POST', headers: auth, body: form })).json()) as any;
  const uploadMs = performance.now() - t0;
  const answer = await post('/api/action/importTable/', { _flag: TABLE, fileUrl: uploaded.data.path, keyColumn: 'code' });
  const wallMs = performance.now() - t0;
  const peak = memoryMb(server.pid!).peak;
  if (answer.status !== 200 || answer.body.data.inserted !== ROWS) throw new Error(`import failed: ${JSON.stringify(answer.body).slice(0, 500)}`);
  const list = (await (await fetch(`${base}/api/select/?_flag=${TABLE}&page=1&row=1`, { headers: auth })).json()) as { total: number };
  if (list.total !== ROWS) throw new Error(`the list total is ${list.total}, not ${ROWS}`);
  await stopServer(server);
  const db = new Database(path.join(dataDir, 'app.sqlite'), { readonly: true });
  // the rows are logged as runs of their keys (rowId #first-last): together they hold every row once
  const runs = db.prepare(`select rowId from sys_operationLog where flag = ? and action = 'import'`).all(TABLE) as { rowId: string }[];
  db.close();
  const logged = runs.reduce((n, r) => {
    const m = /^#(\d+)-(\d+)$/.exec(r.rowId);
    return m ? n + Number(m[2]) - Number(m[1]) + 1 : n;
  }, 0);
  if (logged !== ROWS) throw new Error(`${logged} rows in the log's ${runs.length} entries, not ${ROWS}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  return { wallMs, uploadMs, rssBefore, peak };
}

function parseFloor(): number {
  const child = spawnSync(process.execPath, ['--import', 'tsx', import.meta.filename, '--parse-only', sourceFile], {
    cwd: path.join(root, 'server'),
    encoding: 'utf8',
  });
  if (child.status !== 0) throw new Error(`parse-only failed: ${child.stderr}`);
  return (JSON.parse(child.stdout) as { ms: number }).ms;
}

/** Floor 2: the rows bare into a fresh copy, batches of 1000, one transaction; and apart, their log entries likewise. */
const BATCH = 1000;
function insertFloor(): { rowsMs: number; logMs: number } {
  const dir = copyOfSeed(seedDir, 'qb-bench-table-bare-');
  const db = new Database(path.join(dir, 'app.sqlite'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  const values = rows.slice(1).map((r) => [r[0], r[1], r[2] === '机房' ? 2 : 1, Number(r[3]), r[4], `${r[5]} 00:00:00`, 0]);
  const insert = (sqlFor: (n: number) => string, list: unknown[][]) => {
    const full = db.prepare(sqlFor(BATCH));
    db.transaction(() => {
      for (let i = 0; i < list.length; i += BATCH) {
        const chunk = list.slice(i, i + BATCH);
        (chunk.length === BATCH ? full : db.prepare(sqlFor(chunk.length))).run(chunk.flat());
      }
    })();
  };
  let t0 = performance.now();
  insert(
    (n) => `insert into ${TABLE} (code, name, kind, seats, building, opened, isdelete) values ${Array(n).fill('(?, ?, ?, ?, ?, ?, ?)').join(', ')}`,
    values,
  );
  const rowsMs = performance.now() - t0;
  const names = ['code', 'name', 'kind', 'seats', 'building', 'opened', 'isdelete'];
  const log = values.map((v, i) => [
    1,
    'admin',
    TABLE,
    'import',
    String(i + 1),
    JSON.stringify(names.map((column, k) => ({ column, before: null, after: v[k] }))),
    '2026-01-01 00:00:00',
    0,
  ]);
  t0 = performance.now();
  insert(
    (n) =>
      `insert into sys_operationLog (userId, loginid, flag, action, rowId, changes, createTime, isdelete) values ${Array(n).fill('(?, ?, ?, ?, ?, ?, ?, ?)').join(', ')}`,
    log,
  );
  const logMs = performance.now() - t0;
  db.close();
  fs.rmSync(dir, { recursive: true, force: true });
  return { rowsMs, logMs };
}

const runs: { wallMs: number; uploadMs: number; rssBefore: number; peak: number; parseMs: number; rowsMs: number; logMs: number }[] = [];
for (let i = 0; i < RUNS; i++) {
  const r = await importRun();
  const parseMs = parseFloor();
  const { rowsMs, logMs } = insertFloor();
  runs.push({ ...r, parseMs, rowsMs, logMs });
  const floor = parseMs + rowsMs;
  console.log(
    `run ${i + 1}: import ${seconds(r.wallMs)} (${Math.round(ROWS / (r.wallMs / 1000))} rows/s), floor ${seconds(floor)} (parse ${seconds(parseMs)} + insert ${seconds(rowsMs)}) -> ${(r.wallMs / floor).toFixed(2)}x, with a bare per-row log ${seconds(floor + logMs)} -> ${(r.wallMs / (floor + logMs)).toFixed(2)}x, peak RSS ${r.peak.toFixed(0)} MB`,
  );
}
// /api/health during a 200,000-row import and re-imports, and during each spreadsheet bomb (bench/importHealth.ts)
await importHealthBench(seedDir, port, TABLE);
fs.rmSync(seedDir, { recursive: true, force: true });

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
const wallMs = median(runs.map((r) => r.wallMs));
const parseMs = median(runs.map((r) => r.parseMs));
const rowsMs = median(runs.map((r) => r.rowsMs));
const logMs = median(runs.map((r) => r.logMs));
console.log(
  `\nTable import benchmark: ${ROWS} rows of 6 columns (an enumeration by label, a date) in a ${(file.length / 1024 / 1024).toFixed(1)} MB .xlsx into a table made in the data-table manager, SQLite, server as npm start runs it (node ${process.version}); median of ${RUNS} runs`,
);
console.log(
  `  whole import (upload + import call)  ${seconds(wallMs)}  ${Math.round(ROWS / (wallMs / 1000))} rows/s  (upload ${seconds(median(runs.map((r) => r.uploadMs)))})`,
);
console.log(`  floor: SheetJS parse only            ${seconds(parseMs)}`);
console.log(`  floor: bare batched insert           ${seconds(rowsMs)}  (better-sqlite3, ${BATCH} rows per statement, one transaction)`);
console.log(`  floor: sum                           ${seconds(parseMs + rowsMs)}  -> whole import is ${(wallMs / (parseMs + rowsMs)).toFixed(2)}x the floor`);
console.log(
  `  a log entry per row, bare            ${seconds(logMs)}  (not written: the import logs runs of keys; floor with it ${seconds(parseMs + rowsMs + logMs)} -> ${(wallMs / (parseMs + rowsMs + logMs)).toFixed(2)}x)`,
);
console.log(
  `  server RSS                           ${median(runs.map((r) => r.rssBefore)).toFixed(0)} MB before, peak ${Math.max(...runs.map((r) => r.peak)).toFixed(0)} MB (VmHWM, highest run)`,
);
