// Shared by the browser tests and the screenshot script: build the web app, start and stop a real server
// (scripts/start.mjs on a free port with a temporary DATA_DIR), drive Debian's Chromium through playwright-core.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createHash } from 'node:crypto';
import { chromium } from 'playwright-core';

export const WEB_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const ROOT_DIR = resolve(WEB_DIR, '..');
export const ADMIN_PASSWORD = 'e2e-Admin-pw1';
export const TOKEN_KEY = 'qb.token';

/** Screenshots of Chinese screens need a CJK font on this machine, or every glyph is a box: refuse rather than save those. */
export function requireChineseFont() {
  const found = spawnSync('fc-list', [':lang=zh', 'family'], { encoding: 'utf8' });
  if (found.status !== 0 || found.stdout.trim() === '') {
    console.error('No Chinese font is installed; install one first: apt-get install -y fonts-noto-cjk');
    process.exit(1);
  }
}

/** A fresh production build of web/ (scripts/start.mjs only builds when dist is missing). */
export function buildWeb() {
  const result = spawnSync(process.execPath, [join(ROOT_DIR, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: WEB_DIR,
    stdio: 'inherit',
    // vitest sets NODE_ENV=test, which would give a development build of React
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error('vite build failed');
}

export function freePort() {
  return new Promise((resolvePort, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolvePort(port));
    });
  });
}

/**
 * Starts the real server. Returns { url, stop }.
 * `env` adds to (or overrides) the server's environment, e.g. DATABASE_URL or UPLOADS_STORE for a second instance.
 * @param {{ captcha?: 'on' | 'off', adminPassword?: string, env?: Record<string, string> }} [options]
 */
export async function startServer({ captcha = 'off', adminPassword = ADMIN_PASSWORD, env = {} } = {}) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'qb-e2e-'));
  const child = spawn(process.execPath, [join(ROOT_DIR, 'scripts', 'start.mjs')], {
    cwd: ROOT_DIR,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: adminPassword,
      CAPTCHA: captcha,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise((r) => child.once('exit', r));
  const url = `http://127.0.0.1:${port}`;

  const stop = async () => {
    if (child.exitCode === null) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
      const timer = setTimeout(() => {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }, 5000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok && (await res.json()).status === true) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`server did not become healthy in 90 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { url, port, dataDir, stop, output: () => output };
}

export function launchBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

export function sha256Hex(text) {
  return createHash('sha256').update(text).digest('hex');
}

/** Log in through the API (for setting up data, not for testing the login page). */
export async function apiLogin(url, loginid = 'admin', password = ADMIN_PASSWORD) {
  const res = await fetch(`${url}/api/user/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ loginid, pass: sha256Hex(password) }),
  });
  const body = await res.json();
  if (!body.token) throw new Error(`login failed: ${JSON.stringify(body)}`);
  return body.token;
}

export async function api(url, token, path, { method = 'GET', body } = {}) {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { authorization: token, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: await res.json().catch(() => undefined) };
}

/** Logs in through the login page with real typing and waits for the shell. */
/**
 * An account an administrator just made (or reset) must change its password first (docs/security.md, round 3): done
 * through the API, as its first login would; answers the password it has now.
 */
export async function changeFirstPassword(url, loginid, password) {
  const token = await apiLogin(url, loginid, password);
  const next = `${password}-own`;
  const r = await api(url, token, '/api/user/changePassword/', { method: 'POST', body: { oldPass: sha256Hex(password), newPass: sha256Hex(next) } });
  if (r.status !== 200) throw new Error(`changing the first password failed: ${JSON.stringify(r.body)}`);
  return next;
}

export async function uiLogin(page, url, { loginid = 'admin', password = ADMIN_PASSWORD } = {}) {
  await page.goto(`${url}/user/login`);
  await page.getByPlaceholder(/用户名|Username/).fill('');
  await page.getByPlaceholder(/用户名|Username/).pressSequentially(loginid);
  await page.getByPlaceholder(/密码|Password/).pressSequentially(password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL(/\/manage/, { timeout: 15_000 });
  await page.getByTestId('nav-menu').waitFor();
}

/**
 * Starts a session in the page with a token got through the API, for a test whose subject is not the login form
 * (uiLogin is, and costs the form's typing and its 1.5 s 登录成功！): the token is stored where the login form
 * stores it, then /manage opens with the navigation shown.
 */
export async function sessionLogin(page, url, token) {
  await page.goto(`${url}/api/health`);
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [TOKEN_KEY, token]);
  await page.goto(`${url}/manage`);
  await page.getByTestId('nav-menu').waitFor();
}

/** The columns of the sample runtime table of the browser tests and screenshots: a book list. */
export const BOOK_FIELDS = [
  { columnName: 'id', type: 'int', primaryKey: 1, autoIncrement: 1, intro: '编号', titleEn: 'No.' },
  { columnName: 'title', type: 'nvarchar', length: 80, nonEmpty: 1, intro: '书名', titleEn: 'Title' },
  {
    columnName: 'genre',
    type: 'int',
    intro: '类别',
    titleEn: 'Genre',
    options: JSON.stringify([
      { value: 1, zh: '小说', en: 'Novel', color: 'blue' },
      { value: 2, zh: '历史', en: 'History', color: 'gold' },
    ]),
  },
  { columnName: 'price', type: 'money', intro: '价格', titleEn: 'Price' },
  { columnName: 'isdelete', type: 'int', defaults: '0' },
];

/** The book table's definition (sys_dataSheet with its sys_tableFields) on the local database, not created yet: what
 * 数据表管理's 新增 saves. */
export async function defineBookSheet(url, token, name) {
  const defined = await api(url, token, '/api/action/masterSlave/', {
    method: 'POST',
    body: {
      _flag: 'sys_dataSheet',
      _flagChidren: 'sys_tableFields',
      mainData: { tableName: name, intro: '图书', titleEn: 'Books', parentid: 10000 },
      chidrenData: BOOK_FIELDS,
      bindField: 'parentid',
    },
  });
  if (defined.status !== 200) throw new Error(`defining ${name} failed: ${JSON.stringify(defined.body)}`);
}

/**
 * Defines a book table at run time, as an operator does in the data-table manager: the definition through the API
 * (sys_dataSheet with its sys_tableFields), then, on the server's SQLite file, what "create table" will do — the
 * physical table, the sheet's created flag and a new registry version, which the server polls for. Resolves with
 * the table's metadata once GET /api/schema/<name> answers it.
 */
export async function defineBookTable(url, token, dataDir, name) {
  await defineBookSheet(url, token, name);
  // the server's own SQLite driver (a dependency of the server workspace)
  const Database = createRequire(join(ROOT_DIR, 'server', 'package.json'))('better-sqlite3');
  const db = new Database(join(dataDir, 'app.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    db.exec(
      `create table ${name} (id integer primary key autoincrement, title varchar(80) not null, genre integer, price numeric, isdelete integer not null default 0)`,
    );
    db.prepare('update sys_dataSheet set created = 1 where tableName = ? and isdelete = 0').run(name);
    db.prepare("update sys_version set version = version + 1 where name = 'registry'").run();
  } finally {
    db.close();
  }
  const deadline = Date.now() + 10_000;
  for (;;) {
    const meta = await api(url, token, `/api/schema/${name}`);
    if (meta.status === 200) return meta.body.data;
    if (Date.now() > deadline) throw new Error(`the server did not serve ${name}: ${JSON.stringify(meta.body)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
