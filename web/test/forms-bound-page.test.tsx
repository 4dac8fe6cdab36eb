import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import type { FormSchema, MenuRow, TableMeta } from '@qb/contracts';
import ManageLayout from '../src/shell/ManageLayout.tsx';
import { useTabsStore } from '../src/app/stores.ts';
import { setLanguage } from '../src/i18n/index.ts';
import { fakeFetch, ok, renderWithApp, type FakeCall } from './helpers.tsx';

/** A table whose form definition (sys_layTable) is bound to it: the page's add/edit dialog is that form (issue 12). */
const form: FormSchema = {
  version: 2,
  fields: [
    { kind: 'text', name: 'title', label: { zh: '书籍名称', en: 'Book title' }, rules: { required: true, requiredMessage: { zh: '书名必填' } } },
    {
      kind: 'checkbox',
      name: 'tags',
      label: { zh: '标签' },
      options: [
        { label: { zh: '新书' }, value: 'new' },
        { label: { zh: '热门' }, value: 'hot' },
      ],
    },
    {
      kind: 'radio',
      name: 'genre',
      label: { zh: '类别' },
      options: [
        { label: { zh: '小说' }, value: 1 },
        { label: { zh: '历史' }, value: 2 },
      ],
    },
    {
      kind: 'text',
      name: 'era',
      label: { zh: '朝代' },
      rules: { required: true },
      linkage: [{ when: { field: 'genre', op: 'equals', value: 2 }, then: 'show' }],
    },
  ],
};

const columns: TableMeta['columns'] = [
  { name: 'id', type: 'int', title: { zh: '编号', en: 'id' }, required: false, filterable: true, sortable: true, serverFilled: true },
  { name: 'title', type: 'nvarchar', length: 80, title: { zh: '书名', en: 'Title' }, required: true, filterable: true, sortable: true },
  { name: 'tags', type: 'nvarchar', length: 500, title: { zh: '标签', en: 'Tags' }, required: false, filterable: true, sortable: true },
  { name: 'genre', type: 'int', title: { zh: '类别', en: 'Genre' }, required: false, filterable: true, sortable: true },
  { name: 'era', type: 'nvarchar', length: 50, title: { zh: '朝代', en: 'Era' }, required: false, filterable: true, sortable: true },
  { name: 'price', type: 'money', title: { zh: '价格', en: 'Price' }, required: false, filterable: true, sortable: true },
];
const meta = (bound: boolean): TableMeta => ({
  flag: 'book',
  title: { zh: '图书', en: 'Books' },
  softDelete: true,
  source: 10000,
  primaryKey: 'id',
  dynamic: true,
  columns,
  ...(bound ? { form: form as unknown as TableMeta['form'] } : {}),
});

const menuRows: MenuRow[] = [
  { id: 1, name: '首页', url: '/manage/home', parentMenu: 0, display: 1 },
  { id: 2, name: '图书', url: '/manage/book', parentMenu: 0, display: 1 },
].map((r) => ({ menuType: 1, icon: null, menuMark: null, sortNum: 0, intro: null, createTime: '', ...r }));
let calls: FakeCall[];
let bound = true;

beforeEach(async () => {
  await setLanguage('zh-CN');
  useTabsStore.getState().reset();
  bound = true;
  calls = fakeFetch((call) => {
    const path = call.url.pathname;
    if (path === '/api/system/menu/') return ok(menuRows);
    if (path === '/api/user/userInfo/') return ok([{ id: 1, loginid: 'admin', name: '管理员' }]);
    if (path === '/api/schema/book') return ok(meta(bound));
    // the server keeps a list of the bound form as JSON text
    if (path === '/api/select/' && call.url.searchParams.get('_flag') === 'book')
      return ok([{ id: 1, title: '史记', tags: '["hot"]', genre: 2, era: '汉', price: 9 }], { total: 1 });
    if (path === '/api/action/save/') return ok({ id: 2, created: true });
    return ok([]);
  });
});
afterEach(() => vi.unstubAllGlobals());

const renderShell = () =>
  renderWithApp(
    <Routes>
      <Route path="/manage/*" element={<ManageLayout />} />
    </Routes>,
    { path: '/manage/book' },
  );

async function openDialog(open: () => Promise<void>) {
  await open();
  const submit = await screen.findByTestId('schema-dialog-submit');
  return { dialog: submit.closest<HTMLElement>('[role="dialog"]')!, submit };
}

describe('the generic page of a table bound to a form', () => {
  it('adds with the bound form: its fields, its messages, its linkage; lists are sent as lists', async () => {
    renderShell();
    const table = await screen.findByTestId('crud-table');
    await within(table).findByText('史记');
    const { dialog, submit } = await openDialog(() => userEvent.click(screen.getByTestId('toolbar-add')));
    // the form's labels and controls, not the columns': no price, the form's own title label
    expect(within(dialog).getByLabelText('书籍名称')).toBeTruthy();
    expect(within(dialog).queryByLabelText('价格')).toBeNull();
    expect(within(dialog).getByText('新书')).toBeTruthy();
    expect(within(dialog).queryByLabelText('朝代')).toBeNull();
    await userEvent.click(submit);
    expect(await within(dialog).findByText('书名必填')).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText('书籍名称'), '资治通鉴');
    await userEvent.click(within(dialog).getByText('热门'));
    await userEvent.click(within(dialog).getByText('历史'));
    // shown by the linkage, and required
    expect(await within(dialog).findByLabelText('朝代')).toBeTruthy();
    await userEvent.click(submit);
    expect(await within(dialog).findByText('请输入朝代')).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText('朝代'), '宋');
    await userEvent.click(submit);
    expect(await screen.findByText('保存成功')).toBeTruthy();
    const save = calls.find((c) => c.url.pathname === '/api/action/save/')!;
    expect(save.body).toEqual({ _flag: 'book', params: { title: '资治通鉴', tags: ['hot'], genre: 2, era: '宋' } });
  }, 60_000);

  it('edits a row with the bound form, its stored JSON list read back as the checked boxes', async () => {
    renderShell();
    const table = await screen.findByTestId('crud-table');
    await within(table).findByText('史记');
    const { dialog, submit } = await openDialog(() => userEvent.click(within(table).getByRole('button', { name: /编\s*辑/ })));
    expect((within(dialog).getByLabelText('书籍名称') as HTMLInputElement).value).toBe('史记');
    const checked = [...dialog.querySelectorAll<HTMLInputElement>('.ant-checkbox-input')].filter((i) => i.checked).map((i) => i.value);
    expect(checked).toEqual(['hot']);
    expect((within(dialog).getByLabelText('朝代') as HTMLInputElement).value).toBe('汉');
    await userEvent.click(submit);
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/action/save/')).toBe(true));
    const save = calls.find((c) => c.url.pathname === '/api/action/save/')!;
    expect(save.body).toEqual({ _flag: 'book', params: { id: 1, title: '史记', tags: ['hot'], genre: 2, era: '汉' } });
  }, 60_000);

  it('keeps the form derived from the columns when no form is bound', async () => {
    bound = false;
    renderShell();
    await within(await screen.findByTestId('crud-table')).findByText('史记');
    const { dialog } = await openDialog(() => userEvent.click(screen.getByTestId('toolbar-add')));
    expect(within(dialog).getByLabelText('书名')).toBeTruthy();
    expect(within(dialog).getByLabelText('价格')).toBeTruthy();
    expect(within(dialog).queryByLabelText('书籍名称')).toBeNull();
  }, 60_000);
});
