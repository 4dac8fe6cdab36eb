import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TableMeta } from '@qb/contracts';
import MenuPage from '../src/pages/system/MenuPage.tsx';
import { loadEditDialog } from '../src/crud/CrudPage.tsx';
import { useMenuTree } from '../src/app/shellData.ts';
import { setLanguage } from '../src/i18n/index.ts';
import { fakeFetch, ok, renderWithApp, type FakeCall } from './helpers.tsx';
import { menuMeta } from './systemMeta.ts';

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

let menus: Record<string, unknown>[];
let calls: FakeCall[];
let layoutRows: Record<string, unknown>[];
let user: Record<string, unknown>;

beforeEach(async () => {
  await setLanguage('zh-CN');
  layoutRows = [];
  user = { isAdmin: true };
  menus = [
    { id: 1, name: '系统管理', parentMenu: 0, menuType: 1, icon: 'SettingOutlined', menuMark: 'system', url: '', sortNum: 9, display: 1 },
    { id: 2, name: '菜单管理', parentMenu: 1, menuType: 1, icon: 'MenuOutlined', menuMark: 'menu', url: '/manage/menu', sortNum: 2, display: 1 },
    { id: 3, name: '图书', parentMenu: 1, menuType: 1, icon: null, menuMark: 'book', url: '/manage/book', sortNum: 1, display: 1 },
  ];
  calls = fakeFetch((call) => {
    const path = call.url.pathname;
    const flag = call.url.searchParams.get('_flag');
    if (path === '/api/schema/sys_menu') return ok(menuMeta);
    if (path === '/api/schema/') return ok([menuMeta, book]);
    if (path === '/api/system/menu/') return ok(menus);
    if (path === '/api/user/userInfo/') return ok([{ id: 1, loginid: 'admin', name: '管理员', ...user }]);
    if (path === '/api/select/' && flag === 'sys_menu') return ok(menus, { total: menus.length });
    if (path === '/api/select/' && flag === 'sys_layList') return ok(layoutRows, { total: layoutRows.length });
    if (path === '/api/action/save/') {
      const body = call.body as { _flag: string; params: Record<string, unknown> };
      if (body._flag === 'sys_menu') menus = [...menus, { id: 4, ...body.params }];
      return ok({ id: 4, created: true });
    }
    return ok([]);
  });
});
afterEach(() => vi.unstubAllGlobals());

// the add/edit dialog's code, loaded before the tests as the page does when idle (this file has modules of its own,
// test/preload-lazy.ts is not run for it): the first dialog otherwise waited for its modules' transform, over 5 s loaded
beforeAll(async () => {
  await loadEditDialog();
}, 300_000);

// the designer is another part's (its own tests); here only what the menu page hands it and keeps from it
vi.mock('../src/designer/FormDesignerDialog.tsx', () => ({
  default: (p: { title?: string; initialSchema?: { fields: unknown[] }; onConfirm(schema: unknown): void }) => (
    <div data-testid="designer-stub">
      {p.title} fields:{p.initialSchema?.fields.length ?? 0}
      <button type="button" onClick={() => p.onConfirm({ version: 2, fields: [] })}>
        confirm
      </button>
    </div>
  ),
}));

/** The side navigation's menu query, as the shell holds it. */
function NavProbe() {
  const menu = useMenuTree();
  return <div data-testid="nav-count">{menu.data?.length ?? 0}</div>;
}

const saves = (flag: string) =>
  calls
    .filter((c) => c.url.pathname === '/api/action/save/' && (c.body as { _flag: string })._flag === flag)
    .map((c) => (c.body as { params: Record<string, unknown> }).params);
const openedDialog = async () => (await screen.findByTestId('schema-dialog-submit')).closest<HTMLElement>('[role="dialog"]')!;

