import { beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { apiLogin, sessionLogin } from './harness.mjs';
import { activeTab, clickMenu, expectTabs, gone, tab, useBrowser, visible } from './support.ts';

const base = inject('baseUrl');
const b = useBrowser();
let token: string;

beforeAll(async () => {
  token = await apiLogin(base);
});

beforeEach(async () => {
  await sessionLogin(b.page, base, token);
});

describe('navigation and tag tabs', () => {
  it('menu items open pages in tabs; one branch open at a time', async () => {
    const { page } = b;
    await expectTabs(page, ['首页']);
    await clickMenu(page, '系统管理');
    await clickMenu(page, '菜单管理');
    await page.waitForURL(`${base}/manage/menu`);
    await visible(page.getByTestId('crud-page-menu'));
    await clickMenu(page, '角色管理');
    await page.waitForURL(`${base}/manage/role`);
    await expectTabs(page, ['首页', '菜单管理', '角色管理']);
    expect(await activeTab(page)).toBe('角色管理');

    // opening another group closes 系统管理
    await clickMenu(page, '运营管理');
    await visible(page.getByTestId('nav-menu').getByText('小程序用户管理', { exact: true }));
    await gone(page.getByTestId('nav-menu').getByText('菜单管理', { exact: true }));
    await clickMenu(page, '小程序用户管理');
    await page.waitForURL(`${base}/manage/member`);
    await expectTabs(page, ['首页', '菜单管理', '角色管理', '小程序用户管理']);

    // a tab click navigates, and the menu follows
    await tab(page, '菜单管理').click();
    await page.waitForURL(`${base}/manage/menu`);
    await visible(page.getByTestId('nav-menu').locator('.ant-menu-item-selected', { hasText: '菜单管理' }));

    // the home page's cards open their pages too
    await tab(page, '首页').click();
    await page.getByTestId('count-questions').click();
    await page.waitForURL(`${base}/manage/questionBank`);
  });

  it('close selects the neighbour, close-others, close-all; the list survives a reload', async () => {
    const { page } = b;
    for (const url of ['menu', 'permission', 'connSql']) {
      await page.goto(`${base}/manage/${url}`);
      await visible(page.locator('[data-testid="not-built"]:visible, .qb-crud:visible, [data-testid="permission-page"]:visible'));
    }
    await expectTabs(page, ['首页', '菜单管理', '权限管理', '数据源管理']);
    // Home has no close button
    expect(await tab(page, '首页').locator('.qb-tag-close').count()).toBe(0);

    await tab(page, '权限管理').click();
    await page.waitForURL(`${base}/manage/permission`);
    await tab(page, '权限管理').locator('.qb-tag-close').click();
    await page.waitForURL(`${base}/manage/connSql`);
    await expectTabs(page, ['首页', '菜单管理', '数据源管理']);
    expect(await activeTab(page)).toBe('数据源管理');

    // closing the last tab selects its left neighbour
    await tab(page, '数据源管理').locator('.qb-tag-close').click();
    await page.waitForURL(`${base}/manage/menu`);
    await page.goto(`${base}/manage/connSql`);
    await visible(tab(page, '数据源管理'));

    await page.reload();
    await visible(page.getByTestId('tags-track'));
    await expectTabs(page, ['首页', '菜单管理', '数据源管理']);
    expect(await activeTab(page)).toBe('数据源管理');

    // context menu on a tab: 关闭其他 keeps Home and that tab, and selects it
    await tab(page, '菜单管理').click({ button: 'right' });
    await page.locator('.ant-dropdown:visible').getByText('关闭其他', { exact: true }).click();
    await page.waitForURL(`${base}/manage/menu`);
    await expectTabs(page, ['首页', '菜单管理']);
    // the page shown, and the branch of the current page opened by itself (clicking 系统管理 now would close it:
    // waiting for this, not racing it)
    await visible(page.getByTestId('crud-page-menu'));
    await expect
      .poll(() => page.getByTestId('nav-menu').locator('.ant-menu-submenu-title', { hasText: '系统管理' }).getAttribute('aria-expanded'))
      .toBe('true');

    // the tab-actions menu: 关闭所有 keeps Home only
    await clickMenu(page, '角色管理');
    await page.waitForURL(`${base}/manage/role`);
    await page.getByTestId('tags-actions').click();
    await page.locator('.ant-dropdown:visible').getByText('关闭所有', { exact: true }).click();
    await page.waitForURL(`${base}/manage/home`);
    await expectTabs(page, ['首页']);
    await page.reload();
    await visible(page.getByTestId('home'));
    await expectTabs(page, ['首页']);
  });

  it('scroll buttons move the tags 240 px when they overflow', async () => {
    const { page } = b;
    await page.setViewportSize({ width: 1100, height: 800 });
    const pages = [
      'menu',
      'role',
      'user',
      'permission',
      'member',
      'billFlow',
      'questionBank',
      'questionsClass',
      'questionsSmallClass',
      'taskConfiguration',
      'testList',
      'testThree',
      'roleList',
      'userList',
    ];
    for (const p of pages) {
      await page.goto(`${base}/manage/${p}`);
      await visible(
        page.locator(
          '[data-testid="not-built"]:visible, .qb-crud:visible, [data-testid="task-configuration"]:visible, [data-testid="permission-page"]:visible',
        ),
      );
    }
    await visible(page.getByTestId('tags-left'));
    const track = page.getByTestId('tags-track');
    // the active (last) tag was scrolled into view
    const max = await track.evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(max).toBeGreaterThan(240);
    await page.waitForFunction(() => {
      const el = document.querySelector('[data-testid="tags-track"]')!;
      return el.scrollLeft >= el.scrollWidth - el.clientWidth - 1;
    });
    await page.getByTestId('tags-left').click();
    await page.waitForFunction((m) => Math.abs(document.querySelector('[data-testid="tags-track"]')!.scrollLeft - (m - 240)) < 2, max);
    await page.getByTestId('tags-right').click();
    await page.waitForFunction((m) => Math.abs(document.querySelector('[data-testid="tags-track"]')!.scrollLeft - m) < 2, max);
  });

  it('the collapsed navigation stays collapsed over a reload, and collapses itself below 992 px', async () => {
    const { page } = b;
    const sider = page.getByTestId('sider');
    expect(await sider.getAttribute('data-collapsed')).toBe('false');
    await page.getByTestId('collapse-toggle').click();
    await page.waitForFunction(() => document.querySelector('[data-testid="sider"]')?.getBoundingClientRect().width === 64);
    await page.reload();
    await visible(page.getByTestId('nav-menu'));
    expect(await sider.getAttribute('data-collapsed')).toBe('true');
    expect((await sider.boundingBox())!.width).toBe(64);
    await page.getByTestId('collapse-toggle').click();
    await page.waitForFunction(() => document.querySelector('[data-testid="sider"]')?.getBoundingClientRect().width === 220);
    await page.reload();
    await visible(page.getByTestId('nav-menu'));
    expect(await sider.getAttribute('data-collapsed')).toBe('false');

    await page.setViewportSize({ width: 900, height: 800 });
    await page.waitForFunction(() => document.querySelector('[data-testid="sider"]')?.getAttribute('data-collapsed') === 'true');
  });

  it('switches the language (menu, tabs, header, antd) and remembers it', async () => {
    const { page } = b;
    await clickMenu(page, '系统管理');
    await clickMenu(page, '菜单管理');
    await page.getByTestId('language-switch').click();
    await page.locator('.ant-dropdown:visible').getByText('English', { exact: true }).click();
    await visible(page.getByTestId('nav-menu').getByText('System', { exact: true }));
    await expectTabs(page, ['Home', 'Menus']);
    await visible(page.locator('.qb-crud:visible thead').getByText('Menu name', { exact: true }));
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en-US');
    await page.getByTestId('user-menu').click();
    await visible(page.locator('.ant-dropdown:visible').getByText('Change password', { exact: true }));
    await page.keyboard.press('Escape');

    await page.reload();
    await visible(page.getByTestId('nav-menu').getByText('System', { exact: true }));
    expect(await activeTab(page)).toBe('Menus');

    await page.getByTestId('language-switch').click();
    await page.locator('.ant-dropdown:visible').getByText('简体中文', { exact: true }).click();
    await visible(page.getByTestId('nav-menu').getByText('系统管理', { exact: true }));
    await expectTabs(page, ['首页', '菜单管理']);
  });

  it('基本资料 shows the account', async () => {
    const { page } = b;
    await page.getByTestId('user-menu').click();
    await page.locator('.ant-dropdown:visible').getByText('基本资料', { exact: true }).click();
    await page.waitForURL(`${base}/manage/profile`);
    const profile = await visible(page.getByTestId('profile'));
    await visible(profile.locator('.ant-descriptions-item-content', { hasText: /^admin$/ }));
    expect(await activeTab(page)).toBe('基本资料');
  });
});
