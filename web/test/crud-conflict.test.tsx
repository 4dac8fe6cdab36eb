import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ColumnMeta, TableMeta } from '@qb/contracts';
import { TablePage } from '../src/crud/TablePage.tsx';
import { conflictChanges, reappliedValues } from '../src/crud/conflicts.ts';
import { setLanguage } from '../src/i18n/index.ts';
import { fakeFetch, ok, renderWithApp, type FakeCall } from './helpers.tsx';

/** Issue 18 #6: the edit dialog of a row someone else saved meanwhile shows the conflict, field by field. */
const column = (name: string, title: string, more: Partial<ColumnMeta> = {}): ColumnMeta => ({
  name,
  type: 'nvarchar',
  title: { zh: title, en: `${name} (en)` },
  required: true,
  filterable: true,
  sortable: true,
  ui: {},
  ...more,
});
const genders = [
  { value: 1, label: { zh: '男', en: 'Male' } },
  { value: 2, label: { zh: '女', en: 'Female' } },
];
const meta: TableMeta = {
  flag: 'demo',
  title: { zh: '演示', en: 'Demo' },
  softDelete: true,
  source: 10000,
  primaryKey: 'id',
  dynamic: false,
  columns: [
    column('id', 'id', { type: 'int', required: false, ui: { list: false, form: false } }),
    column('name', '昵称', { length: 50 }),
    column('phone', '手机号', { length: 20 }),
    column('gender', '性别', { type: 'int', enum: genders }),
  ],
};

const opened = { id: 1, name: '甲', phone: '111', gender: 1, _version: 'v1' };
/** the row after operator A's save: another name and gender */
const current = { id: 1, name: '甲改', phone: '111', gender: 2, _version: 'v2' };
let rows: Record<string, unknown>[];
let calls: FakeCall[];
let saves: Record<string, unknown>[];
let deleteReply: { status?: number; body?: unknown };

const conflict = (data: unknown) => ({
  status: 409,
  body: { status: false, success: false, code: 'CONFLICT', message: '该数据已被他人修改，请刷新后重试', data },
});

beforeEach(async () => {
  await setLanguage('zh-CN');
  rows = [opened];
  saves = [];
  deleteReply = ok({ ids: [1] });
  calls = fakeFetch((call) => {
    if (call.url.pathname === '/api/schema/demo') return ok(meta);
    if (call.url.pathname === '/api/select/') return ok(rows, { total: rows.length });
    if (call.url.pathname === '/api/action/save/') {
      const params = (call.body as { params: Record<string, unknown> }).params;
      saves.push(params);
      // the server's compare: a version other than the stored row's is a 409 with the current row
      return params._version === current._version ? ok({ id: 1, created: false }) : conflict(current);
    }
    if (call.url.pathname === '/api/action/delete/') return deleteReply;
    return { status: 404, body: { status: false, message: 'not here' } };
  });
});
afterEach(() => vi.unstubAllGlobals());

const editDialog = () => screen.getByTestId('schema-dialog-submit').closest<HTMLElement>('[role="dialog"]')!;
const panel = async (title: string) => (await screen.findByText(title)).closest<HTMLElement>('[role="dialog"]')!;
const rowsOf = (table: HTMLElement) =>
  [...table.querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('th, td')].map((c) => c.textContent?.trim()));

/** B's dialog opened on the row as listed (version v1); meanwhile A saved; B changes the phone and saves. */
async function staleSave(phoneLabel = '手机号') {
  renderWithApp(<TablePage page={{ key: 'demo', flag: 'demo', titleKey: 'route.member' }} />);
  await screen.findByText('甲');
  // A saves meanwhile: the list B read is out of date
  rows = [current];
  await userEvent.click(screen.getAllByTestId('row-edit')[0]!);
  const phone = within(await screen.findByTestId('schema-dialog-submit').then(() => editDialog())).getByLabelText(phoneLabel) as HTMLInputElement;
  await userEvent.clear(phone);
  await userEvent.type(phone, '222');
  await userEvent.click(within(editDialog()).getByTestId('schema-dialog-submit'));
}

