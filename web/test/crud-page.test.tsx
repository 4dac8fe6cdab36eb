import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ColumnMeta, TableMeta } from '@qb/contracts';
import { TablePage } from '../src/crud/TablePage.tsx';
import type { PageOverrides } from '../src/crud/configFromMeta.ts';
import { tablePrefsKey } from '../src/crud/tablePrefs.ts';
import { setLanguage } from '../src/i18n/index.ts';
import { fakeFetch, ok, renderWithApp, type FakeCall } from './helpers.tsx';

/** A column of the fake metadata: every one required, titled by its name (in both languages), not listed unless asked. */
const column = (name: string, type: ColumnMeta['type'], more: Partial<ColumnMeta> = {}): ColumnMeta => ({
  name,
  type,
  title: { zh: name, en: name },
  required: true,
  filterable: true,
  sortable: true,
  ui: { list: false },
  ...more,
});
const twoValues = [
  { value: 1, label: { zh: 'one', en: 'one' } },
  { value: 2, label: { zh: 'two', en: 'two' } },
];

/** A table with a column of every kind the dialog offers, from the column's type or the page's override. */
const fullMeta: TableMeta = {
  flag: 'demo',
  title: { zh: '演示', en: 'Demo' },
  softDelete: true,
  source: 10000,
  primaryKey: 'id',
  dynamic: false,
  columns: [
    column('id', 'int', { required: false, ui: { list: false, form: false } }),
    column('name', 'nvarchar', { length: 50, search: 'input', ui: {} }),
    column('intro', 'ntext', { sortable: false, ui: {} }),
    column('age', 'int'),
    column('balance', 'money'),
    column('level', 'int', { enum: twoValues, search: 'select', ui: {} }),
    column('gender', 'int', { enum: twoValues }),
    column('tags', 'nvarchar', { list: true, enum: twoValues }),
    column('parentId', 'int', { references: 'demo', reference: { flag: 'demo', labelColumn: 'name', treeColumn: 'parentId' } }),
    column('birthday', 'datetime'),
    column('alarm', 'nvarchar'),
    column('seenAt', 'datetime'),
    column('photo', 'image'),
    column('attachment', 'nvarchar'),
    column('story', 'ntext', { ui: { list: false, control: 'editor' } }),
    column('code', 'nvarchar', { required: false, search: 'input', ui: {} }),
  ],
};
const smallMeta: TableMeta = { ...fullMeta, columns: [column('name', 'nvarchar', { ui: {} }), column('intro', 'ntext', { required: false, ui: {} })] };

/** The page: what the metadata cannot say (a dropdown instead of radios, a time, a file, an exact search). */
const page: PageOverrides = {
  key: 'demo',
  flag: 'demo',
  titleKey: 'route.member',
  fields: {
    level: { form: { kind: 'select' } },
    birthday: { form: { type: 'date' } },
    alarm: { form: { kind: 'time' } },
    attachment: { form: { kind: 'upload' } },
    code: { search: { op: 'eq' }, form: false },
  },
};

let rows: Record<string, unknown>[];
let total: number;
let calls: FakeCall[];
type Reply = { status?: number; body?: unknown };
let saveReply: () => Reply | Promise<Reply>;
let meta: TableMeta;

const selects = () =>
  calls.filter((c) => c.url.pathname === '/api/select/' && c.url.searchParams.get('_flag') === 'demo' && c.url.searchParams.get('row') !== '99999');
const lastWheres = () => JSON.parse(selects().at(-1)!.url.searchParams.get('wheres') ?? '{}');

beforeEach(async () => {
  await setLanguage('zh-CN');
  rows = [
    { id: 1, name: '甲', intro: '第一行', level: 1, code: 'a1' },
    { id: 2, name: '乙', intro: '第二行', level: 2, code: 'b2' },
  ];
  total = 2;
  saveReply = () => ok({ id: 3, created: true });
  meta = fullMeta;
  calls = fakeFetch((call) => {
    if (call.url.pathname === '/api/schema/demo') return ok(meta);
    if (call.url.pathname === '/api/select/') return ok(rows, { total });
    if (call.url.pathname === '/api/action/save/') return saveReply();
    if (call.url.pathname === '/api/action/delete/') return ok({ deleted: 1 });
    return { status: 404, body: { status: false, message: 'not here' } };
  });
});
afterEach(() => vi.unstubAllGlobals());

