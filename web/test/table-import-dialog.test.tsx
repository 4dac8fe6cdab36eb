import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TableMeta } from '@qb/contracts';
import { setLanguage } from '../src/i18n/index.ts';
import { matchColumns, TableImportDialog } from '../src/import/TableImportDialog.tsx';
import { tableImportButton } from '../src/import/tableImportButton.tsx';
import { memberPage } from '../src/pages/content/MemberPage.tsx';
import { fakeFetch, ok, renderWithApp, type FakeCall } from './helpers.tsx';

const user = userEvent.setup({ applyAccept: false, delay: null });

const meta: TableMeta = {
  flag: 'room',
  title: { zh: '考场', en: 'Exam rooms' },
  softDelete: true,
  source: 10000,
  primaryKey: 'id',
  dynamic: true,
  columns: [
    { name: 'id', type: 'int', title: { zh: '序号', en: 'No.' }, required: false, filterable: true, sortable: true, serverFilled: true },
    { name: 'code', type: 'nvarchar', title: { zh: '编号', en: 'Code' }, required: true, filterable: true, sortable: true, length: 20 },
    {
      name: 'kind',
      type: 'int',
      title: { zh: '类型', en: 'Kind' },
      required: false,
      filterable: true,
      sortable: true,
      enum: [{ value: 1, label: { zh: '教室', en: 'Room' } }],
    },
    { name: 'note', type: 'ntext', title: { zh: '备注', en: 'Note' }, required: false, filterable: true, sortable: false },
  ],
};

const members: TableMeta = {
  flag: 'sys_member',
  title: { zh: '小程序用户管理', en: 'Mini-program members' },
  softDelete: true,
  source: 10000,
  primaryKey: 'id',
  dynamic: false,
  columns: [
    { name: 'id', type: 'int', title: { zh: 'ID', en: 'ID' }, required: false, filterable: true, sortable: true, serverFilled: true },
    { name: 'name', type: 'nvarchar', title: { zh: '昵称', en: 'Nickname' }, required: true, filterable: true, sortable: true, length: 50 },
    { name: 'phone', type: 'nvarchar', title: { zh: '手机号', en: 'Phone' }, required: true, filterable: true, sortable: true, length: 20 },
  ],
};
/** what GET /api/import/tableOptions/ answers per table (server/test/table-import-keys.test.ts checks the server's) */
const OPTIONS: Record<string, unknown> = {
  room: { keyColumn: 'id', uniqueColumns: [], matchColumns: ['id', 'code', 'kind'] },
  sys_member: { keyColumn: 'phone', uniqueColumns: ['phone'], matchColumns: ['id', 'name', 'phone'] },
};

let calls: FakeCall[];
let answer: { status?: number; body?: unknown };

beforeEach(async () => {
  await setLanguage('zh-CN');
  answer = ok({ rows: 2, inserted: 1, updated: 0, skipped: 1, rejected: 0, problems: [], ignoredColumns: [] });
  calls = fakeFetch((call) => {
    if (call.url.pathname === '/api/schema/room') return ok(meta);
    if (call.url.pathname === '/api/schema/sys_member') return ok(members);
    if (call.url.pathname === '/api/import/tableOptions/') return ok(OPTIONS[call.url.searchParams.get('_flag')!]);
    if (call.url.pathname === '/api/action/upload/') return ok({ path: `/api/file/202611/${'a'.repeat(32)}.xlsx`, oldFileName: 'rooms.xlsx' });
    if (call.url.pathname === '/api/action/importTable/') return answer;
    return ok([]);
  });
});

const fileInput = () => screen.getByTestId('import-upload').querySelector('input[type=file]') as HTMLInputElement;
const xlsx = (name: string) => new File(['x'], name, { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });

