import { beforeAll, describe, expect, inject, it } from 'vitest';
import { api, apiLogin, changeFirstPassword, TOKEN_KEY, uiLogin } from './harness.mjs';
import { useBrowser, visible } from './support.ts';

const base = inject('baseUrl');
const b = useBrowser();
let admin: string;
const stamp = Date.now() % 1_000_000;
const roleName = `题库编辑${stamp}`;
const loginid = `editor${stamp}`;

const menuId = async (url: string) => {
  const menus = (await api(base, admin, '/api/system/menu/')).body!.data as { id: number; url: string }[];
  return menus.find((m) => m.url === url)!.id;
};

beforeAll(async () => {
  admin = await apiLogin(base);
});

describe('permissions the server enforces, seen in the browser', () => {
  it('a role granted only the question pages: its account sees only those menus, gets 无权限 for /manage/user by URL and 403 from the member API', async () => {
    const { page } = b;
    const saved = await api(base, admin, '/api/action/save/', {
      method: 'POST',
      body: { _flag: 'sys_role', params: { name: roleName, department: '内容部' } },
    });
    expect(saved.status).toBe(200);
    const role = { id: (saved.body!.data as { id: number }).id };
    const user = (await api(base, admin, '/api/user/save/', { method: 'POST', body: { params: { loginid, name: '题库编辑员' } } })).body!.data as {
      id: number;
      password: string;
    };
    // a new account changes its first password before anything else (done here through the API)
    const password = await changeFirstPassword(base, loginid, user.password);

    // the administrator ticks the question pages for the role on the permission page
    await uiLogin(page, base);
    await page.goto(`${base}/manage/permission`);
    await visible(page.getByTestId('permission-role-tree'));
    await page.getByTestId('permission-role-tree').getByText(roleName, { exact: true }).click();
    for (const url of ['/manage/questionsClass', '/manage/questionsSmallClass', '/manage/questionBank']) {
      await page.getByTestId(`grant-${await menuId(url)}-view`).click();
    }
    await page.getByTestId(`grant-${await menuId('/manage/questionBank')}-save`).click();
    await page.getByTestId('permission-save').click();
    await visible(page.getByText('保存成功'));
    const grants = ((await api(base, admin, `/api/access/role/?roleId=${role.id}`)).body!.data as { grants: unknown }).grants as { actions: string[] }[];
    expect(grants.map((g) => g.actions).sort()).toEqual([['view'], ['view'], ['view', 'save']].sort());

    // and gives the account that role on the user page
    await page.goto(`${base}/manage/user`);
    const row = page.locator('.ant-table-row:visible').filter({ hasText: loginid });
    await row.getByText('分配角色').click();
    await page.getByTestId('user-roles-select').click();
    await page.locator('.ant-select-item-option').filter({ hasText: roleName }).click();
    await page.keyboard.press('Escape');
    await page
      .locator('.ant-modal-confirm:visible')
      .getByRole('button', { name: /保\s*存/ })
      .click();
    await expect.poll(async () => ((await api(base, admin, `/api/user/roles/?id=${user.id}`)).body!.data as { roleIds: number[] }).roleIds).toEqual([role.id]);

    // the account itself
    await page.evaluate((key) => localStorage.removeItem(key), TOKEN_KEY);
    await uiLogin(page, base, { loginid, password });
    const nav = page.getByTestId('nav-menu');
    await visible(nav.getByText('题库管理'));
    expect(await nav.getByText('系统管理').count()).toBe(0);
    expect(await nav.getByText('运营管理').count()).toBe(0);
    await page.goto(`${base}/manage/user`);
    await visible(page.getByTestId('page-no-access'));
    await visible(page.getByText('无权限'));
    // a page it may read but not write: no add button on the subjects, add on the questions
    await page.goto(`${base}/manage/questionsClass`);
    await visible(page.getByTestId('crud-page-questionsClass'));
    expect(await page.getByTestId('toolbar-add').filter({ visible: true }).count()).toBe(0);
    await page.goto(`${base}/manage/questionBank`);
    await visible(page.getByTestId('crud-page-questionBank'));
    await visible(page.getByTestId('toolbar-add'));
    // by hand, with its own token
    const token = (await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY))!;
    const members = await api(base, token, '/api/select/?_flag=sys_member');
    expect(members.status).toBe(403);
    expect(members.body).toMatchObject({ status: false, code: 'FORBIDDEN' });
    expect((await api(base, token, '/api/select/?_flag=questionBank&row=1')).status).toBe(200);
  });

  it('在线用户 lists the live sessions and 强制下线 ends another account’s session at once', async () => {
    const { page } = b;
    const who = `online${stamp}`;
    const made = (await api(base, admin, '/api/user/save/', { method: 'POST', body: { params: { loginid: who, name: '在线测试' } } })).body!.data as {
      password: string;
    };
    const token = await apiLogin(base, who, made.password);
    expect((await api(base, token, '/api/user/userInfo/')).status).toBe(200);
    await uiLogin(page, base);
    await page.goto(`${base}/manage/onlineSessions`);
    const row = page.locator('.ant-table-row:visible').filter({ hasText: who });
    await visible(row);
    await row.getByRole('button', { name: '强制下线' }).click();
    await page
      .locator('.ant-modal-confirm:visible')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await visible(page.getByText('已强制下线'));
    await expect.poll(async () => (await api(base, token, '/api/user/userInfo/')).status).toBe(401);
    // the administrator's own session is marked and cannot be ended from here
    const mine = page.locator('.ant-table-row:visible').filter({ hasText: '当前会话' });
    await visible(mine);
    expect(await mine.getByRole('button', { name: '强制下线' }).isDisabled()).toBe(true);
  });
});
