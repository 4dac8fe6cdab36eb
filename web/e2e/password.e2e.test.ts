import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, api, startServer, uiLogin, type RunningServer } from './harness.mjs';
import { storedToken, testContext, useBrowser, visible } from './support.ts';

// its own server: the password of admin changes here
const b = useBrowser();
let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ captcha: 'off' });
});
afterAll(async () => {
  await server?.stop();
});

const NEW_PASSWORD = 'new-Secret-77';

describe('change password', () => {
  it('validates, changes the password, ends the other sessions, and the new password logs in', async () => {
    const { page, browser } = b;
    // a second session of the same account, elsewhere
    const other = await testContext(browser);
    const otherPage = await other.newPage();
    await uiLogin(otherPage, server.url);
    const otherToken = (await storedToken(otherPage))!;

    await uiLogin(page, server.url);
    const token = (await storedToken(page))!;
    await page.getByTestId('user-menu').click();
    await page.locator('.ant-dropdown:visible').getByText('修改密码', { exact: true }).click();
    const dialog = page.locator('.ant-modal:visible');
    await visible(dialog.getByText('修改密码'));

    await page.getByTestId('password-submit').click();
    await visible(dialog.getByText('请输入当前密码~'));
    await visible(dialog.getByText('请输入新密码~'));
    await visible(dialog.getByText('请输入确认密码~'));

    await dialog.getByLabel('当前密码').pressSequentially('wrong-old-pw');
    // six characters only counting spaces: too short after trim
    await dialog.getByLabel('新密码').pressSequentially('  123  ');
    await dialog.getByLabel('确认密码').pressSequentially('something else');
    await visible(dialog.getByText('密码长度不能小于6位~'));
    await visible(dialog.getByText('两次密码输入不一致~'));

    await dialog.getByLabel('新密码').fill('');
    await dialog.getByLabel('新密码').pressSequentially(NEW_PASSWORD);
    await dialog.getByLabel('确认密码').fill('');
    await dialog.getByLabel('确认密码').pressSequentially(NEW_PASSWORD);
    await page.getByTestId('password-submit').click();
    // the server refuses a wrong current password
    await visible(page.getByText('当前密码不正确'));

    await dialog.getByLabel('当前密码').fill('');
    await dialog.getByLabel('当前密码').pressSequentially(ADMIN_PASSWORD);
    await page.getByTestId('password-submit').click();
    await visible(page.getByText('密码已修改，该账号在其他地方的登录已全部退出，当前登录不受影响。'));
    await dialog.waitFor({ state: 'hidden' });

    // this session goes on, the other one is over
    expect((await api(server.url, token, '/api/user/userInfo/')).status).toBe(200);
    expect((await api(server.url, otherToken, '/api/user/userInfo/')).status).toBe(401);
    await otherPage.reload();
    await otherPage.waitForURL(`${server.url}/user`);
    await other.close();

    // log out, the old password is refused, the new one works
    await page.getByTestId('user-menu').click();
    await page.locator('.ant-dropdown:visible').getByText('退出', { exact: true }).click();
    await page.waitForURL(`${server.url}/user`);
    await page.getByPlaceholder('用户名').pressSequentially('admin');
    await page.getByPlaceholder('密码').pressSequentially(ADMIN_PASSWORD);
    await page.getByTestId('login-submit').click();
    await visible(page.getByText('用户名或密码错误'));
    await uiLogin(page, server.url, { password: NEW_PASSWORD });
    await visible(page.getByTestId('home'));
  });
});
