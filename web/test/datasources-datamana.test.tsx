import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import DataManaPage from '../src/pages/datasources/DataManaPage.tsx';
import { SAVE_DEBOUNCE_MS } from '../src/pages/datasources/TableDefinitionDialog.tsx';
import { setLanguage } from '../src/i18n/index.ts';
import { fakeFetch, ok, renderWithApp, type FakeCall } from './helpers.tsx';
import { connSqlMeta, dataSheetMeta, tableFieldsMeta } from './datasources-fixtures.ts';

type Reply = { status?: number; body?: unknown };
let calls: FakeCall[];
let masterSlaveReply: () => Reply;
/** the signed-in account: an administrator unless a test says otherwise */
let account: Record<string, unknown>;
const sheets = [{ id: 5, tableName: 'book', intro: '图书', parentid: 10000, created: 0 }];
const fields = [
  { id: 11, parentid: 5, columnName: 'title', type: 'nvarchar', length: 50, defaults: null, primaryKey: 0, nonEmpty: 1, autoIncrement: 0, intro: '书名' },
  { id: 12, parentid: 5, columnName: 'price', type: 'money', length: 50, defaults: null, primaryKey: 0, nonEmpty: 0, autoIncrement: 0, intro: '价格' },
];
const statements = ['CREATE TABLE "book" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, "title" TEXT NOT NULL, "price" NUMERIC(18,2))'];

beforeEach(async () => {
  await setLanguage('zh-CN');
  masterSlaveReply = () => ok({ id: 6, created: true, children: [] });
  account = { id: 1, loginid: 'admin', name: '管理员', isAdmin: true };
  calls = fakeFetch((call) => {
    const flag = call.url.searchParams.get('_flag');
    if (call.url.pathname === '/api/user/userInfo/') return ok([account]);
    if (call.url.pathname === '/api/schema/sys_dataSheet') return ok(dataSheetMeta);
    if (call.url.pathname === '/api/schema/sys_tableFields') return ok(tableFieldsMeta);
    if (call.url.pathname === '/api/schema/sys_connsql') return ok(connSqlMeta);
    if (call.url.pathname === '/api/select/' && flag === 'sys_connsql') return ok([], { total: 0 });
    if (call.url.pathname === '/api/select/' && flag === 'sys_dataSheet') return ok(sheets, { total: 1 });
    if (call.url.pathname === '/api/select/' && flag === 'sys_tableFields') return ok(fields, { total: 2 });
    if (call.url.pathname === '/api/action/masterSlave/') return masterSlaveReply();
    if (call.url.pathname === '/api/datasources/tables/')
      return ok([
        { tableName: 'book', defined: true },
        { tableName: 'orders', defined: false },
      ]);
    if (call.url.pathname === '/api/datasources/readBack/') return ok({ id: 9 });
    if (call.url.pathname === '/api/action/createSqlTable/') {
      const body = call.body as { id: number; preview?: boolean };
      return ok({ sheetId: body.id, sourceId: 10000, tableName: 'book', statements, applied: !body.preview, created: !body.preview });
    }
    return { status: 404, body: { status: false, message: 'not here' } };
  });
});
afterEach(() => vi.unstubAllGlobals());

const calledOn = (path: string) => calls.filter((c) => c.url.pathname === path);
const dialog = async () => (await screen.findByTestId('table-save')).closest<HTMLElement>('[role="dialog"]')!;

async function renderPage() {
  renderWithApp(<DataManaPage />);
  await screen.findByText('book');
}

async function openNewTable() {
  await renderPage();
  await userEvent.click(screen.getByTestId('source-10000'));
  await waitFor(() => expect(screen.getByTestId('source-tag').textContent).toContain('本地数据库'));
  await userEvent.click(screen.getByTestId('toolbar-add'));
  const root = await dialog();
  await userEvent.type(within(root).getByLabelText('表名'), 'novel');
  await userEvent.type(within(root).getByTestId('column-name'), 'title');
  return root;
}

