import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from './deploy-files.ts';
import { freePort, sleep } from './private-db.ts';

/**
 * The README's and the docs' npm commands as typed (issue 29 #4, #5). npm runs a script through a shell: a SIGTERM to
 * npm ended npm and the shell and left `npm start`'s server (and `npm run uploads:to-s3`) running under PID 1. And
 * uploads:to-s3 with a DATA_DIR without uploads/ said "0 copied" and exited 0.
 */
const UPLOAD_KEY = '202601/0123456789abcdef0123456789abcdef.png';

/** Runs an npm script with its output collected; `closed` settles once every process holding its output has ended. */
function npm(args: string[], env: Record<string, string>) {
  const child = spawn('npm', args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  // the grandchildren inherit npm's output: the pipes close when the last of them is gone
  const closed = Promise.all([new Promise((r) => child.stdout!.on('close', r)), new Promise((r) => child.stderr!.on('close', r))]).then(() => 'ended');
  return { child, output: () => output, closed };
}

/** The processes under pid (children, their children…). */
function descendants(pid: number): number[] {
  const lines = execFileSync('ps', ['-e', '-o', 'pid=,ppid='], { encoding: 'utf8' }).trim().split('\n');
  const pairs = lines.map((l) => l.trim().split(/\s+/).map(Number) as [number, number]);
  const out: number[] = [];
  const walk = (parent: number) => {
    for (const [p, pp] of pairs)
      if (pp === parent) {
        out.push(p);
        walk(p);
      }
  };
  walk(pid);
  return out;
}

/** Running: there, and not a zombie (an ended process that its new parent, PID 1 of a container, may never reap). */
const alive = (pid: number) => {
  try {
    return !/^\d+ \(.*\) Z/.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
};

/**
 * The processes of `pids` still running once they had `ms` to end. A process closes its output before it has ended
 * (a server's last log line, then its pools), so the pipes' close alone is no proof: under a loaded CI the check came
 * between the two. One left behind (the fault these tests guard: the server under PID 1) is still there after the wait.
 */
async function stillRunning(pids: number[], ms = 15_000): Promise<number[]> {
  const until = Date.now() + ms;
  for (;;) {
    const left = pids.filter(alive);
    if (left.length === 0 || Date.now() >= until) return left;
    await sleep(100);
  }
}

describe('the npm commands of the docs', () => {
  const dirs: string[] = [];
  const children: ChildProcess[] = [];
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qb-commands-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  it('npm start serves, and a SIGTERM to npm stops the server too', async () => {
    const port = await freePort();
    const run = npm(['start'], {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: tempDir(),
      WEB_DIST: tempDir(),
      ADMIN_PASSWORD: 'commands-1',
      LOG_LEVEL: 'warn',
    });
    children.push(run.child);
    let health = 0;
    for (let i = 0; i < 600 && health !== 200 && run.child.exitCode === null; i++) {
      health = await fetch(`http://127.0.0.1:${port}/api/health`)
        .then((r) => r.status)
        .catch(() => 0);
      if (health !== 200) await sleep(200);
    }
    expect(health, run.output()).toBe(200);
    const under = descendants(run.child.pid!);
    expect(under.length).toBeGreaterThan(0);
    run.child.kill('SIGTERM');
    expect(await Promise.race([run.closed, sleep(40_000).then(() => 'a process still holds the output')]), run.output()).toBe('ended');
    expect(await stillRunning(under)).toEqual([]);
  }, 180_000);

  it('npm run uploads:to-s3 stops with npm: a SIGTERM to npm while it waits on the bucket', async () => {
    const dataDir = tempDir();
    fs.mkdirSync(path.join(dataDir, 'uploads', '202601'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'uploads', UPLOAD_KEY), 'png');
    // a bucket endpoint that takes connections and never answers: the command waits on it
    const silent = net.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const run = npm(['run', 'uploads:to-s3'], {
        DATA_DIR: dataDir,
        S3_BUCKET: 'b',
        S3_ENDPOINT: `http://127.0.0.1:${(silent.address() as net.AddressInfo).port}`,
        S3_FORCE_PATH_STYLE: 'true',
        AWS_ACCESS_KEY_ID: 'k',
        AWS_SECRET_ACCESS_KEY: 's',
        AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      });
      children.push(run.child);
      while (!run.output().includes('Copying') && run.child.exitCode === null) await sleep(50);
      const under = descendants(run.child.pid!);
      run.child.kill('SIGTERM');
      expect(await run.closed).toBe('ended');
      // stopped by the signal, not after the bucket's own time limit (which prints "Failed: …")
      expect(run.output()).not.toContain('Failed');
      expect(await stillRunning(under)).toEqual([]);
    } finally {
      silent.close();
    }
  }, 60_000);

  it('npm run uploads:to-s3 with a DATA_DIR that has no uploads/ fails, exit code 1, naming the folder', () => {
    const dataDir = tempDir();
    let status = 0;
    let out = '';
    try {
      execFileSync('npm', ['run', '--silent', 'uploads:to-s3'], {
        cwd: ROOT,
        env: { ...process.env, DATA_DIR: dataDir, S3_BUCKET: 'b', S3_ENDPOINT: 'http://127.0.0.1:9' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
    } catch (err) {
      const e = err as { status: number; stdout: Buffer; stderr: Buffer };
      status = e.status;
      out = `${e.stdout}${e.stderr}`;
    }
    expect(status).toBe(1);
    expect(out).toContain(`there is no folder ${path.join(dataDir, 'uploads')}`);
    expect(out).not.toContain('copied');
  }, 60_000);
});
