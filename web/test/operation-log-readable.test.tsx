import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import type { FormSchema, MenuRow, TableMeta } from '@qb/contracts';
import ManageLayout from '../src/shell/ManageLayout.tsx';
import { useTabsStore } from '../src/app/stores.ts';
import i18n, { setLanguage } from '../src/i18n/index.ts';
import { formChangeText } from '../src/pages/system/operationLogForms.ts';
import { fakeFetch, ok, renderWithApp } from './helpers.tsx';
import { operationLogMeta } from './systemMeta.ts';

/** Issue 31 #7: 操作日志 reads a role assignment by the roles' names and a form's change as a summary, JSON one click away. */

const menuRows: MenuRow[] = [
  { id: 1, name: '首页', url: '/manage/home', parentMenu: 0, display: 1 },
  { id: 2, name: '操作日志', url: '/manage/sys_operationLog', parentMenu: 0, display: 1 },
].map((r) => ({ menuType: 1, icon: null, menuMark: null, sortNum: 0, intro: null, createTime: '', ...r }));

const text = (zh: string, en?: string) => (en ? { zh, en } : { zh });
const roomForm: FormSchema = {
  version: 2,
  fields: [
    { kind: 'text', name: 'roomName', label: text('考场名称', 'Room name') },
    { kind: 'number', name: 'seats', label: text('座位数', 'Seats') },
    { kind: 'text', name: 'building', label: text('楼栋') },
  ],
};
const edited: FormSchema = {
  ...roomForm,
  fields: [
    { kind: 'text', name: 'roomName', label: text('考场名称', 'Room name'), rules: { required: true } },
    { kind: 'number', name: 'seats', label: text('座位数', 'Seats') },
    { kind: 'textarea', name: 'note', label: text('备注', 'Note') },
  ],
};
const column = (name: string, zh: string, en: string) => ({
  name,
  type: 'nvarchar' as const,
  title: { zh, en },
  required: false,
  filterable: true,
  sortable: true,
});
const layTableMeta: TableMeta = {
  flag: 'sys_layTable',
  title: { zh: '表单设计', en: 'Form designs' },
  softDelete: true,
  source: 10000,
  primaryKey: 'id',
  dynamic: false,
  columns: [column('name', '表单名称', 'Name'), column('formJson', '表单结构', 'Form schema')],
};
const userMeta: TableMeta = { ...layTableMeta, flag: 'sys_user', title: { zh: '账号', en: 'Accounts' }, columns: [column('name', '姓名', 'Name')] };

const rows = [
  {
    id: 3,
    createTime: '2026-11-25 10:00:00',
    loginid: 'admin',
    flag: 'sys_user',
    action: 'roles',
    rowId: '7',
    changes: JSON.stringify([{ column: 'roles', before: [5], after: [5, 6, 9] }]),
  },
  {
    id: 2,
    createTime: '2026-11-25 09:00:00',
    loginid: 'admin',
    flag: 'sys_layTable',
    action: 'save',
    rowId: '4',
    changes: JSON.stringify([{ column: 'formJson', before: JSON.stringify(roomForm), after: JSON.stringify(edited) }]),
  },
  {
    id: 1,
    createTime: '2026-11-25 08:00:00',
    loginid: 'admin',
    flag: 'sys_layTable',
    action: 'save',
    rowId: '4',
    changes: JSON.stringify([
      { column: 'name', before: null, after: '考场表单' },
      { column: 'formJson', before: null, after: JSON.stringify(roomForm) },
    ]),
  },
];

beforeEach(async () => {
  await setLanguage('zh-CN');
  useTabsStore.getState().reset();
  fakeFetch((call) => {
    const path = call.url.pathname;
    const flag = call.url.searchParams.get('_flag');
    if (path === '/api/system/menu/') return ok(menuRows);
    if (path === '/api/user/userInfo/') return ok([{ id: 1, loginid: 'admin', name: '管理员', isAdmin: true }]);
    if (path === '/api/schema/sys_operationLog') return ok(operationLogMeta);
    if (path === '/api/schema/') return ok([operationLogMeta, layTableMeta, userMeta]);
    if (path === '/api/select/' && flag === 'sys_operationLog') return ok(rows, { total: rows.length });
    if (path === '/api/select/' && flag === 'sys_role')
      return ok(
        [
          { id: 5, name: '编辑' },
          { id: 6, name: '审核' },
        ],
        { total: 2 },
      );
    return ok([]);
  });
});
afterEach(() => vi.unstubAllGlobals());

const renderShell = () =>
  renderWithApp(
    <Routes>
      <Route path="/manage/*" element={<ManageLayout />} />
    </Routes>,
    { path: '/manage/sys_operationLog' },
  );
const lines = (cell: HTMLElement) => [...cell.querySelectorAll('.qb-changes-line')].map((l) => l.textContent);

describe('操作日志 reads names, not ids and JSON', () => {
  it('shows roles by name and a form as its fields, with the formatted JSON one click away', async () => {
    renderShell();
    const table = await screen.findByTestId('crud-table');
    await within(table).findAllByText('表单设计', undefined, { timeout: 10_000 });
    const cells = await within(table).findAllByTestId('changes-cell');
    await vi.waitFor(() => expect(lines(cells[0]!)).toEqual(['角色: 编辑 → 编辑、审核、#9']));
    expect(lines(cells[1]!)).toEqual(['表单结构: 3 个字段；新增：备注；删除：楼栋；修改：考场名称']);
    expect(lines(cells[2]!)).toEqual(['表单名称: 考场表单', '表单结构: 3 个字段：考场名称、座位数、楼栋']);
    expect(table.textContent).not.toContain('"version"');

    await userEvent.hover(cells[1]!);
    await userEvent.click(await screen.findByTestId('changes-raw-toggle'));
    const raw = (await screen.findByTestId('changes-raw')).textContent!;
    // the stored form formatted as JSON, not one escaped line
    expect(raw).toContain('"version": 2');
    expect(raw).toContain('"name": "building"');
    expect(raw).not.toContain('\\"');
  }, 60_000);

  it('says it in English', async () => {
    const t = (key: string, options?: Record<string, unknown>) => i18n.getFixedT('en-US')(key, options);
    expect(formChangeText(null, JSON.stringify(roomForm), 'en-US', t)).toBe('3 fields: Room name, Seats, 楼栋');
    const oneField = { ...roomForm, fields: roomForm.fields.slice(0, 1) };
    expect(formChangeText(null, JSON.stringify(oneField), 'en-US', t)).toBe('1 field: Room name');
    expect(formChangeText(JSON.stringify(roomForm), JSON.stringify(edited), 'en-US', t)).toBe('3 fields; added: Note; removed: 楼栋; changed: Room name');
    expect(formChangeText(JSON.stringify(roomForm), JSON.stringify({ ...roomForm, labelWidth: 120 }), 'en-US', t)).toBe(
      '3 fields; fields unchanged, form settings changed',
    );
    expect(formChangeText('not json', 'x', 'en-US', t)).toBeUndefined();
  });
});
