/**
 * Private database servers for the fault tests (issue 18): a PostgreSQL cluster and a MariaDB server of their
 * own, on free ports, in temp dirs, that a test may restart, crash and start again without touching the
 * shared servers. The binaries come from the machine's packages (PostgreSQL's are outside PATH); when they
 * are absent, `pgBinDir()` / `mariadbdPath()` answer undefined and the suites skip.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import mysql from 'mysql2/promise';
import pg from 'pg';

const isRoot = process.getuid?.() === 0;

export function pgBinDir(): string | undefined {
  const candidates: string[] = [];
  try {
    candidates.push(execFileSync('pg_config', ['--bindir'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
  } catch {
    // no pg_config on PATH
  }
  for (const version of ['17', '16', '15', '14']) candidates.push(`/usr/lib/postgresql/${version}/bin`);
  return candidates.find((dir) => fs.existsSync(path.join(dir, 'initdb')) && fs.existsSync(path.join(dir, 'pg_ctl')));
}

export function mariadbdPath(): string | undefined {
  const candidates = ['/usr/sbin/mariadbd', '/usr/bin/mariadbd', '/usr/local/bin/mariadbd'];
  try {
    candidates.unshift(execFileSync('sh', ['-c', 'command -v mariadbd'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
  } catch {
    // not on PATH
  }
  const installDb = ['/usr/bin/mariadb-install-db', '/usr/local/bin/mariadb-install-db'].some((p) => fs.existsSync(p));
  return installDb ? candidates.find((p) => p !== '' && fs.existsSync(p)) : undefined;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `probe` resolves true, or throws after `ms`. */
export async function waitFor(what: string, probe: () => Promise<boolean>, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await probe().catch(() => false)) return;
    await sleep(200);
  }
  throw new Error(`${what}: not within ${ms} ms`);
}

export interface PrivateServer {
  engine: 'postgres' | 'mysql';
  port: number;
  /** a URL for the database `db` (created by `createDatabase`), as the app and the tests use it */
  urlOf(db: string): string;
  createDatabase(db: string): Promise<void>;
  /** an operator's restart: PostgreSQL `pg_ctl restart -m fast`; MariaDB a clean stop (SIGTERM), then start */
  restart(): Promise<void>;
  /** stops without a clean shutdown: PostgreSQL `pg_ctl stop -m immediate`; MariaDB kill -9 */
  crash(): Promise<void>;
  /** a clean stop (PostgreSQL -m fast, MariaDB SIGTERM) */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** stops the server (whatever its state) and removes its files; safe to call twice */
  cleanup(): Promise<void>;
}

/** Runs a command, as the postgres OS user when this process is root (initdb and postgres refuse root). */
function runAs(user: string | undefined, file: string, args: string[], timeoutMs = 60_000): string {
  const [cmd, argv] = user && isRoot ? ['runuser', ['-u', user, '--', file, ...args]] : [file, args];
  return execFileSync(cmd, argv, { encoding: 'utf8', timeout: timeoutMs, stdio: ['ignore', 'pipe', 'pipe'] });
}

const cleanups = new Set<() => void>();
// a test run that ends abruptly still stops its servers
process.once('exit', () => {
  for (const c of cleanups) c();
});

