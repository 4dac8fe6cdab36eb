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

let calls: FakeCall[];
let answer: { status?: number; body?: unknown };

beforeEach(async () => {
  await setLanguage('zh-CN');
  answer = ok({ rows: 2, inserted: 1, updated: 0, skipped: 1, rejected: 0, problems: [], ignoredColumns: [] });
  calls = fakeFetch((call) => {
    if (call.url.pathname === '/api/schema/room') return ok(meta);
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
});
