import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_LOG_REASONS } from '@qb/contracts/loginReasons';
import { logLogin } from '../src/audit/log.ts';
import { sha, startTestApp, type TestApp } from './helpers.ts';

/**
 * Issue 19 #12: the login log stores only reasons the web can label (web/test/log-pages.test.tsx checks the labels
 * of every one, in both languages). The refusals the login route can throw are read from its source, so that a new
 * refusal without a place in the list fails here.
 */
describe('login log reasons', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
  });
  afterAll(async () => t?.close());

  it('every refusal of the login route is a listed reason', () => {
    const source = readFileSync(new URL('../src/auth/routes.ts', import.meta.url), 'utf8');
    const routes = source.slice(source.indexOf('export function authRoutes'));
    // each handler is the entry of its call's name in the record the function returns
    const at = (name: string) => routes.search(new RegExp(`\\n\\s*${name}: `));
    const login = routes.slice(at('login'), at('logout'));
    expect(login.length).toBeGreaterThan(0);
    const keys = [...login.matchAll(/(?:badRequest|ApiError\(\d{3},)\s*\(?\s*'([A-Za-z]+)'/g)].map((m) => m[1]);
    expect(keys.length).toBeGreaterThanOrEqual(5);
    for (const key of keys) expect(LOGIN_LOG_REASONS, key).toContain(key);
    // a session refused until the password changes is named too
    expect(LOGIN_LOG_REASONS).toContain('passwordChangeRequired');
  });

  it('stores a listed reason as it is, any other as other, and none for a success', async () => {
    const db = t.ctx.conn.db;
    await t.app.inject({
      method: 'POST',
      url: '/api/user/login/',
      payload: { loginid: 'admin', pass: sha('wrong') },
      headers: { 'user-agent': 'ReasonTest/1' },
    });
    await logLogin(db, { loginid: 'x1', success: false, reason: 'somethingNew', userAgent: 'ReasonTest/1' });
    await logLogin(db, { loginid: 'x2', success: false, reason: 'loginLocked', userAgent: 'ReasonTest/1' });
    await logLogin(db, { loginid: 'x3', success: true, reason: 'loginWrong', userAgent: 'ReasonTest/1' });
    const rows = await db.selectFrom('sys_loginLog').select(['loginid', 'reason']).where('userAgent', '=', 'ReasonTest/1').orderBy('id').execute();
    expect(rows.map((r) => [r.loginid, r.reason])).toEqual([
      ['admin', 'loginWrong'],
      ['x1', 'other'],
      ['x2', 'loginLocked'],
      ['x3', null],
    ]);
  });
});