export async function startPrivatePostgres(): Promise<PrivateServer> {
  const bin = pgBinDir();
  if (!bin) throw new Error('PostgreSQL server binaries not found');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qb-pg-'));
  const data = path.join(dir, 'data');
  const user = isRoot ? 'postgres' : undefined;
  if (isRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    fs.chownSync(dir, uid, gid);
  }
  fs.chmodSync(dir, 0o700);
  const port = await freePort();
  runAs(user, path.join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C', '--no-sync', '--no-instructions']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c shared_buffers=16MB -c max_connections=40`;
  const pgCtl = (...args: string[]) => runAs(user, path.join(bin, 'pg_ctl'), ['-D', data, '-l', path.join(dir, 'log'), '-o', options, ...args]);
  let running = false;
  const start = async () => {
    pgCtl('-w', '-t', '60', 'start');
    running = true;
  };
  const stopNow = () => {
    if (!running) return;
    try {
      pgCtl('-w', '-t', '30', '-m', 'immediate', 'stop');
    } catch {
      // already stopped
    }
    running = false;
  };
  const cleanupSync = () => {
    stopNow();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  cleanups.add(cleanupSync);
  await start();
  const adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    engine: 'postgres',
    port,
    urlOf: (db) => `postgres://postgres@127.0.0.1:${port}/${db}`,
    async createDatabase(db) {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`create database ${db}`);
      await client.end();
    },
    async restart() {
      pgCtl('-w', '-t', '60', '-m', 'fast', 'restart');
      running = true;
    },
    async crash() {
      pgCtl('-w', '-t', '30', '-m', 'immediate', 'stop');
      running = false;
    },
    async stop() {
      pgCtl('-w', '-t', '30', '-m', 'fast', 'stop');
      running = false;
    },
    start,
    async cleanup() {
      cleanups.delete(cleanupSync);
      cleanupSync();
    },
  };
}

export async function startPrivateMariadb(extraArgs: string[] = []): Promise<PrivateServer> {
  const mariadbd = mariadbdPath();
  if (!mariadbd) throw new Error('mariadbd not found');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qb-maria-'));
  const data = path.join(dir, 'data');
  const port = await freePort();
  const socket = path.join(dir, 'mariadb.sock');
  const tmp = path.join(dir, 'tmp');
  fs.mkdirSync(tmp);
  const userArgs = isRoot ? ['--user=root'] : [];
  execFileSync(
    'mariadb-install-db',
    ['--no-defaults', ...userArgs, `--datadir=${data}`, '--auth-root-authentication-method=normal', '--skip-test-db', '--skip-name-resolve'],
    { stdio: ['ignore', 'pipe', 'pipe'], timeout: 120_000 },
  );
  const args = [
    '--no-defaults',
    ...userArgs,
    `--datadir=${data}`,
    `--port=${port}`,
    '--bind-address=127.0.0.1',
    `--socket=${socket}`,
    `--pid-file=${path.join(dir, 'mariadb.pid')}`,
    `--log-error=${path.join(dir, 'error.log')}`,
    // a tmpdir of its own: at its start mariadbd deletes every #sql* file of its tmpdir (mysql_rm_tmp_tables), and
    // in the shared /tmp those are the temporary tables of the machine's MariaDB, which other suites are using
    `--tmpdir=${tmp}`,
    '--skip-name-resolve',
    '--innodb-buffer-pool-size=32M',
    '--innodb-log-file-size=16M',
    '--max-connections=60',
    ...extraArgs,
  ];
  let child: ChildProcess | undefined;
  const adminUrl = `mysql://root@127.0.0.1:${port}/`;
  const answers = async () => {
    const c = await mysql.createConnection({ uri: adminUrl, connectTimeout: 1000 });
    await c.end();
    return true;
  };
  const start = async () => {
    const started = spawn(mariadbd, args, { stdio: 'ignore' });
    child = started;
    started.once('exit', () => {
      if (child === started) child = undefined;
    });
    await waitFor('MariaDB to accept connections', answers, 60_000);
  };
  const stopWith = async (signal: NodeJS.Signals) => {
    const running = child;
    if (!running) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill(signal);
    await Promise.race([exited, sleep(30_000)]);
    child = undefined;
  };
  const cleanupSync = () => {
    child?.kill('SIGKILL');
    child = undefined;
    fs.rmSync(dir, { recursive: true, force: true });
  };
  cleanups.add(cleanupSync);
  await start();
  return {
    engine: 'mysql',
    port,
    urlOf: (db) => `mysql://root@127.0.0.1:${port}/${db}`,
    async createDatabase(db) {
      const c = await mysql.createConnection(adminUrl);
      await c.query(`create database ${db}`);
      await c.end();
    },
    async restart() {
      await stopWith('SIGTERM');
      await start();
    },
    async crash() {
      await stopWith('SIGKILL');
    },
    async stop() {
      await stopWith('SIGTERM');
    },
    start,
    async cleanup() {
      cleanups.delete(cleanupSync);
      await stopWith('SIGKILL');
      cleanupSync();
    },
  };
}
