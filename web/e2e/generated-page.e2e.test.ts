import { beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api, apiLogin, defineBookTable, TOKEN_KEY, sessionLogin } from './harness.mjs';
import { gone, tabTitles, useBrowser, visible } from './support.ts';

const base = inject('baseUrl');
const b = useBrowser();
let token: string;

type Meta = {
  flag: string;
  title: { zh: string; en: string };
  columns: { name: string; title: { zh: string; en: string }; enum?: { value: unknown; label: { zh: string; en: string } }[] }[];
};

/** A table of this run, defined as an operator does (harness.mjs). */
const table = `e2ebook${Date.now() % 1_000_000}`;

const activePage = (page: Page) => page.locator('.qb-crud:visible');
const dialog = (page: Page) => page.locator('.ant-modal:visible').filter({ has: page.getByTestId('schema-form') });
const headers = (page: Page) => activePage(page).locator('.ant-table-thead th').allInnerTexts();

beforeAll(async () => {
  token = await apiLogin(base);
});
beforeEach(async () => {
  await sessionLogin(b.page, base, token);
});

describe('pages from the table registry', () => {
  it('the server answers SPEC.md’s titles and enumeration labels verbatim, in both languages', async () => {
    const all = (await api(base, token, '/api/schema/')).body!.data as Meta[];
    const meta = (flag: string) => all.find((m) => m.flag === flag)!;
    const labels = (flag: string, column: string) =>
      meta(flag)
        .columns.find((c) => c.name === column)!
        .enum!.map((e) => [e.value, e.label.zh, e.label.en]);
    expect(meta('questionsClass').title.zh).toBe('考题科目');
    expect(meta('sys_member').title.zh).toBe('小程序用户管理');
    expect(meta('userBillFlow').title.zh).toBe('用户账单流水管理');
    expect(meta('sys_member').columns.find((c) => c.name === 'name')!.title).toEqual({ zh: '昵称', en: 'Nickname' });
    expect(labels('questionsClass', 'isUp')).toEqual([
      [0, '未上架', 'Off shelf'],
      [1, '已上架', 'On shelf'],
    ]);
    expect(labels('sys_member', 'gender')).toEqual([
      [1, '男', 'Male'],
      [2, '女', 'Female'],
      [0, '未知', 'Unknown'],
    ]);
    expect(labels('userBillFlow', 'type')).toEqual([
      [1, '收入', 'Income'],
      [2, '支出', 'Expense'],
    ]);
  });

  it('a table defined at run time gets /manage/<its name>: listed from its metadata, a row added through the dialog', async () => {
    const { page } = b;
    const meta = await defineBookTable(base, token, inject('dataDir'), table);
    expect(meta.title).toEqual({ zh: '图书', en: 'Books' });

    await page.goto(`${base}/manage/${table}`);
    await visible(activePage(page).getByTestId('crud-table'));
    await page.waitForFunction(() => document.querySelector('.qb-crud [data-testid="crud-table"]')?.getAttribute('data-rows') === '0');
    expect((await headers(page)).filter(Boolean)).toEqual(['编号', '书名', '类别', '价格', '操作']);
    expect((await tabTitles(page)).at(-1)).toBe('图书');
    await visible(activePage(page).getByTestId('search-bar').getByLabel('书名'));

    await activePage(page).getByTestId('toolbar-add').click();
    const form = dialog(page);
    await visible(form.getByText('新增 · 图书'));
    // the key is the server's: not a field
    expect(await form.getByLabel('编号').count()).toBe(0);
    await form.getByTestId('schema-dialog-submit').click();
    await visible(form.getByText('请输入书名'));
    await form.getByLabel('书名').pressSequentially('史记');
    await form.getByText('历史', { exact: true }).click();
    await form.getByLabel('价格').pressSequentially('42.5');
    await form.getByTestId('schema-dialog-submit').click();
    await visible(page.getByText('保存成功', { exact: true }));
    await gone(form);

    const saved = await api(base, token, `/api/select/?_flag=${table}&wheres=${encodeURIComponent(JSON.stringify({ title: '史记' }))}`);
    expect(saved.body!.data).toEqual([{ id: 1, title: '史记', genre: 2, price: 42.5, _version: expect.stringMatching(/^[0-9a-v]{12}$/) }]);
    const row = activePage(page).locator('.ant-table-tbody tr.ant-table-row').first();
    await visible(row.getByText('史记', { exact: true }));
    await visible(row.getByRole('cell', { name: '历史', exact: true }));
    await visible(row.getByText('42.50', { exact: true }));

    // in English the same page speaks English: the titles and labels are the metadata's
    await page.evaluate(() => localStorage.setItem('qb.lang', 'en-US'));
    await page.reload();
    await visible(activePage(page).getByTestId('crud-table'));
    await visible(activePage(page).getByText('History', { exact: true }));
    expect((await headers(page)).filter(Boolean)).toEqual(['No.', 'Title', 'Genre', 'Price', 'Actions']);
    expect((await tabTitles(page)).at(-1)).toBe('Books');
    expect(await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY)).toBeTruthy();
  });

  it('a name that is no table is the not-found page, and opens no tab', async () => {
    const { page } = b;
    await page.goto(`${base}/manage/nosuchtable`);
    await visible(page.getByTestId('not-found'));
    expect(await tabTitles(page)).toEqual(['首页']);
  });
});
