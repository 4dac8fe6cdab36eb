import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, startServer, type RunningServer } from './harness.mjs';
import { useBrowser, visible } from './support.ts';

const b = useBrowser();
let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ captcha: 'on' });
});
afterAll(async () => {
  await server?.stop();
});

describe('login page (CAPTCHA=on)', () => {
  const image = () => b.page.getByTestId('captcha').locator('img');

  it('shows the server captcha; clicking it fetches a new one', async () => {
    const { page } = b;
    await page.goto(`${server.url}/user/login`);
    await visible(image());
    const first = await image().getAttribute('src');
    expect(first).toMatch(/^data:image\/svg\+xml/);
    await page.getByTestId('captcha').click();
    await page.waitForFunction((src) => document.querySelector('[data-testid="captcha"] img')?.getAttribute('src') !== src, first);
  });

  it('asks for the code: 请输入验证码', async () => {
    const { page } = b;
    await page.goto(`${server.url}/user/login`);
    await page.getByPlaceholder('用户名').pressSequentially('admin');
    await page.getByPlaceholder('密码').pressSequentially(ADMIN_PASSWORD);
    await page.getByTestId('login-submit').click();
    await visible(page.getByText('请输入验证码'));
  });

  it('a wrong code shows 验证码错误!, brings a new captcha and empties the field', async () => {
    const { page } = b;
    await page.goto(`${server.url}/user/login`);
    await visible(image());
    const before = await image().getAttribute('src');
    await page.getByPlaceholder('用户名').pressSequentially('admin');
    await page.getByPlaceholder('密码').pressSequentially(ADMIN_PASSWORD);
    // five digits can never match the four-digit code
    await page.getByPlaceholder('验证码').pressSequentially('00000');
    await page.getByTestId('login-submit').click();
    await visible(page.getByText('验证码错误!'));
    await page.waitForFunction((src) => {
      const now = document.querySelector('[data-testid="captcha"] img')?.getAttribute('src');
      return now && now !== src;
    }, before);
    expect(await page.getByPlaceholder('验证码').inputValue()).toBe('');
    expect(new URL(page.url()).pathname).toBe('/user/login');
  });
});
