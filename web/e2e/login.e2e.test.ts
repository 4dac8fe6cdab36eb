import { gzipSync } from 'node:zlib';
import { describe, expect, inject, it } from 'vitest';
import { ADMIN_PASSWORD, apiLogin, api } from './harness.mjs';
import { gone, storedToken, useBrowser, visible } from './support.ts';

const base = inject('baseUrl');
const b = useBrowser();

describe('login page (CAPTCHA=off)', () => {
  it('asks for the account and the password; no code field when the captcha is off', async () => {
    const { page } = b;
    await page.goto(`${base}/user/login`);
    await visible(page.getByPlaceholder('用户名'));
    expect(await page.getByPlaceholder('验证码').count()).toBe(0);
    await page.getByTestId('login-submit').click();
    await visible(page.getByText('请输入用户名'));
    await visible(page.getByText('请输入密码'));
  });

  it('a wrong password shows the server message and stays on the login page', async () => {
    const { page } = b;
    await page.goto(`${base}/user/login`);
    await page.getByPlaceholder('用户名').pressSequentially('admin');
    await page.getByPlaceholder('密码').pressSequentially('not-the-password');
    await page.getByTestId('login-submit').click();
    await visible(page.getByText('用户名或密码错误'));
    await gone(page.getByText('登录中...'));
    expect(new URL(page.url()).pathname).toBe('/user/login');
    expect(await storedToken(page)).toBeNull();
  });

  it('logs in: 登录中..., 登录成功！ for 1.5 s, then the shell with the user name from userInfo', async () => {
    const { page } = b;
    const token = await apiLogin(base);
    const info = await api(base, token, '/api/user/userInfo/');
    const name = (info.body?.data as { name: string }[])[0].name;

    await page.goto(`${base}/user/login`);
    await page.getByPlaceholder('用户名').pressSequentially('admin');
    await page.getByPlaceholder('密码').pressSequentially(ADMIN_PASSWORD);
    await page.getByPlaceholder('密码').press('Enter');
    await visible(page.getByText('登录成功！'));
    expect(await page.getByTestId('login-submit').innerText()).toContain('登录中...');
    // the token is stored when the 1.5 s are over, together with the move to /manage
    expect(new URL(page.url()).pathname).toBe('/user/login');
    await page.waitForURL(`${base}/manage`);
    expect(await storedToken(page)).toMatch(/.{16,}/);
    expect(await page.getByTestId('user-name').innerText()).toBe(name);
    await visible(page.getByTestId('home'));
  });

  it('/manage without a session goes to /user', async () => {
    const { page } = b;
    await page.goto(`${base}/manage/menu`);
    await page.waitForURL(`${base}/user`);
    await visible(page.getByPlaceholder('用户名'));
  });

  it('loads at most 250 KB gzip of JavaScript for /user/login', async () => {
    const { page } = b;
    const bodies: Promise<Buffer>[] = [];
    page.on('response', (res) => {
      if (res.url().endsWith('.js')) bodies.push(res.body());
    });
    await page.goto(`${base}/user/login`, { waitUntil: 'networkidle' });
    const sizes = await Promise.all(bodies);
    const kb = sizes.reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0) / 1024;
    console.log(`/user/login loads ${sizes.length} JS files, ${kb.toFixed(1)} KB gzip`);
    expect(kb).toBeLessThanOrEqual(250);
  });
});
