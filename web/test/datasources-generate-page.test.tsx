import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import DataManaPage from '../src/pages/datasources/DataManaPage.tsx';
import { setLanguage } from '../src/i18n/index.ts';
import { fakeFetch, ok, renderWithApp } from './helpers.tsx';
import { connSqlMeta, dataSheetMeta, tableFieldsMeta } from './datasources-fixtures.ts';

/** Issue 31 #8: 数据库管理 names a table's source by the source's name, and 生成页面's success is a success. */
const sheets = [{ id: 5, tableName: 'audit_rows', intro: '审计记录', parentid: 3, created: 1 }];
const sources = [{ id: 3, name: '审计库', databaseName: 'audit4db', sqlType: 'mysql' }];

beforeEach(async () => {
  await setLanguage('zh-CN');
  fakeFetch((call) => {
    const flag = call.url.searchParams.get('_flag');
    const path = call.url.pathname;
    if (path === '/api/user/userInfo/') return ok([{ id: 1, loginid: 'admin', name: '管理员', isAdmin: true }]);
    if (path === '/api/schema/sys_dataSheet') return ok(dataSheetMeta);
    if (path === '/api/schema/sys_tableFields') return ok(tableFieldsMeta);
    if (path === '/api/schema/sys_connsql') return ok(connSqlMeta);
    if (path === '/api/select/' && flag === 'sys_connsql') return ok(sources, { total: 1 });
    if (path === '/api/select/' && flag === 'sys_dataSheet') return ok(sheets, { total: 1 });
    if (path === '/api/datasources/menu/') return ok({ menuId: 40, url: '/manage/audit_rows' });
    return ok([]);
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('数据库管理', () => {
  it('shows the source’s name in 数据库, not the database it opens', async () => {
    renderWithApp(<DataManaPage />);
    const table = await screen.findByTestId('crud-table');
    const row = (await within(table).findByText('audit_rows')).closest('tr')!;
    expect(await within(row).findByText('审计库')).toBeTruthy();
    expect(within(row).queryByText('audit4db')).toBeNull();
  });

  it('answers 生成页面 with a success icon, not a warning, and still offers to open the page', async () => {
    renderWithApp(<DataManaPage />);
    const table = await screen.findByTestId('crud-table');
    await within(table).findByText('audit_rows');
    await userEvent.click(within(table).getByRole('button', { name: '生成页面' }));
    await userEvent.click(await screen.findByTestId('generated-page-place'));
    const open = await screen.findByTestId('open-generated-page');
    const dialog = open.closest<HTMLElement>('.ant-modal-confirm')!;
    expect(within(dialog).getAllByText('已为 audit_rows 生成页面并加入菜单').length).toBeGreaterThan(0);
    expect(dialog.className).toContain('ant-modal-confirm-success');
    expect(dialog.querySelector('.anticon-check-circle')).not.toBeNull();
    expect(dialog.querySelector('.anticon-exclamation-circle')).toBeNull();
    expect(within(dialog).getByRole('button', { name: /取\s*消/ })).toBeTruthy();
  });
});
