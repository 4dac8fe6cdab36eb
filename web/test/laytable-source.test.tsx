import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ColumnMeta, TableMeta } from '@qb/contracts';
import LayTablePage from '../src/pages/datasources/LayTablePage.tsx';
import { setLanguage } from '../src/i18n/index.ts';
import { fakeFetch, ok, renderWithApp } from './helpers.tsx';

/** Issue 19 #13: 所属数据库 names the local database and tells two sources with one database name apart. */
const column = (name: string, zh: string, more: Partial<ColumnMeta> = {}): ColumnMeta => ({
  name,
  type: 'nvarchar',
  title: { zh, en: name },
  required: false,
  filterable: true,
  sortable: true,
  ...more,
});
const layTableMeta: TableMeta = {
  flag: 'sys_layTable',
  title: { zh: '表单定义', en: 'Form definitions' },
  softDelete: true,
  source: 10000,
  primaryKey: 'id',
  dynamic: false,
  columns: [
    column('id', 'ID', { type: 'int', ui: { list: false, form: false } }),
    column('name', '表单名称', { required: true }),
    column('databaseId', '所属数据库', { type: 'int', references: 'sys_connsql', reference: { flag: 'sys_connsql', labelColumn: 'databaseName' } }),
  ],
};
const sources = [
  { id: 1, name: '测试MySQL', mainAddr: '10.0.0.5', port: 3306, databaseName: 'test' },
  { id: 2, name: '测试PG', mainAddr: 'pg.local', port: 5432, databaseName: 'test' },
];

beforeEach(async () => {
  await setLanguage('zh-CN');
  fakeFetch((call) => {
    const flag = call.url.searchParams.get('_flag');
    if (call.url.pathname === '/api/schema/sys_layTable') return ok(layTableMeta);
    if (call.url.pathname === '/api/select/' && flag === 'sys_connsql') return ok(sources, { total: sources.length });
    if (call.url.pathname === '/api/select/')
      return ok(
        [
          { id: 3, name: '图书登记表', databaseId: 2 },
          { id: 4, name: '本地表单', databaseId: null },
        ],
        { total: 2 },
      );
    return ok([]);
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('所属数据库', () => {
  it('lists the local database and each source by name and host, and names them so in the list', async () => {
    renderWithApp(<LayTablePage />);
    await userEvent.click(screen.getByRole('tab', { name: '表单定义' }));
    const table = await screen.findByTestId('crud-table');
    await within(table).findByText('测试PG（pg.local:5432 / test）');
    expect(within(table).getByText('本地数据库')).toBeTruthy();
    await userEvent.click(screen.getAllByTestId('toolbar-add')[0]!);
    const select = await screen.findByTestId('source-select');
    await userEvent.click(select.querySelector('.ant-select-content, .ant-select-selector') ?? select);
    const dropdown = await waitFor(() => {
      const d = document.querySelector<HTMLElement>('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
      if (!d) throw new Error('no dropdown');
      return d;
    });
    const labels = [...dropdown.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent);
    expect(labels).toEqual(['本地数据库', '测试MySQL（10.0.0.5:3306 / test）', '测试PG（pg.local:5432 / test）']);
  }, 60_000);
});