const renderPage = (overrides: PageOverrides = page) => renderWithApp(<TablePage page={overrides} />);
const table = () => screen.getByTestId('crud-table');
const headerTitles = () => [...table().querySelectorAll('thead th')].map((th) => th.textContent?.trim()).filter(Boolean);
/** The add/edit dialog once its form is there (its code loads with the first dialog). */
const openedDialog = async () => (await screen.findByTestId('schema-dialog-submit')).closest<HTMLElement>('[role="dialog"]')!;
const dialog = () => screen.getByTestId('schema-dialog-submit').closest<HTMLElement>('[role="dialog"]')!;

describe('the generic page', () => {
  it('offers no 新增 to a role whose field rules leave a column every new row needs unwritable; edits stay', async () => {
    meta = { ...smallMeta, insertNeedsUnwritable: true };
    renderPage({ key: 'demo', flag: 'demo', titleKey: 'route.member' });
    expect(await screen.findByText('第一行')).toBeTruthy();
    expect(screen.queryByTestId('toolbar-add')).toBeNull();
    expect(screen.getAllByTestId('row-edit').length).toBe(2);
  });

  it('offers 新增 when the metadata does not refuse it', async () => {
    meta = smallMeta;
    renderPage({ key: 'demo', flag: 'demo', titleKey: 'route.member' });
    expect(await screen.findByText('第一行')).toBeTruthy();
    expect(screen.getByTestId('toolbar-add')).toBeTruthy();
  });

  it('lists rows and sends only the filled search fields in wheres', async () => {
    renderPage();
    expect(await screen.findByText('第一行')).toBeTruthy();
    expect(lastWheres()).toEqual({});
    expect(selects().at(-1)!.url.searchParams.get('row')).toBe('80');

    const bar = within(screen.getByTestId('search-bar'));
    await userEvent.type(bar.getByLabelText('name'), '  甲 ');
    await userEvent.click(screen.getByTestId('search-submit'));
    await waitFor(() => expect(lastWheres()).toEqual({ name: { type: 'like', value: '甲' } }));

    await userEvent.type(bar.getByLabelText('code'), 'a1');
    await userEvent.clear(bar.getByLabelText('name'));
    await userEvent.click(screen.getByTestId('search-submit'));
    await waitFor(() => expect(lastWheres()).toEqual({ code: 'a1' }));

    await userEvent.click(screen.getByTestId('search-reset'));
    await waitFor(() => expect(lastWheres()).toEqual({}));
  });

  it('gives each kind of required field its message: 请输入 / 请选择 / 请上传', async () => {
    renderPage();
    await screen.findByText('第一行');
    await userEvent.click(screen.getByTestId('toolbar-add'));
    const submit = within(await openedDialog()).getByTestId('schema-dialog-submit');
    // the radio starts on 1 (SPEC.md §9)
    await waitFor(() => expect(within(dialog()).getAllByRole('radio').length).toBe(2));
    await userEvent.click(submit);
    const expected = {
      name: '请输入name',
      intro: '请输入intro',
      age: '请输入age',
      balance: '请输入balance',
      story: '请输入story',
      level: '请选择level',
      tags: '请选择tags',
      parentId: '请选择parentId',
      birthday: '请选择birthday',
      alarm: '请选择alarm',
      seenAt: '请选择seenAt',
      photo: '请上传photo',
      attachment: '请上传attachment',
    };
    const errors = () => [...dialog().querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent).sort();
    // the radio had its default, so it has no message
    await waitFor(() => expect(errors()).toEqual(Object.values(expected).sort()));
    expect(calls.some((c) => c.url.pathname === '/api/action/save/')).toBe(false);
  });

  it('a page’s own required message replaces the generated one', async () => {
    renderPage({ ...page, fields: { ...page.fields, name: { form: { rules: { requiredMessage: { zh: '昵称必须填写', en: 'A nickname is needed' } } } } } });
    await screen.findByText('甲');
    await userEvent.click(screen.getByTestId('toolbar-add'));
    await userEvent.click(within(await openedDialog()).getByTestId('schema-dialog-submit'));
    expect(await within(dialog()).findByText('昵称必须填写')).toBeTruthy();
    expect(within(dialog()).queryByText('请输入name')).toBeNull();
  });

  it('new mode saves without id, edit mode with the row’s id; success says 保存成功 and reloads', async () => {
    meta = smallMeta;
    renderPage();
    await screen.findByText('甲');
    await userEvent.click(screen.getByTestId('toolbar-add'));
    expect(await within(await openedDialog()).findByText('新增 · 小程序用户管理')).toBeTruthy();
    await userEvent.type(within(dialog()).getByLabelText('name'), '丙');
    const before = selects().length;
    await userEvent.click(within(dialog()).getByTestId('schema-dialog-submit'));
    expect(await screen.findByText('保存成功')).toBeTruthy();
    const insert = calls.find((c) => c.url.pathname === '/api/action/save/')!;
    expect(insert.body).toEqual({ _flag: 'demo', params: { name: '丙' } });
    await waitFor(() => expect(selects().length).toBeGreaterThan(before));

    await userEvent.click(screen.getAllByTestId('row-edit')[1]!);
    expect(await screen.findByText('编辑 · 小程序用户管理')).toBeTruthy();
    const input = within(await openedDialog()).getByLabelText('name') as HTMLInputElement;
    expect(input.value).toBe('乙');
    await userEvent.clear(input);
    await userEvent.type(input, '乙改');
    await userEvent.click(within(dialog()).getByTestId('schema-dialog-submit'));
    await waitFor(() => expect(calls.filter((c) => c.url.pathname === '/api/action/save/').length).toBe(2));
    expect(calls.filter((c) => c.url.pathname === '/api/action/save/')[1]!.body).toEqual({ _flag: 'demo', params: { name: '乙改', intro: '第二行', id: 2 } });
  });

  it('a refused save shows the server’s message and keeps the dialog open', async () => {
    saveReply = () => ({ status: 400, body: { status: false, success: false, message: '数据表 demo 的字段 name 太长' } });
    meta = smallMeta;
    renderPage();
    await screen.findByText('甲');
    await userEvent.click(screen.getByTestId('toolbar-add'));
    await userEvent.type(within(await openedDialog()).getByLabelText('name'), 'x');
    await userEvent.click(within(dialog()).getByTestId('schema-dialog-submit'));
    expect(await screen.findByText('数据表 demo 的字段 name 太长')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('delete asks 此操作将删除该数据, 是否继续?; declining does nothing, confirming deletes and says 删除成功', async () => {
    renderPage();
    await screen.findByText('第一行');
    await userEvent.click(screen.getAllByTestId('row-delete')[0]!);
    expect(await screen.findByText('此操作将删除该数据, 是否继续?')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /取\s*消/ }));
    await waitFor(() => expect(screen.queryByText('此操作将删除该数据, 是否继续?')).toBeNull());
    expect(calls.some((c) => c.url.pathname === '/api/action/delete/')).toBe(false);

    await userEvent.click(screen.getAllByTestId('row-delete')[0]!);
    await userEvent.click(await screen.findByTestId('confirm-delete'));
    expect(await screen.findByText('删除成功')).toBeTruthy();
    expect(calls.find((c) => c.url.pathname === '/api/action/delete/')!.body).toEqual({ _flag: 'demo', id: 1 });
  });

  it('the row’s delete button shows loading, and takes no second click, while the delete runs', async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const fetchOf = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).includes('/api/action/delete/')) await answered;
      return fetchOf(input, init);
    });
    renderPage();
    await screen.findByText('第一行');
    await userEvent.click(screen.getAllByTestId('row-delete')[0]!);
    await userEvent.click(await screen.findByTestId('confirm-delete'));
    const button = () => screen.getAllByTestId('row-delete')[0]! as HTMLButtonElement;
    await waitFor(() => expect(button().getAttribute('aria-busy')).toBe('true'));
    expect(button().disabled).toBe(true);
    expect(screen.getAllByTestId('row-delete')[1]!.getAttribute('aria-busy')).toBeNull();
    answer();
    expect(await screen.findByText('删除成功')).toBeTruthy();
    await waitFor(() => expect(button().getAttribute('aria-busy')).toBeNull());
    expect(calls.filter((c) => c.url.pathname === '/api/action/delete/')).toHaveLength(1);
  });

  it('batch delete sends the selected ids as a list', async () => {
    renderPage();
    await screen.findByText('第一行');
    const boxes = within(table()).getAllByRole('checkbox');
    await userEvent.click(boxes[1]!);
    await userEvent.click(boxes[2]!);
    await userEvent.click(screen.getByTestId('toolbar-batch-delete'));
    await userEvent.click(await screen.findByTestId('confirm-delete'));
    await waitFor(() => expect(calls.find((c) => c.url.pathname === '/api/action/delete/')?.body).toEqual({ _flag: 'demo', id: [1, 2] }));
  });

  it('hides the pagination on a single page and shows total, sizes and jumper otherwise', async () => {
    const view = renderPage();
    await screen.findByText('第一行');
    expect(screen.queryByTestId('crud-pagination')).toBeNull();
    view.unmount();

    total = 500;
    renderPage();
    const pagination = await screen.findByTestId('crud-pagination');
    expect(within(pagination).getByText('共 500 条')).toBeTruthy();
    expect(pagination.querySelector('.ant-pagination-options-size-changer')).toBeTruthy();
    expect(pagination.querySelector('.ant-pagination-options-quick-jumper')).toBeTruthy();
    await userEvent.click(within(pagination).getByTitle('2'));
    await waitFor(() => expect(selects().at(-1)!.url.searchParams.get('page')).toBe('2'));
  });

  it('remembers the columns chosen per page', async () => {
    const view = renderPage();
    await screen.findByText('第一行');
    expect(headerTitles()).toEqual(['name', 'intro', 'level', 'code', '操作']);
    await userEvent.click(screen.getByTestId('toolbar-columns'));
    const chooser = await screen.findByTestId('column-chooser');
    await userEvent.click(within(chooser).getByLabelText('intro'));
    await waitFor(() => expect(headerTitles()).toEqual(['name', 'level', 'code', '操作']));
    expect(JSON.parse(localStorage.getItem(tablePrefsKey('demo'))!).hidden).toEqual(['intro']);
    view.unmount();

    renderPage();
    await screen.findByText('甲');
    expect(headerTitles()).toEqual(['name', 'level', 'code', '操作']);
  });

  it('sorts on the server when a sortable header is clicked', async () => {
    renderPage();
    await screen.findByText('第一行');
    fireEvent.click(within(table()).getAllByText('level')[0]!);
    await waitFor(() => {
      const last = selects().at(-1)!.url.searchParams;
      expect([last.get('sort'), last.get('sortType')]).toEqual(['level', 'asc']);
    });
  });

  it('locks the submit button while saving', async () => {
    let release!: () => void;
    saveReply = () => new Promise<Reply>((resolve) => (release = () => resolve(ok({ id: 3, created: true }))));
    meta = smallMeta;
    renderPage();
    await screen.findByText('甲');
    await userEvent.click(screen.getByTestId('toolbar-add'));
    await userEvent.type(within(await openedDialog()).getByLabelText('name'), '丁');
    const submit = within(dialog()).getByTestId('schema-dialog-submit');
    await userEvent.click(submit);
    await waitFor(() => expect(submit.className).toContain('ant-btn-loading'));
    await userEvent.click(submit);
    expect(calls.filter((c) => c.url.pathname === '/api/action/save/')).toHaveLength(1);
    release();
    expect(await screen.findByText('保存成功')).toBeTruthy();
  });

  it('gives the page’s own toolbar and row buttons the selection, the row and a reload', async () => {
    const onToolbar = vi.fn();
    const onRow = vi.fn();
    renderPage({
      ...page,
      toolbarButtons: [{ key: 'import', labelKey: 'crud.print', onClick: onToolbar }],
      rowButtons: [{ key: 'preview', labelKey: 'crud.print', onClick: onRow }],
    });
    await screen.findByText('第一行');
    await userEvent.click(within(table()).getAllByRole('checkbox')[2]!);
    await userEvent.click(screen.getByTestId('toolbar-import'));
    expect(onToolbar.mock.calls[0]![0].selectedRows.map((r: { id: number }) => r.id)).toEqual([2]);
    await userEvent.click(within(table()).getAllByRole('button', { name: '打印' })[0]!);
    expect(onRow.mock.calls[0]![0]).toMatchObject({ id: 1, name: '甲' });
    const before = selects().length;
    onRow.mock.calls[0]![1].reload();
    await waitFor(() => expect(selects().length).toBeGreaterThan(before));
  });
});