describe('the table import dialog', () => {
  it('is a toolbar button of the members page that needs the import grant', () => {
    expect(tableImportButton('room')).toMatchObject({ key: 'table-import', needs: 'import', labelKey: 'tableImport:toolbar.import' });
    expect(memberPage.toolbarButtons?.map((b) => [b.key, b.needs])).toEqual([['table-import', 'import']]);
  });

  it('offers the key and plain columns to match on', () => {
    expect(matchColumns(meta, 'zh-CN').map((c) => c.value)).toEqual(['id', 'code']);
  });

  it('sends the file, the mode and the column, and shows the counts', async () => {
    const onImported = vi.fn();
    renderWithApp(<TableImportDialog flag="room" open onClose={vi.fn()} onImported={onImported} />);
    expect(await screen.findByText('导入考场')).toBeTruthy();
    await user.click(screen.getByTestId('import-submit'));
    expect(await screen.findByText('请上传模板文件')).toBeTruthy();
    await user.upload(fileInput(), xlsx('rooms.xlsx'));
    await user.click(screen.getByText('更新'));
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/action/upload/')).toBe(true));
    await user.click(screen.getByTestId('import-submit'));
    await waitFor(() => expect(screen.getByTestId('import-submit').textContent).toContain('导入成功'));
    const sent = calls.find((c) => c.url.pathname === '/api/action/importTable/')!.body;
    expect(sent).toEqual({ _flag: 'room', fileUrl: `/api/file/202611/${'a'.repeat(32)}.xlsx`, mode: 'update', keyColumn: 'id' });
    expect(within(screen.getByTestId('import-results')).getByTestId('import-count-skipped').textContent).toContain('1');
    expect(onImported).toHaveBeenCalled();
  });

  it('lists the problems of a refused file by row and column, in English too', async () => {
    await setLanguage('en-US');
    answer = {
      status: 400,
      body: {
        status: false,
        success: false,
        code: 'IMPORT_ROWS_INVALID',
        message: '1 rows are invalid, nothing was imported',
        data: { rows: 2, inserted: 0, skipped: 0, rejected: 1, problems: [{ row: 3, column: 'Kind', message: '"Hall" is not one of the choices: Room' }] },
      },
    };
    renderWithApp(<TableImportDialog flag="room" open onClose={vi.fn()} />);
    expect(await screen.findByText('Import into Exam rooms')).toBeTruthy();
    await user.upload(fileInput(), xlsx('rooms.xlsx'));
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/action/upload/')).toBe(true));
    await user.click(screen.getByTestId('import-submit'));
    const problems = await screen.findByTestId('import-problems');
    expect(within(problems).getByText('"Hall" is not one of the choices: Room')).toBeTruthy();
    expect(within(problems).getByText('Kind')).toBeTruthy();
  });

  it("presets 去重字段 to the table's natural key the server answers (the members' phone) and sends it", async () => {
    renderWithApp(<TableImportDialog flag="sys_member" open onClose={vi.fn()} />);
    expect(await screen.findByText('导入小程序用户管理')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('table-import-key').textContent).toBe('手机号 (phone)'));
    expect(matchColumns(members, 'zh-CN', 'phone').map((c) => c.value)).toEqual(['phone', 'id', 'name']);
    expect(screen.getByText(/手机号不能重复：默认按它匹配/)).toBeTruthy();
    await user.upload(fileInput(), xlsx('members.xlsx'));
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/action/upload/')).toBe(true));
    await user.click(screen.getByTestId('import-submit'));
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/action/importTable/')).toBe(true));
    expect(calls.find((c) => c.url.pathname === '/api/action/importTable/')!.body).toMatchObject({ _flag: 'sys_member', mode: 'insert', keyColumn: 'phone' });
  });

  it('tells a role that may add no member (its field rules hide the phone) that only updates go through, and presets 更新', async () => {
    const limited: TableMeta = { ...members, insertNeedsUnwritable: true, columns: members.columns.filter((c) => c.name !== 'phone') };
    calls = fakeFetch((call) => {
      if (call.url.pathname === '/api/schema/sys_member') return ok(limited);
      if (call.url.pathname === '/api/import/tableOptions/') return ok({ keyColumn: 'id', uniqueColumns: [], matchColumns: ['id', 'name'] });
      if (call.url.pathname === '/api/action/upload/') return ok({ path: `/api/file/202611/${'a'.repeat(32)}.xlsx`, oldFileName: 'members.xlsx' });
      if (call.url.pathname === '/api/action/importTable/') return answer;
      return ok([]);
    });
    renderWithApp(<TableImportDialog flag="sys_member" open onClose={vi.fn()} />);
    expect(await screen.findByTestId('table-import-no-insert')).toBeTruthy();
    expect(screen.getByText(/只能更新已存在的数据/)).toBeTruthy();
    await user.upload(fileInput(), xlsx('members.xlsx'));
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/action/upload/')).toBe(true));
    await user.click(screen.getByTestId('import-submit'));
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/action/importTable/')).toBe(true));
    expect(calls.find((c) => c.url.pathname === '/api/action/importTable/')!.body).toMatchObject({ _flag: 'sys_member', mode: 'update' });
  });

  it('says nothing of it to a role that may add rows', async () => {
    renderWithApp(<TableImportDialog flag="sys_member" open onClose={vi.fn()} />);
    expect(await screen.findByText('导入小程序用户管理')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('table-import-key').textContent).toBe('手机号 (phone)'));
    expect(screen.queryByTestId('table-import-no-insert')).toBeNull();
  });

  it('lists every problem of a row, each cell on its own line', async () => {
    answer = {
      status: 400,
      body: {
        status: false,
        success: false,
        code: 'IMPORT_ROWS_INVALID',
        message: '有 1 行数据不正确，文件未导入',
        data: {
          rows: 1,
          inserted: 0,
          skipped: 0,
          rejected: 1,
          problems: [
            { row: 2, column: '手机号', message: '字段 手机号 的长度不能超过 20' },
            { row: 2, column: '性别', message: '“不详”不是可选的值，应为 男、女、未知 之一' },
          ],
        },
      },
    };
    renderWithApp(<TableImportDialog flag="sys_member" open onClose={vi.fn()} />);
    await user.upload(fileInput(), xlsx('members.xlsx'));
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/action/upload/')).toBe(true));
    await user.click(screen.getByTestId('import-submit'));
    const problems = await screen.findByTestId('import-problems');
    expect(within(problems).getByText('字段 手机号 的长度不能超过 20')).toBeTruthy();
    expect(within(problems).getByText('“不详”不是可选的值，应为 男、女、未知 之一')).toBeTruthy();
    expect(within(problems).getAllByText('2')).toHaveLength(2);
    expect(within(problems).queryByText(/只列出前/)).toBeNull();
  });

  it('says that problems were left out when the first 100 name fewer rows than are invalid', async () => {
    const problems = Array.from({ length: 100 }, (_, i) => ({ row: 2 + Math.floor(i / 2), column: i % 2 ? '性别' : '手机号', message: `问题 ${i}` }));
    answer = {
      status: 400,
      body: {
        status: false,
        success: false,
        code: 'IMPORT_ROWS_INVALID',
        message: '有 60 行数据不正确',
        data: { rows: 60, inserted: 0, skipped: 0, rejected: 60, problems },
      },
    };
    renderWithApp(<TableImportDialog flag="sys_member" open onClose={vi.fn()} />);
    await user.upload(fileInput(), xlsx('members.xlsx'));
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/action/upload/')).toBe(true));
    await user.click(screen.getByTestId('import-submit'));
    expect(await screen.findByText('只列出前 100 个问题，共 60 行有误。')).toBeTruthy();
  });
});
