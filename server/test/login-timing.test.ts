import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sha, startTestApp, type TestApp } from './helpers.ts';

// counts the argon2 verifications while still running the real ones
const calls = vi.hoisted(() => ({ verify: 0 }));
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof import('@node-rs/argon2')>();
  return {
    ...real,
    verify: (...args: Parameters<typeof real.verify>) => {
      calls.verify++;
      return real.verify(...args);
    },
  };
});

describe('a login costs the same for unknown and known accounts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  const attempt = async (loginid: string) => {
    calls.verify = 0;
    const r = await t.app.inject({ method: 'POST', url: '/api/user/login/', payload: { loginid, pass: sha('not-the-password') }, remoteAddress: '127.3.0.1' });
    return { status: r.statusCode, message: r.json().message, verifications: calls.verify };
  };

  it('runs one argon2 verification for an unknown account, as for a known one, and answers the same', async () => {
    const known = await attempt('admin');
    const unknown = await attempt('no-such-account');
    const deleted = await (async () => {
      const { id } = (await t.post('/api/user/save/', { params: { loginid: 'ghost', name: 'Ghost' } })).json().data;
      await t.post('/api/action/delete/', { _flag: 'sys_user', id });
      return attempt('ghost');
    })();
    expect(known).toEqual({ status: 400, message: '用户名或密码错误', verifications: 1 });
    expect(unknown).toEqual(known);
    expect(deleted).toEqual(known);
  });
});
