/**
 * The server as operators run it: `node --import tsx server/src/main.ts` in a child process, on a free port,
 * for the tests that kill databases under it or stop it with a signal (faults.test.ts, graceful-stop.test.ts,
 * bench/faults.ts).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, sleep } from './private-db.ts';

const SERVER_DIR = path.resolve(import.meta.dirname, '..');
export const CHILD_ADMIN_PASSWORD = 'fault-admin-1';
const sha = (text: string) => crypto.createHash('sha256').update(text).digest('hex');

export interface ChildApp {
  port: number;
  base: string;
  dataDir: string;
  process: ChildProcess;
  /** the exit code once it exited (null while it runs) */
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  exited(): boolean;
  output(): string;
  token: string;
  /** a call as the signed-in admin; never throws: a network failure is status 0 */
  call(method: 'GET' | 'POST', url: string, body?: unknown, timeoutMs?: number): Promise<{ status: number; body: any; ms: number }>;
  stop(): Promise<void>;
}

export async function startChildApp(env: Record<string, string>): Promise<ChildApp> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qb-child-'));
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      CAPTCHA: 'off',
      ADMIN_PASSWORD: CHILD_ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (output = (output + d).slice(-20_000)));
  child.stderr!.on('data', (d) => (output = (output + d).slice(-20_000)));
  let exitedFlag = false;
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      exitedFlag = true;
      resolve({ code, signal });
    }),
  );
  const base = `http://127.0.0.1:${port}`;
  const app: ChildApp = {
    port,
    base,
    dataDir,
    process: child,
    exit,
    exited: () => exitedFlag,
    output: () => output,
    token: '',
    async call(method, url, body, timeoutMs = 30_000) {
      const started = performance.now();
      try {
        const res = await fetch(base + url, {
          method,
          headers: { ...(app.token ? { authorization: app.token } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(timeoutMs),
        });
        const text = await res.text();
        let parsed: unknown = text;
        try {
          parsed = JSON.parse(text);
        } catch {
          // not JSON: kept as text, which the tests then see
        }
        return { status: res.status, body: parsed, ms: performance.now() - started };
      } catch (err) {
        return { status: 0, body: String(err), ms: performance.now() - started };
      }
    },
    async stop() {
      if (!exitedFlag) {
        child.kill('SIGTERM');
        await Promise.race([exit, sleep(15_000)]);
        if (!exitedFlag) child.kill('SIGKILL');
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  // tsx compiles the server on start: slow on a loaded machine
  const end = Date.now() + 90_000;
  for (;;) {
    if (exitedFlag) throw new Error(`the server exited on start:\n${output}`);
    const r = await app.call('GET', '/api/health', undefined, 2000);
    if (r.status === 200) break;
    if (Date.now() > end) {
      child.kill('SIGKILL');
      throw new Error(`the server did not start:\n${output}`);
    }
    await sleep(200);
  }
  const login = await app.call('POST', '/api/user/login/', { loginid: 'admin', pass: sha(CHILD_ADMIN_PASSWORD) });
  if (login.status !== 200) throw new Error(`login failed: ${JSON.stringify(login.body)}`);
  app.token = (login.body as { token: string }).token;
  return app;
}

export interface Answer {
  kind: 'read' | 'write';
  /** when it was sent and answered, ms since the load started */
  at: number;
  done: number;
  status: number;
  code?: string;
  ms: number;
}

/**
 * A reader (a list call every 50 ms) and a writer (saves of rows with unique names, one after another) on
 * `flag`, recording every answer and the names whose save was acknowledged (200).
 */
export function startLoad(app: ChildApp, { flag = 'testList', column = 'name', write = true }: { flag?: string; column?: string; write?: boolean } = {}) {
  const t0 = performance.now();
  const answers: Answer[] = [];
  const acknowledged: string[] = [];
  let running = true;
  let n = 0;
  const record = (kind: Answer['kind'], sent: number, r: { status: number; body: any; ms: number }) =>
    answers.push({ kind, at: sent - t0, done: performance.now() - t0, status: r.status, code: r.body?.code, ms: r.ms });
  const reader = (async () => {
    while (running) {
      const sent = performance.now();
      record('read', sent, await app.call('GET', `/api/select/?_flag=${flag}&page=1&row=5`, undefined, 60_000));
      await sleep(50);
    }
  })();
  const writer = (async () => {
    while (running && write) {
      const name = `w${process.pid}_${++n}`;
      const sent = performance.now();
      const r = await app.call('POST', '/api/action/save/', { _flag: flag, params: { [column]: name } }, 60_000);
      record('write', sent, r);
      if (r.status === 200) acknowledged.push(name);
      await sleep(20);
    }
  })();
  return {
    answers,
    acknowledged,
    /** ms since the load started */
    now: () => performance.now() - t0,
    async stop() {
      running = false;
      await Promise.all([reader, writer]);
    },
  };
}

/** The first time (ms since the load started) after `since` from which a read and a write succeeded. */
export function recoveredAt(answers: Answer[], since: number): number | undefined {
  const firstOk = (kind: Answer['kind']) => answers.find((a) => a.kind === kind && a.at >= since && a.status === 200)?.done;
  const kinds = [...new Set(answers.map((a) => a.kind))];
  const times = kinds.map(firstOk);
  return times.some((t) => t === undefined) ? undefined : Math.max(...(times as number[]));
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? NaN : sorted[Math.floor(sorted.length / 2)]!;
};
