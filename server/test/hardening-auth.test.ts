import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_ROUTES } from '../src/http/publicRoutes.ts';
import { CaptchaStore } from '../src/auth/captcha.ts';
import { LOCK_MS } from '../src/auth/loginThrottle.ts';
import { makePrivateDir, makePrivateFile } from '../src/db/privateFiles.ts';
import { ADMIN_PASSWORD, engines, rawRequest, sha, startSecondInstance, startTestApp, type TestApp } from './helpers.ts';

const envelope = (body: string) => JSON.parse(body) as { status: unknown; message: string };

describe('the session guard decides on the route the router matched', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await startTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(async () => t?.close());

  const guarded = () =>
    t.app.registeredRoutes.filter((r) => (r.url === '/api' || r.url.startsWith('/api/')) && !PUBLIC_ROUTES.has(r.url) && r.method !== 'HEAD');

  it('answers 401 without a session on every API route that is not public by the explicit list', async () => {
    expect(guarded().length).toBeGreaterThan(20);
    for (const r of guarded()) {
      const url = r.url.replace(':flag', 'sys_member');
      for (const variant of [url, url.replace(/\/$/, '')]) {
        const res = await t.app.inject({ method: r.method as 'GET', url: variant, payload: r.method === 'GET' ? undefined : {} });
        expect(res.statusCode, `${r.method} ${variant}`).toBe(401);
        expect(res.json().message).toBe('登录已过期，请重新登录');
      }
    }
  });

  it('refuses absolute-form and asterisk-form request targets on every route, whatever the scheme case', async () => {
    const targets = guarded().map((r) => ({ method: r.method, url: r.url.replace(':flag', 'sys_member') }));
    targets.push({ method: 'GET', url: '/api/health' }, { method: 'POST', url: '/api/user/login/' });
    for (const { method, url } of targets) {
      for (const prefix of ['http://x', 'HTTP://x', 'hTtPs://127.0.0.1:1', 'http://x:80']) {
        const r = await rawRequest(
          port,
          `${method} ${prefix}${url} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`,
        );
        expect(r.status, `${method} ${prefix}${url}`).toBe(400);
        expect(envelope(r.body)).toMatchObject({ status: false, message: '请求地址格式不正确' });
      }
    }
    const star = await rawRequest(port, 'OPTIONS * HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(star.status).toBe(400);
  });

  it('serves the public login and captcha paths with and without the trailing slash', async () => {
    for (const url of ['/api/user/captcha', '/api/user/captcha/']) {
      const r = await t.app.inject({ method: 'GET', url });
      expect(r.statusCode, url).toBe(200);
      expect(r.json().data.enabled).toBe(false);
    }
    for (const url of ['/api/user/login', '/api/user/login/']) {
      const r = await t.app.inject({ method: 'POST', url, payload: { loginid: 'admin', pass: sha(ADMIN_PASSWORD) } });
      expect(r.statusCode, url).toBe(200);
      expect(r.json().token).toBeTruthy();
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/health/' })).json()).toEqual({ status: true });
  });

  it('still serves the signed-in caller by an origin-form target', async () => {
    const r = await rawRequest(port, `GET /api/user/userInfo/ HTTP/1.1\r\nHost: x\r\nAuthorization: ${t.token}\r\nConnection: close\r\n\r\n`);
    expect(r.status).toBe(200);
  });
});

describe.each(engines)('password checks are limited atomically on %s', (engine, url) => {
  let t: TestApp;
  let second: Awaited<ReturnType<typeof startSecondInstance>>;
  beforeAll(async () => {
    t = await startTestApp(engine, url);
    second = await startSecondInstance(t);
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  const newUser = async (loginid: string) => {
    const r = await t.post('/api/user/save/', { params: { loginid, name: loginid } });
    expect(r.statusCode, r.body).toBe(200);
    return r.json().data as { id: number; password: string };
  };
  // each account's attempts come from an address of their own, so that the per-client rate limit of 60 logins a minute is not what answers
  const loginOn = (app: TestApp['app'], loginid: string, password: string) =>
    app.inject({
      method: 'POST',
      url: '/api/user/login/',
      payload: { loginid, pass: sha(password) },
      remoteAddress: `127.1.${loginid.length}.${[...loginid].reduce((n, c) => n + c.charCodeAt(0), 0) % 250}`,
    });

  it('lets at most 5 of 60 parallel wrong logins on two instances be checked, then locks for 15 minutes', async () => {
    await newUser('burst1');
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => loginOn(i % 2 ? second.app : t.app, 'burst1', `wrong-${i}`)));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 400).length).toBeLessThanOrEqual(5);
    expect(codes.filter((c) => c !== 400 && c !== 429)).toEqual([]);
    expect(codes.filter((c) => c === 429).length).toBeGreaterThanOrEqual(55);
    const row = await t.ctx.conn.db.selectFrom('sys_loginFailure').selectAll().where('loginid', '=', 'burst1').executeTakeFirstOrThrow();
    expect(Number(row.lockedUntil)).toBeGreaterThan(Date.now() + LOCK_MS - 60_000);
  });

  it('does not let a right password hidden in a parallel burst through once 5 checks are spent', async () => {
    const { password } = await newUser('burst2');
    const burst = Array.from({ length: 60 }, (_, i) => (i === 40 ? password : `wrong-${i}`));
    const answers = await Promise.all(burst.map((p, i) => loginOn(i % 2 ? second.app : t.app, 'burst2', p)));
    // the right one sits behind 40 wrong ones: at most 5 checks ran, so it got the lock answer
    expect(answers[40]!.statusCode).toBe(429);
    expect(answers.filter((a) => a.statusCode !== 429).length).toBeLessThanOrEqual(5);
    expect((await loginOn(second.app, 'burst2', password)).statusCode).toBe(429);
    const row = await t.ctx.conn.db.selectFrom('sys_loginFailure').selectAll().where('loginid', '=', 'burst2').executeTakeFirstOrThrow();
    expect(Number(row.lockedUntil)).toBeGreaterThan(Date.now() + LOCK_MS - 60_000);
  });

  it('keeps the lock when failures of checks that began earlier are answered late', async () => {
    const { password } = await newUser('late1');
    // four failures, then the fifth check arms the lock while it runs, in parallel with more
    for (let i = 0; i < 4; i++) expect((await loginOn(t.app, 'late1', 'nope')).statusCode).toBe(400);
    const lastChecks = await Promise.all([loginOn(t.app, 'late1', 'nope'), loginOn(second.app, 'late1', 'nope2'), loginOn(t.app, 'late1', 'nope3')]);
    expect(lastChecks.map((a) => a.statusCode).sort()).toEqual([400, 429, 429]);
    const row = await t.ctx.conn.db.selectFrom('sys_loginFailure').selectAll().where('loginid', '=', 'late1').executeTakeFirstOrThrow();
    expect(Number(row.lockedUntil)).toBeGreaterThan(Date.now() + LOCK_MS - 60_000);
    expect((await loginOn(second.app, 'late1', password)).statusCode).toBe(429);
  });

  it('counts unknown accounts like known ones, so the lock does not tell which exist', async () => {
    for (let i = 0; i < 5; i++) expect((await loginOn(t.app, 'nobody-here', 'x')).statusCode).toBe(400);
    expect((await loginOn(t.app, 'nobody-here', 'x')).statusCode).toBe(429);
  });

  it('a right password within the first checks starts the count again', async () => {
    const { password } = await newUser('mixed1');
    for (let i = 0; i < 4; i++) expect((await loginOn(t.app, 'mixed1', 'nope')).statusCode).toBe(400);
    expect((await loginOn(second.app, 'mixed1', password)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await loginOn(t.app, 'mixed1', 'nope')).statusCode).toBe(400);
    expect((await loginOn(t.app, 'mixed1', password)).statusCode).toBe(200);
  });

  it('checks the password only of the account spelled exactly as stored: no other case, no spaces around it', async () => {
    const { password } = await newUser('exact1');
    // MariaDB's collation matches EXACT1 and 'exact1 ' in SQL: each spelling would also be a lockout key of its own
    for (const spelling of ['EXACT1', 'Exact1']) {
      const r = await loginOn(t.app, spelling, password);
      expect([r.statusCode, r.json().code], spelling).toEqual([400, 'LOGIN_WRONG']);
    }
    for (const spelling of [' exact1', 'exact1 ', '\texact1', '   ']) {
      const r = await loginOn(t.app, spelling, password);
      expect([r.statusCode, r.json().code], JSON.stringify(spelling)).toEqual([400, 'BAD_PARAM']);
    }
    expect((await loginOn(t.app, 'exact1', password)).statusCode).toBe(200);
  });

  it('refuses captcha fields of another type than text', async () => {
    for (const extra of [{ captchaId: false }, { captchaId: 7 }, { vcode: 1234 }, { vcode: null }, { vcode: ['ab'] }]) {
      const r = await t.app.inject({ method: 'POST', url: '/api/user/login/', payload: { loginid: 'admin', pass: sha('whatever'), ...extra } });
      expect([r.statusCode, r.json().code], JSON.stringify(extra)).toEqual([400, 'BAD_PARAM']);
    }
  });

  it('counts wrong current passwords of a password change like failed logins', async () => {
    const { password } = await newUser('changer2');
    const token = (await loginOn(t.app, 'changer2', password)).json().token as string;
    const change = (app: TestApp['app'], oldPass: string) =>
      app.inject({
        method: 'POST',
        url: '/api/user/changePassword/',
        headers: { authorization: token },
        payload: { oldPass: sha(oldPass), newPass: sha('brand-new-1') },
      });
    const guesses = await Promise.all(Array.from({ length: 20 }, (_, i) => change(i % 2 ? second.app : t.app, `guess-${i}`)));
    expect(guesses.filter((g) => g.statusCode === 400).length).toBeLessThanOrEqual(5);
    expect(guesses.filter((g) => g.statusCode === 429).length).toBeGreaterThanOrEqual(15);
    // the right current password is refused while the lock is on, and so is a login
    expect((await change(t.app, password)).statusCode).toBe(429);
    expect((await loginOn(t.app, 'changer2', password)).statusCode).toBe(429);
  });
});

