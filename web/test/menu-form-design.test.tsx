import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TableMeta } from '@qb/contracts';
import MenuPage from '../src/pages/system/MenuPage.tsx';
import { setLanguage } from '../src/i18n/index.ts';
import { fakeFetch, ok, renderWithApp, type FakeCall } from './helpers.tsx';
import { menuMeta } from './systemMeta.ts';

/** Issue 19 #1: the menu page's 表单设计 with the real designer, on a menu without 数据设计, and 数据设计 after it. */
const book: TableMeta = {
  flag: 'book',
  title: { zh: '图书', en: 'Books' },
  softDelete: true,
  source: 10000,
  primaryKey: 'id',
  dynamic: true,
  columns: [
    { name: 'title', type: 'nvarchar', title: { zh: '书名', en: 'Title' }, required: true, filterable: true, sortable: true, search: 'input' },
    { name: 'price', type: 'money', title: { zh: '价格', en: 'Price' }, required: false, filterable: true, sortable: true },
  ],
};

let calls: FakeCall[];
/** sys_layList as the server holds it: a save writes the row */
let layoutRows: Record<string, unknown>[];

beforeEach(async () => {
  await setLanguage('zh-CN');
  localStorage.clear();
  layoutRows = [];
  const menus = [
    { id: 1, name: '系统管理', parentMenu: 0, menuType: 1, icon: 'SettingOutlined', menuMark: 'system', url: '', sortNum: 9, display: 1 },
    { id: 3, name: '图书', parentMenu: 0, menuType: 1, icon: null, menuMark: 'book', url: '/manage/book', sortNum: 1, display: 1 },
  ];
  calls = fakeFetch((call) => {
    const path = call.url.pathname;
    const flag = call.url.searchParams.get('_flag');
    if (path === '/api/schema/sys_menu') return ok(menuMeta);
    if (path === '/api/schema/') return ok([menuMeta, book]);
    if (path === '/api/system/menu/') return ok(menus);
    if (path === '/api/user/userInfo/') return ok([{ id: 1, loginid: 'admin', name: '管理员', isAdmin: true }]);
    if (path === '/api/select/' && flag === 'sys_menu') return ok(menus, { total: menus.length });
    if (path === '/api/select/' && flag === 'sys_layList') return ok(layoutRows, { total: layoutRows.length });
    if (path === '/api/action/save/') {
      const body = call.body as { _flag: string; params: Record<string, unknown> };
      if (body._flag === 'sys_layList') {
        const id = Number(body.params.id ?? 7);
        layoutRows = [{ ...layoutRows.find((r) => r.id === id), ...body.params, id }];
        return ok({ id, created: !body.params.id });
      }
    }
    return ok([]);
  });
});
afterEach(() => vi.unstubAllGlobals());

const stored = () => JSON.parse(String(layoutRows[0]!.layout)) as Record<string, unknown> & { form?: { fields: { kind: string }[] } };
const canvasNodes = () => [...screen.getByTestId('designer-canvas').querySelectorAll('[data-testid^="node-"]')].map((n) => n.getAttribute('data-testid'));
const okButton = () => document.querySelector<HTMLElement>('.qb-designer-dialog .ant-modal-footer .ant-btn-primary')!;

async function openRowButton(name: string) {
  const table = await screen.findByTestId('crud-table');
  const row = (await within(table).findByText('/manage/book')).closest('tr')!;
  await userEvent.click(within(row).getByRole('button', { name }));
}

describe('菜单管理 表单设计 round trip', () => {
  it('keeps the designed form of a menu without 数据设计, opens it again, and 数据设计 keeps it (and the other way round)', async () => {
    const user = userEvent.setup();
    renderWithApp(<MenuPage />);
    await openRowButton('表单设计');
    await user.click(await screen.findByTestId('palette-text', {}, { timeout: 20_000 }));
    await user.click(screen.getByTestId('palette-select'));
    await user.click(okButton());
    await screen.findByText('表单设计已保存');
    // the record holds the form, and no made-up data design
    expect(stored().flag).toBeUndefined();
    expect(stored().form!.fields.map((f) => f.kind)).toEqual(['text', 'select']);
    await waitFor(() => expect(document.querySelector('.qb-designer-dialog')).toBeNull());

    // 表单设计 again: the two fields are on the canvas
    await openRowButton('表单设计');
    await waitFor(() => expect(canvasNodes()).toEqual(['node-field101', 'node-field102']), { timeout: 20_000 });
    await user.click(screen.getByRole('button', { name: /取\s*消/ }));
    await waitFor(() => expect(document.querySelector('.qb-designer-dialog')).toBeNull());

    // 数据设计 saves its table and columns beside the form, not over it
    await openRowButton('数据设计');
    const drawer = await screen.findByTestId('layout-drawer');
    await waitFor(() => expect((within(drawer).getByTestId('layout-list-title') as HTMLInputElement).checked).toBe(true));
    await user.click(screen.getByTestId('layout-save'));
    await waitFor(() => expect(stored().flag).toBe('book'));
    expect(stored().columns).toEqual(['title', 'price']);
    expect(stored().form!.fields.map((f) => f.kind)).toEqual(['text', 'select']);

    // and a form confirmed later keeps the data design
    await waitFor(() => expect(screen.queryByTestId('layout-drawer')).toBeNull());
    await openRowButton('表单设计');
    await waitFor(() => expect(canvasNodes()).toEqual(['node-field101', 'node-field102']), { timeout: 20_000 });
    await user.click(screen.getByTestId('palette-number'));
    await user.click(okButton());
    await waitFor(() => expect(stored().form!.fields.map((f) => f.kind)).toEqual(['text', 'select', 'number']));
    expect(stored()).toMatchObject({ flag: 'book', columns: ['title', 'price'] });
    expect(calls.filter((c) => c.url.pathname === '/api/action/save/')).toHaveLength(3);
  }, 120_000);
});