describe('数据库管理', () => {
  it('refuses 新增 while no source is chosen: 请先选择数据源', async () => {
    await renderPage();
    await userEvent.click(screen.getByTestId('toolbar-add'));
    expect(await screen.findByText('请先选择数据源')).toBeTruthy();
    expect(screen.queryByTestId('table-save')).toBeNull();
  });

  it('lists the chosen source’s tables: wheres parentid', async () => {
    await renderPage();
    await userEvent.click(screen.getByTestId('source-10000'));
    await waitFor(() => {
      const last = calls.filter((c) => c.url.searchParams.get('_flag') === 'sys_dataSheet').at(-1)!;
      expect(JSON.parse(last.url.searchParams.get('wheres') ?? '{}')).toMatchObject({ parentid: 10000 });
    });
    // the tag closes: no source chosen again
    await userEvent.click(screen.getByTestId('source-tag').querySelector<HTMLElement>('.ant-tag-close-icon')!);
    expect(await screen.findByText('未选择数据源')).toBeTruthy();
  });

  it('a removed saved column is sent with isdelete 1, a removed new one is not sent at all', async () => {
    await renderPage();
    await userEvent.click(screen.getByTestId('row-edit'));
    const root = await dialog();
    await waitFor(() => expect(within(root).getAllByTestId('column-name')).toHaveLength(2));
    expect((within(root).getByLabelText('表名') as HTMLInputElement).disabled).toBe(true);
    await userEvent.click(within(root).getByTestId('column-add'));
    await userEvent.type(within(root).getAllByTestId('column-name')[2]!, 'draft');
    // remove the new one, then the saved "price"
    await userEvent.click(within(root).getAllByTestId('column-remove')[2]!);
    await userEvent.click(within(root).getAllByTestId('column-remove')[1]!);
    expect(within(root).getAllByTestId('column-name')).toHaveLength(1);
    await userEvent.click(within(root).getByTestId('table-save'));
    await waitFor(() => expect(calledOn('/api/action/masterSlave/')).toHaveLength(1));
    const body = calledOn('/api/action/masterSlave/')[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      _flag: 'sys_dataSheet',
      _flagChidren: 'sys_tableFields',
      bindField: 'parentid',
      mainData: { id: 5, tableName: 'book', parentid: 10000 },
    });
    const children = body.chidrenData as Record<string, unknown>[];
    expect(children.map((c) => [c.id, c.columnName, c.isdelete])).toEqual([
      [11, 'title', 0],
      [12, 'price', 1],
    ]);
    expect(children[0]).toMatchObject({ type: 'nvarchar', length: 50, nonEmpty: 1, intro: '书名' });
  });

  it('a new table is defined on the chosen source, its new column 50 long by default', async () => {
    const root = await openNewTable();
    await userEvent.click(within(root).getByTestId('table-save'));
    await waitFor(() => expect(calledOn('/api/action/masterSlave/')).toHaveLength(1));
    const body = calledOn('/api/action/masterSlave/')[0]!.body as { mainData: unknown; chidrenData: unknown[] };
    expect(body.mainData).toEqual({ tableName: 'novel', intro: '', titleEn: '', parentid: 10000 });
    expect(body.chidrenData).toEqual([
      {
        columnName: 'title',
        type: 'nvarchar',
        length: 50,
        defaults: '',
        primaryKey: 0,
        nonEmpty: 0,
        autoIncrement: 0,
        intro: '',
        titleEn: '',
        options: null,
        refTable: null,
        refLabel: null,
        isdelete: 0,
      },
    ]);
  });

  it('debounces 保存: clicks within 1 s send one request, a click after it another', async () => {
    masterSlaveReply = () => ({ status: 400, body: { status: false, success: false, message: '表名 novel 已存在' } });
    const root = await openNewTable();
    const save = within(root).getByTestId('table-save');
    // the dialog's clock (Date.now) moves only when the test says: on a loaded machine the answer alone can take over 1 s
    vi.useFakeTimers({ toFake: ['Date'] });
    fireEvent.click(save);
    fireEvent.click(save);
    expect(await screen.findByText('表名 novel 已存在')).toBeTruthy();
    vi.advanceTimersByTime(SAVE_DEBOUNCE_MS - 1);
    fireEvent.click(save);
    // a click let through calls fetch after the form's check, well within 300 ms (a slow machine can hide it, not fake it)
    await act(() => new Promise((r) => setTimeout(r, 300)));
    expect(calledOn('/api/action/masterSlave/')).toHaveLength(1);
    vi.advanceTimersByTime(1);
    fireEvent.click(save);
    await waitFor(() => expect(calledOn('/api/action/masterSlave/')).toHaveLength(2));
  });

  it('创建表 shows the SQL first and runs it only when confirmed', async () => {
    await renderPage();
    await userEvent.click(screen.getByRole('button', { name: '创建表' }));
    const preview = await screen.findByTestId('sql-preview');
    expect(preview.textContent).toContain('CREATE TABLE "book"');
    expect(calledOn('/api/action/createSqlTable/').map((c) => c.body)).toEqual([{ id: 5, preview: true }]);
    await userEvent.click(screen.getByTestId('confirm-create-table'));
    expect(await screen.findByText('建表成功')).toBeTruthy();
    expect(calledOn('/api/action/createSqlTable/').map((c) => c.body)).toEqual([{ id: 5, preview: true }, { id: 5 }]);
  });

  it('a declined preview runs nothing', async () => {
    await renderPage();
    await userEvent.click(screen.getByRole('button', { name: '创建表' }));
    await screen.findByTestId('sql-preview');
    await userEvent.click(screen.getByRole('button', { name: /取\s*消/ }));
    await waitFor(() => expect(screen.queryByTestId('sql-preview')).toBeNull());
    expect(calledOn('/api/action/createSqlTable/')).toHaveLength(1);
  });

  it('从数据库读取 offers the source’s tables without a definition and reads the chosen one back', async () => {
    await renderPage();
    await userEvent.click(screen.getByRole('button', { name: '从数据库读取' }));
    expect(await screen.findByText('请先选择数据源')).toBeTruthy();
    expect(calledOn('/api/datasources/tables/')).toHaveLength(0);

    await userEvent.click(screen.getByTestId('source-10000'));
    await userEvent.click(screen.getByRole('button', { name: '从数据库读取' }));
    const select = await screen.findByTestId('read-back-select');
    expect(calledOn('/api/datasources/tables/')[0]!.url.searchParams.get('sourceId')).toBe('10000');
    // only the table without a definition is offered
    expect(select.textContent).toContain('orders');
    const before = calls.filter((c) => c.url.searchParams.get('_flag') === 'sys_dataSheet').length;
    await userEvent.click(screen.getByRole('button', { name: /^读\s*取$/ }));
    expect(await screen.findByText('已读取表 orders')).toBeTruthy();
    expect(calledOn('/api/datasources/readBack/')[0]!.body).toEqual({ sourceId: 10000, tableName: 'orders' });
    await waitFor(() => expect(calls.filter((c) => c.url.searchParams.get('_flag') === 'sys_dataSheet').length).toBeGreaterThan(before));
  });

  it('follows the role’s grants: a role that may only view sees the history, nothing that changes tables', async () => {
    account = { id: 2, loginid: 'viewer', name: '只读', isAdmin: false, grants: { sys_dataSheet: ['view'], sys_connsql: ['view'], sys_ddlHistory: ['view'] } };
    await renderPage();
    await waitFor(() => expect(screen.queryByTestId('toolbar-add')).toBeNull());
    expect(screen.getByRole('button', { name: '建表历史' })).toBeTruthy();
    for (const label of ['创建表', '生成页面', '从数据库读取']) expect(screen.queryByRole('button', { name: label })).toBeNull();
    expect(screen.queryByTestId('row-edit')).toBeNull();
  });

  it('生成页面 needs the menu grant too', async () => {
    account = {
      id: 3,
      loginid: 'builder',
      name: '建表员',
      isAdmin: false,
      grants: { sys_dataSheet: ['view', 'save'], sys_tableFields: ['view', 'save'], sys_connsql: ['view'] },
    };
    await renderPage();
    await waitFor(() => expect(screen.getByRole('button', { name: '创建表' })).toBeTruthy());
    expect(screen.queryByRole('button', { name: '生成页面' })).toBeNull();
  });
});