describe('the conflict panel of the edit dialog', () => {
  it('lists what the other person changed and what you changed, with labels; reload re-applies yours on the current row', async () => {
    await staleSave();
    const dialog = await panel('该数据已被他人修改');
    // the save carried the version of the row as listed
    expect(saves[0]).toEqual({ name: '甲', phone: '222', gender: 1, id: 1, _version: 'v1' });
    expect(within(dialog).getByText('您打开此对话框后，其他人修改并保存了这条数据。您的修改尚未保存。')).toBeTruthy();
    const theirs = within(dialog).getByTestId('conflict-theirs');
    expect(within(theirs).getByText('他人的修改')).toBeTruthy();
    expect(rowsOf(theirs)).toEqual([
      ['昵称', '甲', '甲改'],
      ['性别', '男', '女'],
    ]);
    expect(rowsOf(within(dialog).getByTestId('conflict-mine'))).toEqual([['手机号', '111', '222']]);
    // the way out that keeps the work has the focus
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByTestId('conflict-reload')));
    expect(within(dialog).getByTestId('conflict-reload').textContent?.replace(/\s/g, '')).toBe('重新载入并保留我的修改');

    await userEvent.click(within(dialog).getByTestId('conflict-reload'));
    expect(await screen.findByText('已载入最新数据并保留了您的修改，请检查后保存')).toBeTruthy();
    // the current row was read again, by its id
    expect(calls.some((c) => c.url.pathname === '/api/select/' && c.url.searchParams.get('wheres') === JSON.stringify({ id: 1 }))).toBe(true);
    await waitFor(() => expect(screen.queryByText('该数据已被他人修改')).toBeNull());
    // A's name and gender, B's phone: the dialog is still open for another save
    await waitFor(() => expect((within(editDialog()).getByLabelText('昵称') as HTMLInputElement).value).toBe('甲改'));
    expect((within(editDialog()).getByLabelText('手机号') as HTMLInputElement).value).toBe('222');
    expect((within(editDialog()).getByRole('radio', { name: '女' }) as HTMLInputElement).checked).toBe(true);
    await userEvent.click(within(editDialog()).getByTestId('schema-dialog-submit'));
    expect(await screen.findByText('保存成功')).toBeTruthy();
    expect(saves[1]).toEqual({ name: '甲改', phone: '222', gender: 2, id: 1, _version: 'v2' });
  });

  it('in English; cancel closes the panel and leaves the dialog as typed, saving nothing', async () => {
    await setLanguage('en-US');
    await staleSave('phone (en)');
    const dialog = await panel('Someone else changed this row');
    expect(rowsOf(within(dialog).getByTestId('conflict-theirs'))).toEqual([
      ['name (en)', '甲', '甲改'],
      ['gender (en)', 'Male', 'Female'],
    ]);
    expect(within(dialog).getByText('Changed by someone else')).toBeTruthy();
    expect(within(dialog).getByText('Your changes')).toBeTruthy();
    expect(within(dialog).getAllByRole('columnheader', { name: 'When opened' })).toHaveLength(2);
    expect(within(dialog).getByRole('columnheader', { name: 'Now' })).toBeTruthy();
    expect(within(dialog).getByRole('columnheader', { name: 'Yours' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Reload and re-apply my changes' })).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByText('Someone else changed this row')).toBeNull());
    expect((within(editDialog()).getByLabelText('phone (en)') as HTMLInputElement).value).toBe('222');
    expect((within(editDialog()).getByLabelText('name (en)') as HTMLInputElement).value).toBe('甲');
    expect(saves).toHaveLength(1);
  });

  it('a delete carries the listed version; a row changed since is not deleted: the message shows and the table reloads', async () => {
    renderWithApp(<TablePage page={{ key: 'demo', flag: 'demo', titleKey: 'route.member' }} />);
    await screen.findByText('甲');
    deleteReply = conflict(current);
    rows = [current];
    const before = calls.filter((c) => c.url.pathname === '/api/select/').length;
    await userEvent.click(screen.getAllByTestId('row-delete')[0]!);
    await userEvent.click(await screen.findByTestId('confirm-delete'));
    expect(await screen.findByText('该数据已被他人修改，请刷新后重试')).toBeTruthy();
    expect(calls.find((c) => c.url.pathname === '/api/action/delete/')!.body).toEqual({ _flag: 'demo', id: 1, _version: 'v1' });
    await waitFor(() => expect(calls.filter((c) => c.url.pathname === '/api/select/').length).toBeGreaterThan(before));
    expect(await screen.findByText('甲改')).toBeTruthy();
    expect(screen.queryByText('删除成功')).toBeNull();
  });
});

describe('conflict logic', () => {
  const fields = [
    { name: 'name', title: 'n' },
    { name: 'phone', title: 'p' },
    { name: 'tags', title: 't' },
  ];
  it('tells changed fields apart from equal ones, empty and absent alike, numbers and their digits alike', () => {
    const changes = conflictChanges(
      fields,
      { name: 'a', phone: '', tags: [1, 2] },
      { name: 'b', phone: null, tags: ['1', '2'] },
      { name: 'a', phone: '9', tags: [1, 2] },
    );
    expect(changes.theirs.map((f) => f.name)).toEqual(['name']);
    expect(changes.mine.map((f) => f.name)).toEqual(['phone']);
    expect(reappliedValues({ name: 'b', phone: null, tags: [1] }, { name: 'a', phone: '9' }, changes.mine)).toEqual({ name: 'b', phone: '9', tags: [1] });
  });
});
