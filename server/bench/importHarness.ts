// What the two import benchmarks (import.ts: questions; table-import.ts: an operator's table) share: the server
// process as `npm start` runs it, its memory, a signed-in client, the seed database copied per run, and the parse
// floor (SheetJS reading the file as the server's worker does).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as XLSX from '@e965/xlsx';

export const root = path.resolve(import.meta.dirname, '..', '..');
export const PASSWORD = 'bench-password';

export const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** A process's resident memory now and at its highest (VmHWM), in MB. */
export function memoryMb(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

const children = new Set<ChildProcess>();
process.on('exit', () => children.forEach((c) => c.kill('SIGKILL')));

/** Builds the server as `npm start` runs it: the esbuild bundle on plain node. */
export function buildServer(): void {
  spawnSync(process.execPath, [path.join(root, 'server', 'build.mjs')], { stdio: 'inherit' });
}

/** The built server on a data folder. BENCH_CPU_PROF=<dir>: it writes a CPU profile there when it stops. */
export function startServer(dataDir: string, port: number): ChildProcess {
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const child = spawn(process.execPath, [...profile, 'server/dist/main.js'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), ADMIN_PASSWORD: PASSWORD, CAPTCHA: 'off', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

export async function stopServer(child: ChildProcess): Promise<void> {
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}

export async function waitFor(url: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer`);
}

/** Signs in as the administrator: the session header and a JSON POST. */
export async function client(base: string) {
  const pass = crypto.createHash('sha256').update(PASSWORD).digest('hex');
  const login = (await (
    await fetch(`${base}/api/user/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ loginid: 'admin', pass }),
    })
  ).json()) as { token: string };
  const auth = { authorization: login.token };
  const post = async (url: string, body: unknown) => {
    const r = await fetch(`${base}${url}`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { status: r.status, body: (await r.json()) as any };
  };
  return { auth, post };
}

/** A copy of the seed database (migrated, seeded, prepared) for one run. */
export function copyOfSeed(seedDir: string, prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  for (const name of ['app.sqlite', 'app.sqlite-wal']) {
    if (fs.existsSync(path.join(seedDir, name))) fs.copyFileSync(path.join(seedDir, name), path.join(dir, name));
  }
  return dir;
}

export const READ_OPTIONS: XLSX.ParsingOptions = {
  type: 'buffer',
  dense: true,
  sheets: 0,
  cellFormula: false,
  cellHTML: false,
  cellNF: false,
  cellStyles: false,
  cellDates: false,
};

/** The parse floor, as the server's worker reads a file: SheetJS reads it, and its cells are read out. */
export function parseOnly(file: string): { ms: number; rows: string[][] } {
  const bytes = fs.readFileSync(file);
  const t0 = performance.now();
  const parsed = XLSX.read(bytes, READ_OPTIONS);
  const data = parsed.Sheets[parsed.SheetNames[0]!]!['!data']!;
  const rows = data.map((row) => (row ?? []).map((c) => (c?.v === undefined ? '' : String(c.v).trim())));
  return { ms: performance.now() - t0, rows };
}

/** `<bench> --parse-only <file>`: the parse floor measured in a fresh process (the bench spawns itself so). */
export function answerParseOnly(): void {
  if (process.argv[2] !== '--parse-only') return;
  const { ms, rows } = parseOnly(process.argv[3]!);
  process.stdout.write(JSON.stringify({ ms, rows: rows.length }));
  process.exit(0);
}

/** The rows as a one-sheet .xlsx, as an operator's spreadsheet program writes it (compressed). */
export function xlsxOf(rows: string[][], sheetName: string): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows, { dense: true }), sheetName);
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}

/** The exam-room table the import benchmarks make through the data-table manager (sys_tableFields rows). */
export const EXAM_ROOM_FIELDS = [
  { columnName: 'id', type: 'int', primaryKey: 1, autoIncrement: 1, intro: '序号', titleEn: 'No.' },
  { columnName: 'code', type: 'nvarchar', length: 20, nonEmpty: 1, intro: '编号', titleEn: 'Code' },
  { columnName: 'name', type: 'nvarchar', length: 50, nonEmpty: 1, intro: '名称', titleEn: 'Name' },
  {
    columnName: 'kind',
    type: 'int',
    intro: '类型',
    titleEn: 'Kind',
    options: JSON.stringify([
      { value: 1, zh: '教室', en: 'Classroom' },
      { value: 2, zh: '机房', en: 'Computer room' },
    ]),
  },
  { columnName: 'seats', type: 'int', intro: '座位数', titleEn: 'Seats' },
  { columnName: 'building', type: 'nvarchar', length: 50, intro: '楼', titleEn: 'Building' },
  { columnName: 'opened', type: 'datetime', intro: '启用日期', titleEn: 'Opened' },
  { columnName: 'isdelete', type: 'int', defaults: '0' },
];
