import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, engines, sha, startSecondInstance, startTestApp, type TestApp } from './helpers.ts';

// issue 17 #7: one captcha is one login attempt, however many parallel requests carry it, on however many instances
describe.each(engines)('a captcha is used once (%s)', (engine, url) => {
  let t: TestApp;
  let second: Awaited<ReturnType<typeof startSecondInstance>>;
  beforeAll(async () => {
    t = await startTestApp(engine, url);
    t.ctx.config.captcha = true;
    second = await startSecondInstance(t);
    second.ctx.config.captcha = true;
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  const captcha = async () => {
    const c = (await t.app.inject({ method: 'GET', url: '/api/user/captcha/' })).json().data as { captchaId: string };
    const { code } = await t.ctx.conn.db.selectFrom('sys_captcha').select('code').where('captchaId', '=', c.captchaId).executeTakeFirstOrThrow();
    return { captchaId: c.captchaId, code: String(code) };
  };

  it('ten parallel logins with one captcha and the right code: one succeeds, over two instances', async () => {
    for (let round = 0; round < 3; round++) {
      const { captchaId, code } = await captcha();
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          (i % 2 ? second.app : t.app).inject({
            method: 'POST',
            url: '/api/user/login/',
            payload: { loginid: 'admin', pass: sha(ADMIN_PASSWORD), vcode: code, captchaId },
          }),
        ),
      );
      const ok = answers.filter((a) => a.json().status);
      expect(ok).toHaveLength(1);
      for (const a of answers) if (!a.json().status) expect(a.json().message).toBe('验证码错误!');
      // the captcha is gone
      const left = await t.ctx.conn.db.selectFrom('sys_captcha').select('captchaId').where('captchaId', '=', captchaId).execute();
      expect(left).toHaveLength(0);
    }
  });

  it('the store itself: parallel checks of one captcha through two connections pass once', async () => {
    for (let round = 0; round < 3; round++) {
      const { captchaId, code } = await captcha();
      const results = await Promise.all(Array.from({ length: 12 }, (_, i) => (i % 2 ? second.ctx : t.ctx).captchas.check(captchaId, code)));
      expect(results.filter(Boolean)).toHaveLength(1);
    }
  });
});