describe.each(engines)('accounts keep their rules on every path on %s', (engine, url) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine, url);
  });
  afterAll(async () => t?.close());

  const adminRow = () =>
    t.ctx.conn.db.selectFrom('sys_user').select(['id', 'loginid', 'state', 'isdelete', 'name']).where('loginid', '=', 'admin').executeTakeFirstOrThrow();
  const userCount = async () =>
    Number(
      (
        await t.ctx.conn.db
          .selectFrom('sys_user')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  const adminRoles = () =>
    t.ctx.conn.db.selectFrom('sys_role').select(['id', 'name', 'enable', 'isAdmin', 'isdelete']).where('isAdmin', '=', 1).orderBy('id').execute();

  it('never lets the last administrator be deleted, disabled or stripped of its administrator role, by any path', async () => {
    const admin = await adminRow();
    const id = Number(admin.id);
    const roles = await adminRoles();
    expect(roles.length).toBe(1);
    const roleId = Number(roles[0]!.id);
    const attempts: [string, unknown][] = [
      ['/api/user/save/', { params: { id, isdelete: 1 } }],
      ['/api/user/save/', { params: { id, state: 0 } }],
      ['/api/user/save/', { params: { id, state: '0' } }],
      ['/api/action/save/', { _flag: 'sys_user', params: { id, isdelete: 1 } }],
      ['/api/action/save/', { _flag: 'sys_user', params: { id, state: 0 } }],
      ['/api/action/save/', { _flag: 'sys_role', params: { id: roleId, isAdmin: 0 } }],
      ['/api/action/save/', { _flag: 'sys_role', params: { id: roleId, enable: 0 } }],
      ['/api/action/save/', { _flag: 'sys_role', params: { id: roleId, isdelete: 1 } }],
      ['/api/action/delete/', { _flag: 'sys_role', id: roleId }],
      ['/api/user/roles/', { id, roleIds: [] }],
      ['/api/user/roles/', { id, roleIds: [roleId + 1] }],
      ['/api/action/delete/', { _flag: 'sys_user', id }],
      ['/api/action/delete/', { _flag: 'sys_user', id: [id] }],
      ['/api/action/delete/', { _flag: 'sys_user', id: String(id) }],
      ['/api/action/masterSlave/', { _flag: 'sys_user', _flagChidren: 'sys_role', mainData: { id, isdelete: 1 }, chidrenData: [], bindField: 'memberid' }],
      [
        '/api/action/masterSlave/',
        { _flag: 'sys_role', _flagChidren: 'sys_user', mainData: { name: 'r', department: 'd' }, chidrenData: [{ id, state: 0 }], bindField: 'id' },
      ],
    ];
    for (const [path, body] of attempts) {
      const r = await t.post(path, body);
      expect(r.statusCode, `${path} ${JSON.stringify(body)}`).toBeGreaterThanOrEqual(400);
      expect(r.statusCode).toBeLessThan(500);
      expect(r.json().status).toBe(false);
    }
    expect(await adminRow()).toEqual(admin);
    expect(await adminRoles()).toEqual(roles);
    const info = await t.get('/api/user/userInfo/');
    expect(info.statusCode).toBe(200);
    expect(info.json().data[0].isAdmin).toBe(true);
  });

  it('says why the last administrator keeps its role; being one is a role, not the name admin; no account deletes or disables itself', async () => {
    const admin = await adminRow();
    const strip = await t.post('/api/user/roles/', { id: admin.id, roleIds: [] });
    expect(strip.statusCode).toBe(409);
    expect(strip.json().message).toContain('最后一个可以管理系统的账号');
    // renamed, the account still administers (the role says so)
    expect((await t.post('/api/user/save/', { params: { id: admin.id, loginid: 'root' } })).statusCode).toBe(200);
    expect((await t.get('/api/user/userInfo/')).json().data[0].isAdmin).toBe(true);
    expect((await t.post('/api/user/save/', { params: { id: admin.id, loginid: 'admin' } })).statusCode).toBe(200);
    const disable = await t.post('/api/user/save/', { params: { id: admin.id, state: 0 } });
    expect(disable.json().message).toBe('不能停用当前登录的账号');
    const del = await t.post('/api/action/delete/', { _flag: 'sys_user', id: admin.id });
    expect(del.json().message).toBe('不能删除当前登录的账号');
  });

  it('creates accounts only through the account service: master-slave cannot make a second admin', async () => {
    const before = await userCount();
    for (const body of [
      { _flag: 'sys_user', _flagChidren: 'sys_role', mainData: { loginid: 'admin2', name: 'x' }, chidrenData: [], bindField: 'memberid' },
      {
        _flag: 'sys_role',
        _flagChidren: 'sys_user',
        mainData: { name: 'r', department: 'd' },
        chidrenData: [{ loginid: 'admin', name: 'evil' }],
        bindField: 'id',
      },
    ]) {
      const r = await t.post('/api/action/masterSlave/', body);
      expect(r.statusCode).toBe(400);
      expect(r.json().message).toContain('sys_user');
    }
    expect(await userCount()).toBe(before);
    expect(await t.ctx.conn.db.selectFrom('sys_role').select('id').where('name', '=', 'r').execute()).toEqual([]);
  });

  it('binds children only by a column that refers to the main table: bindField id cannot update another row', async () => {
    const sheet = (await t.post('/api/action/save/', { _flag: 'sys_dataSheet', params: { tableName: 'victim', parentid: 10000 } })).json().data.id;
    const field = (
      await t.post('/api/action/masterSlave/', {
        _flag: 'sys_dataSheet',
        _flagChidren: 'sys_tableFields',
        mainData: { id: sheet },
        chidrenData: [{ columnName: 'keep', type: 'int' }],
        bindField: 'parentid',
      })
    ).json().data.children[0];
    const fieldsBefore = await t.ctx.conn.db.selectFrom('sys_tableFields').selectAll().orderBy('id').execute();
    for (const bindField of ['id', 'columnName', 'length', 'PARENTID']) {
      const r = await t.post('/api/action/masterSlave/', {
        _flag: 'sys_dataSheet',
        _flagChidren: 'sys_tableFields',
        mainData: { tableName: 'attacker', parentid: 10000 },
        chidrenData: [{ columnName: 'pwn', type: 'int' }],
        bindField,
      });
      expect(r.statusCode, bindField).toBe(400);
    }
    // a column named twice (by name and by alias) cannot override the bound parent either
    const twice = await t.post('/api/action/masterSlave/', {
      _flag: 'sys_role',
      _flagChidren: 'sys_role',
      mainData: { name: 'boss', department: 'd' },
      chidrenData: [{ name: 'kid', department: 'd', parentId: 1, parentid: 999 }],
      bindField: 'parentId',
    });
    expect(twice.statusCode).toBe(400);
    expect(await t.ctx.conn.db.selectFrom('sys_tableFields').selectAll().orderBy('id').execute()).toEqual(fieldsBefore);
    expect(await t.ctx.conn.db.selectFrom('sys_dataSheet').select('id').where('tableName', '=', 'attacker').execute()).toEqual([]);
    expect(await t.ctx.conn.db.selectFrom('sys_role').select('id').where('name', 'in', ['boss', 'kid']).execute()).toEqual([]);
    expect(field).toBeGreaterThan(0);
  });

  it('ends the sessions of a disabled account for good: enabling it again does not revive them', async () => {
    const { id, password } = (await t.post('/api/user/save/', { params: { loginid: 'sleepy', name: 'Sleepy' } })).json().data;
    const token = (await t.login('sleepy', password)).json().token as string;
    const asUser = () => t.app.inject({ method: 'GET', url: '/api/user/userInfo/', headers: { authorization: token } });
    expect((await asUser()).statusCode).toBe(200);
    expect((await t.post('/api/user/save/', { params: { id, state: 0 } })).statusCode).toBe(200);
    expect((await asUser()).statusCode).toBe(401);
    expect((await t.post('/api/user/save/', { params: { id, state: 1 } })).statusCode).toBe(200);
    expect((await asUser()).statusCode).toBe(401);
    expect(await t.ctx.conn.db.selectFrom('sys_session').select('id').where('userId', '=', id).execute()).toEqual([]);
    expect((await t.login('sleepy', password)).statusCode).toBe(200);
  });

  it('ends the sessions of a deleted account, on the other instance too once its cache lapses', async () => {
    const { id, password } = (await t.post('/api/user/save/', { params: { loginid: 'gone1', name: 'Gone' } })).json().data;
    const token = (await t.login('gone1', password)).json().token as string;
    expect((await t.post('/api/action/delete/', { _flag: 'sys_user', id })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/userInfo/', headers: { authorization: token } })).statusCode).toBe(401);
    expect(await t.ctx.conn.db.selectFrom('sys_session').select('id').where('userId', '=', id).execute()).toEqual([]);
  });
});

describe('captchas are limited', () => {
  it('refuses more than 60 captchas a minute from one client', async () => {
    const t = await startTestApp('sqlite', undefined, { CAPTCHA: 'on' });
    try {
      const answers = [];
      for (let i = 0; i < 65; i++) answers.push((await t.app.inject({ method: 'GET', url: '/api/user/captcha/' })).statusCode);
      expect(answers.slice(0, 60).every((s) => s === 200)).toBe(true);
      expect(answers.slice(60)).toEqual([429, 429, 429, 429, 429]);
      const other = await t.app.inject({ method: 'GET', url: '/api/user/captcha/', remoteAddress: '127.0.0.9' });
      expect(other.statusCode).toBe(200);
      const rows = await t.ctx.conn.db.selectFrom('sys_captcha').select('id').execute();
      expect(rows).toHaveLength(61);
    } finally {
      await t.close();
    }
  });

  it('keeps at most the cap of live captchas', async () => {
    const t = await startTestApp();
    try {
      const store = new CaptchaStore(t.ctx.conn.db, Date.now, 3);
      for (let i = 0; i < 3; i++) expect(await store.issue()).toBeDefined();
      expect(await store.issue()).toBeUndefined();
      const later = new CaptchaStore(t.ctx.conn.db, () => Date.now() + 10 * 60_000, 3);
      expect(await later.issue()).toBeDefined();
    } finally {
      await t.close();
    }
  });
});

describe('DATA_DIR is private', () => {
  it('creates the data directory 0700 and the database and uploads 0600, and tightens an older one', async () => {
    const t = await startTestApp();
    try {
      const mode = (p: string) => fs.statSync(p).mode & 0o777;
      expect(mode(t.dataDir)).toBe(0o700);
      expect(mode(path.join(t.dataDir, 'app.sqlite'))).toBe(0o600);
      const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
      const boundary = 'b0undary';
      const body = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const up = await t.app.inject({
        method: 'POST',
        url: '/api/action/upload/',
        headers: { authorization: t.token, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: body,
      });
      expect(up.statusCode).toBe(200);
      const stored = path.join(t.dataDir, 'uploads', up.json().data.path.replace('/api/file/', ''));
      expect(mode(stored)).toBe(0o600);
      expect(mode(path.dirname(stored))).toBe(0o700);
      expect(mode(path.join(t.dataDir, 'uploads'))).toBe(0o700);

      // a directory and database an earlier release left world-readable are tightened on the next start
      fs.chmodSync(t.dataDir, 0o755);
      fs.chmodSync(path.join(t.dataDir, 'app.sqlite'), 0o644);
      const again = await startSecondInstance(t);
      await again.close();
      expect(mode(t.dataDir)).toBe(0o700);
      expect(mode(path.join(t.dataDir, 'app.sqlite'))).toBe(0o600);
    } finally {
      await t.close();
    }
  });

  it('leaves a shared directory (sticky, writable by all, as /tmp) as it is, and still makes its files 0600', () => {
    const shared = fs.mkdtempSync(path.join(os.tmpdir(), 'qb-shared-'));
    try {
      fs.chmodSync(shared, 0o1777);
      makePrivateDir(shared);
      makePrivateFile(path.join(shared, 'app.sqlite'));
      expect(fs.statSync(shared).mode & 0o7777).toBe(0o1777);
      expect(fs.statSync(path.join(shared, 'app.sqlite')).mode & 0o777).toBe(0o600);
      // a directory of this account's without the sticky bit is tightened as before
      const own = path.join(shared, 'own');
      fs.mkdirSync(own, { mode: 0o777 });
      fs.chmodSync(own, 0o777);
      makePrivateDir(own);
      expect(fs.statSync(own).mode & 0o777).toBe(0o700);
    } finally {
      fs.rmSync(shared, { recursive: true, force: true });
    }
  });
});