describe('菜单管理', () => {
  it('lists the menus as a tree, children by parent, the parent by name and the icon drawn', async () => {
    renderWithApp(<MenuPage />);
    const table = await screen.findByTestId('crud-table');
    expect(await within(table).findByText('系统管理')).toBeTruthy();
    const headers = [...table.querySelectorAll('thead th')].map((th) => th.textContent?.trim()).filter(Boolean);
    expect(headers.slice(0, 5)).toEqual(['上级菜单', '菜单名称', '图标', '路由地址', '状态']);
    expect(within(table).queryByText('菜单管理')).toBeNull();
    await userEvent.click(await within(table).findByRole('button', { name: '展开' }));
    expect(await within(table).findByText('菜单管理')).toBeTruthy();
    // the icon column draws the icon, its name as its title and for a screen reader
    const iconCell = within(table).getByText('SettingOutlined').closest('.qb-cell-icon')!;
    expect(iconCell.querySelector('[aria-label="setting"]')).toBeTruthy();
    expect(iconCell.getAttribute('title')).toBe('SettingOutlined');
    // the child's parent is shown by name
    await waitFor(() => expect(within(table).getAllByText('系统管理').length).toBe(3));
  }, 60_000);

  it('adds a menu with defaults parent 0, type 1, status 1 and an icon from the picker; the navigation reloads', async () => {
    renderWithApp(
      <>
        <NavProbe />
        <MenuPage />
      </>,
    );
    await screen.findByText('系统管理');
    await waitFor(() => expect(screen.getByTestId('nav-count').textContent).toBe('3'));
    const menuReads = () => calls.filter((c) => c.url.pathname === '/api/system/menu/').length;
    const readsBefore = menuReads();
    await userEvent.click(screen.getByTestId('toolbar-add'));
    const dialog = await openedDialog();
    // the parent starts on 顶级菜单
    expect(within(dialog).getByTestId('menu-parent').textContent).toContain('顶级菜单');
    await userEvent.type(within(dialog).getByLabelText('菜单名称'), '公告');
    await userEvent.click(within(dialog).getByTestId('icon-picker-open'));
    const picker = await screen.findByTestId('icon-picker-search');
    await userEvent.type(picker.querySelector('input') ?? picker, 'bell');
    // one icon left; Enter picks it
    const grid = screen.getByTestId('icon-picker-grid');
    expect(
      within(grid)
        .getAllByRole('button')
        .map((b) => b.getAttribute('title')),
    ).toEqual(['BellOutlined']);
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(within(dialog).getByTestId('icon-picker-open').textContent).toContain('BellOutlined'));
    await userEvent.click(within(dialog).getByTestId('schema-dialog-submit'));
    await waitFor(() => expect(saves('sys_menu')).toHaveLength(1));
    expect(saves('sys_menu')[0]).toMatchObject({ name: '公告', icon: 'BellOutlined', parentMenu: 0, menuType: 1, display: 1 });
    // the side navigation reads the menus again and has the new one
    await waitFor(() => expect(menuReads()).toBeGreaterThan(readsBefore));
    await waitFor(() => expect(screen.getByTestId('nav-count').textContent).toBe('4'));
  }, 60_000);

  it('moves through the icon grid with the arrow keys', async () => {
    renderWithApp(<MenuPage />);
    await screen.findByText('系统管理');
    await userEvent.click(screen.getByTestId('toolbar-add'));
    const dialog = await openedDialog();
    await userEvent.click(within(dialog).getByTestId('icon-picker-open'));
    const grid = await screen.findByTestId('icon-picker-grid');
    const buttons = within(grid).getAllByRole('button');
    buttons[0]!.focus();
    fireEvent.keyDown(buttons[0]!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(buttons[1]);
    fireEvent.keyDown(buttons[1]!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(buttons[7]);
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(within(dialog).getByTestId('icon-picker-open').textContent).toContain(buttons[7]!.getAttribute('title')!));
  }, 60_000);

  it('数据设计 saves the layout record of the menu: table, listed columns in order, search and form fields', async () => {
    renderWithApp(<MenuPage />);
    const table = await screen.findByTestId('crud-table');
    await userEvent.click(await within(table).findByRole('button', { name: '展开' }));
    const row = (await within(table).findByText('/manage/book')).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: '数据设计' }));
    const drawer = await screen.findByTestId('layout-drawer');
    // read as SPEC §7 'Layout read' says
    const read = calls.find((c) => c.url.searchParams.get('_flag') === 'sys_layList')!.url.searchParams;
    expect([read.get('page'), read.get('row'), JSON.parse(read.get('wheres')!)]).toEqual(['1', '10', { menuId: 3, isdelete: 0 }]);
    // no record yet: the table the route opens, its columns as the metadata lists them
    expect(await within(drawer).findByText('图书 (book)')).toBeTruthy();
    expect((within(drawer).getByTestId('layout-list-price') as HTMLInputElement).checked).toBe(true);
    // a required column without default stays a form field
    expect((within(drawer).getByTestId('layout-form-title') as HTMLInputElement).disabled).toBe(true);
    await userEvent.click(within(drawer).getByTestId('layout-list-price'));
    await userEvent.click(within(drawer).getByTestId('layout-form-price'));
    await userEvent.click(within(drawer).getByRole('button', { name: '上移 价格' }));
    await userEvent.click(screen.getByTestId('layout-save'));
    await waitFor(() => expect(saves('sys_layList')).toHaveLength(1));
    const saved = saves('sys_layList')[0]!;
    expect(saved.menuId).toBe(3);
    expect(JSON.parse(String(saved.layout))).toEqual({ flag: 'book', columns: ['title'], search: ['title'], formFields: ['title'] });
  }, 60_000);

  it('数据设计 refuses a layout without a listed column and saves nothing', async () => {
    layoutRows = [{ id: 7, menuId: 3, layout: JSON.stringify({ flag: 'book', columns: ['price'], search: [], formFields: ['title'] }) }];
    renderWithApp(<MenuPage />);
    const table = await screen.findByTestId('crud-table');
    await userEvent.click(await within(table).findByRole('button', { name: '展开' }));
    const row = (await within(table).findByText('/manage/book')).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: '数据设计' }));
    const drawer = await screen.findByTestId('layout-drawer');
    // the stored record: price listed first, title not
    await waitFor(() => expect((within(drawer).getByTestId('layout-list-price') as HTMLInputElement).checked).toBe(true));
    expect((within(drawer).getByTestId('layout-list-title') as HTMLInputElement).checked).toBe(false);
    await userEvent.click(within(drawer).getByTestId('layout-list-price'));
    await userEvent.click(screen.getByTestId('layout-save'));
    expect((await screen.findByTestId('layout-problem')).textContent).toContain('请至少选择一个列表显示的字段');
    expect(saves('sys_layList')).toHaveLength(0);
  }, 60_000);

  it('表单设计 opens the designer with the stored form and keeps what it confirms in the layout record', async () => {
    const stored = { version: 2, fields: [{ kind: 'input', name: 'title', label: '书名' }] };
    layoutRows = [{ id: 7, menuId: 3, layout: JSON.stringify({ flag: 'book', columns: ['title'], search: [], formFields: ['title'], form: stored }) }];
    renderWithApp(<MenuPage />);
    const table = await screen.findByTestId('crud-table');
    await userEvent.click(await within(table).findByRole('button', { name: '展开' }));
    const row = (await within(table).findByText('/manage/book')).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: '表单设计' }));
    const designer = await screen.findByTestId('designer-stub');
    expect(designer.textContent).toContain('表单设计 - 图书');
    expect(designer.textContent).toContain('fields:1');
    await userEvent.click(within(designer).getByRole('button', { name: 'confirm' }));
    await waitFor(() => expect(saves('sys_layList')).toHaveLength(1));
    const saved = saves('sys_layList')[0]!;
    // the same record, its table and columns kept, the form replaced
    expect(saved.id).toBe(7);
    expect(JSON.parse(String(saved.layout))).toEqual({ flag: 'book', columns: ['title'], search: [], formFields: ['title'], form: { version: 2, fields: [] } });
    await waitFor(() => expect(screen.queryByTestId('designer-stub')).toBeNull());
  }, 60_000);
  it('a role that may not save layout records gets no 数据设计 / 表单设计 buttons', async () => {
    user = { isAdmin: false, grants: { sys_menu: ['view', 'save'], sys_layList: ['view'] } };
    renderWithApp(<MenuPage />);
    const table = await screen.findByTestId('crud-table');
    await within(table).findByText('系统管理');
    await waitFor(() => expect(within(table).queryByRole('button', { name: '数据设计' })).toBeNull());
    expect(within(table).queryByRole('button', { name: '表单设计' })).toBeNull();
    expect(within(table).getAllByTestId('row-edit').length).toBeGreaterThan(0);
  }, 60_000);
});
