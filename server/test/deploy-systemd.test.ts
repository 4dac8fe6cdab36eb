import { execFileSync, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { deployFile, environmentFile, environmentLine, ROOT, unitDirectives } from './deploy-files.ts';
import { freePort, sleep } from './private-db.ts';

/**
 * deploy/systemd/qb@.service run as systemd would run it (issue 29 #4): its ExecStart, in its WorkingDirectory (the
 * checkout, owned by root here), as its User (the system user qb, made by .ci/run, who owns nothing of the checkout), with the
 * environment of its Environment= and EnvironmentFile= lines, the file's winning as in systemd. It serves and stops
 * on SIGTERM, leaving no process. Before, `npm start` rewrote server/dist at each start (EACCES for that user) and a
 * SIGTERM to npm left the server running under PID 1.
 */
const RUNUSER = ['/usr/sbin/runuser', '/sbin/runuser'].find((p) => fs.existsSync(p));
const USER = unitDirectives(fs.readFileSync(deployFile('systemd/qb@.service'), 'utf8'), 'Service').find(([k]) => k === 'User')![1];
/** The uid of the unit's user; undefined when there is no such account (made by .ci/run, never by a test). */
function uidOf(user: string): number | undefined {
  try {
    return Number(execFileSync('id', ['-u', user], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }));
  } catch {
    return undefined;
  }
}
const canRun = process.getuid?.() === 0 && RUNUSER !== undefined && uidOf(USER) !== undefined;

/** The running processes of a user (pid and command line), zombies left out: a container's PID 1 may never reap them. */
function processesOf(user: string): string[] {
  try {
    const lines = execFileSync('ps', ['-u', user, '-o', 'pid=,stat=,args='], { encoding: 'utf8' }).trim().split('\n');
    return lines.filter((l) => !/^\s*\d+\s+Z/.test(l));
  } catch {
    return []; // ps exits 1 when the user has none
  }
}

describe.skipIf(!canRun)('the systemd unit, run with its own command line as its user', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qb-systemd-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('serves /api/health on the port of its instance name, writes nothing into the checkout, and stops on SIGTERM', async () => {
    const service = unitDirectives(fs.readFileSync(deployFile('systemd/qb@.service'), 'utf8'), 'Service');
    const directive = (key: string) => service.find(([k]) => k === key)?.[1];
    const user = USER;
    const uid = uidOf(user)!;
    expect(fs.statSync(ROOT).uid).not.toBe(uid);
    // the install step, by the checkout's owner: `npm run build` (here only the server's part: the web app is not needed)
    execFileSync(process.execPath, ['server/build.mjs'], { cwd: ROOT });
    const bundle = path.join(ROOT, 'server', 'dist', 'main.js');
    const built = fs.statSync(bundle).mtimeMs;

    const port = await freePort();
    const unitEnv = environmentLine(directive('Environment')!.replaceAll('%i', String(port)));
    const fileEnv = environmentFile(fs.readFileSync(deployFile('env/qb.env'), 'utf8'));
    fs.chownSync(dataDir, uid, uid);
    // what differs on this machine from the sample's hosts: no db-host (SQLite in DATA_DIR), a key of its own, loopback
    const local = { DATA_DIR: dataDir, SECRET_KEY: crypto.randomBytes(32).toString('hex'), HOST: '127.0.0.1' };
    const { DATABASE_URL: _sampleDatabase, ...fromFile } = fileEnv;
    const env = { PATH: '/usr/local/bin:/usr/bin:/bin', ...unitEnv, ...fromFile, ...local };
    const exec = directive('ExecStart')!.split(/\s+/);
    const cwd = directive('WorkingDirectory') === '/srv/qb/app' ? ROOT : directive('WorkingDirectory')!;
    // the sample's /usr/bin/node; this test's node where there is none (the user must be able to reach it)
    const node = fs.existsSync(exec[0]!) ? exec[0]! : process.execPath;
    let output = '';
    const child = spawn(RUNUSER!, ['-u', user, '--', node, ...exec.slice(1)], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      let health = 0;
      for (let i = 0; i < 300 && health !== 200 && child.exitCode === null; i++) {
        health = await fetch(`http://127.0.0.1:${port}/api/health`)
          .then((r) => r.status)
          .catch(() => 0);
        if (health !== 200) await sleep(200);
      }
      expect(health, output).toBe(200);
      expect(fs.statSync(bundle).mtimeMs).toBe(built);

      // systemd signals the main process, which is node itself (runuser is this test's stand-in for User=)
      const server = execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(child.pid)], { encoding: 'utf8' }).trim();
      expect(server).toMatch(/^\d+ .*server\/dist\/main\.js$/);
      process.kill(Number(server.split(' ')[0]), 'SIGTERM');
      expect(await Promise.race([exited, sleep(20_000).then(() => 'still running')]), output).toBe(0);
      expect(processesOf(user)).toEqual([]);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  }, 120_000);
});

describe.skipIf(canRun)('the systemd unit, run with its own command line as its user', () => {
  it.skip(`needs root, runuser and the system user ${USER} (useradd --system ${USER}; .ci/run makes it)`, () => undefined);
});
