import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ColumnMeta, TableMeta } from '@qb/contracts';
import LayTablePage, { storedSchema } from '../src/pages/datasources/LayTablePage.tsx';
import { setLanguage } from '../src/i18n/index.ts';
import { fakeFetch, ok, renderWithApp, type FakeCall } from './helpers.tsx';

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
    column('name', '表单名称', { required: true, search: 'input' }),
    column('tableKey', '表单标识'),
    column('formJson', '表单结构', { type: 'ntext', ui: { list: false, form: false } }),
  ],
};
const schema = { version: 2, fields: [{ kind: 'text', name: 'title', label: { zh: '书名' } }] };
let calls: FakeCall[];

beforeEach(async () => {
  await setLanguage('zh-CN');
  calls = fakeFetch((call) => {
    if (call.url.pathname === '/api/schema/sys_layTable') return ok(layTableMeta);
    if (call.url.pathname === '/api/select/') return ok([{ id: 3, name: '图书登记表', tableKey: 'bookForm', formJson: JSON.stringify(schema) }], { total: 1 });
    if (call.url.pathname === '/api/action/save/') return ok({ id: 3, created: false });
    return { status: 404, body: { status: false, message: 'not here' } };
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('表单设计', () => {
  it('reads a stored formJson through the schema migration; empty or broken text opens an empty form', () => {
    expect(storedSchema(JSON.stringify(schema))?.fields.map((f) => f.name)).toEqual(['title']);
    expect(storedSchema('')).toBeUndefined();
    expect(storedSchema('{not json')).toBeUndefined();
  });

  it('设计 opens the row’s form in the designer and 确定 saves it back as formJson', async () => {
    renderWithApp(<LayTablePage />);
    await userEvent.click(screen.getByRole('tab', { name: '表单定义' }));
    await screen.findByText('图书登记表');
    await userEvent.click(screen.getByRole('button', { name: '设计' }));
    const dialog = (await screen.findByText('设计表单 · 图书登记表')).closest<HTMLElement>('.ant-modal')!;
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(calls.filter((c) => c.url.pathname === '/api/action/save/')).toHaveLength(1));
    const body = calls.find((c) => c.url.pathname === '/api/action/save/')!.body as { _flag: string; params: { id: number; formJson: string } };
    expect(body._flag).toBe('sys_layTable');
    expect(body.params.id).toBe(3);
    expect(JSON.parse(body.params.formJson).fields.map((f: { name: string }) => f.name)).toEqual(['title']);
    expect(await screen.findByText('保存成功')).toBeTruthy();
  });
});
