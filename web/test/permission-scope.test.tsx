import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MenuRow } from '@qb/contracts';
import PermissionPage from '../src/pages/system/PermissionPage.tsx';
import { setLanguage } from '../src/i18n/index.ts';
import { fakeFetch, ok, renderWithApp, type FakeCall } from './helpers.tsx';
import { configMeta, questionBankMeta, subjects } from './scopeFixtures.ts';

/** Issue 33 #4: 权限管理 sets each granted page's 数据范围, sent as the grant's rowFilter (docs/permissions.md "Row filters"). */

const QUESTIONS = 5;
const SETTINGS = 9;
const menuRows: MenuRow[] = [
  { id: 1, name: '首页', url: '/manage/home', parentMenu: 0 },
  { id: QUESTIONS, name: '题库', url: '/manage/questionBank', parentMenu: 0 },
  { id: SETTINGS, name: '任务配置', url: '/manage/taskConfiguration', parentMenu: 0 },
].map((r) => ({ menuType: 1, icon: null, menuMark: null, sortNum: 0, intro: null, createTime: '', display: 1, ...r }));
const ALL = ['view', 'save', 'delete', 'import', 'export'];

let stored: unknown;
let calls: FakeCall[];
let refuse: string | undefined;

beforeEach(async () => {
  await setLanguage('zh-CN');
  refuse = undefined;
  stored = { parentId: 6 };
  calls = fakeFetch((call) => {
    const path = call.url.pathname;
    const flag = call.url.searchParams.get('_flag');
    if (path === '/api/user/userInfo/') return ok([{ id: 1, loginid: 'admin', name: '管理员', isAdmin: true }]);
    if (path === '/api/system/menu/') return ok(menuRows);
    if (path === '/api/access/menuActions/')
      return ok([
        { menuId: 1, url: '/manage/home', actions: ['view'] },
        { menuId: QUESTIONS, url: '/manage/questionBank', actions: ALL },
        { menuId: SETTINGS, url: '/manage/taskConfiguration', actions: ['view', 'save'] },
      ]);
    if (path === '/api/access/role/' && call.method === 'GET')
      return ok({
        roleId: 2,
        grants: [
          { menuId: 1, actions: ['view'], rowFilter: null },
          { menuId: QUESTIONS, actions: ['view', 'save'], rowFilter: stored },
          { menuId: SETTINGS, actions: ['view'], rowFilter: null },
        ],
      });
    if (path === '/api/access/role/') return refuse ? { status: 400, body: { status: false, success: false, message: refuse, code: 'BAD_PARAM' } } : ok();
    if (path === '/api/schema/') return ok([questionBankMeta, configMeta]);
    if (path === '/api/select/' && flag === 'sys_role')
      return ok([
        { id: 1, name: '超级管理员', parentId: 0, isAdmin: 1 },
        { id: 2, name: '申论编辑', parentId: 0, isAdmin: 0 },
      ]);
    if (path === '/api/select/' && flag === 'questionsClass') {
      const ids = (JSON.parse(call.url.searchParams.get('wheres') ?? '{}') as { id?: number[] }).id;
      const rows = ids ? subjects.filter((s) => ids.includes(s.id)) : subjects;
      return ok(rows, { total: rows.length });
    }
    return ok([], { total: 0 });
  });
});
afterEach(() => vi.unstubAllGlobals());

const saved = () =>
  calls.filter((c) => c.url.pathname === '/api/access/role/' && c.method === 'POST').map((c) => (c.body as { grants: Record<string, unknown>[] }).grants);

async function openRole() {
  renderWithApp(<PermissionPage />);
  await userEvent.click(await screen.findByText('申论编辑'));
  return screen.findByTestId(`scope-${QUESTIONS}`);
}

/** The open dropdown's options (jsdom keeps closed ones: the last list is the open one). */
async function openOptions(combobox: HTMLElement): Promise<HTMLElement[]> {
  await userEvent.click(combobox);
  const dropdown = await waitFor(() => {
    const open = [...document.querySelectorAll<HTMLElement>('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')].at(-1);
    if (!open) throw new Error('no dropdown');
    return open;
  });
  return [...dropdown.querySelectorAll<HTMLElement>('.ant-select-item-option')];
}
const choose = async (combobox: HTMLElement, text: string) => userEvent.click((await openOptions(combobox)).find((o) => o.textContent === text)!);

describe('权限管理 数据范围', () => {
  it('shows a stored filter as text, edits it with the page’s search fields and sends the wheres object it builds', async () => {
    const cell = await openRole();
    await waitFor(() => expect(within(cell).getByTestId(`scope-text-${QUESTIONS}`).textContent).toBe('所属科目 = 申论'));
    expect(within(cell).getByRole('combobox', { name: '题库 数据范围' })).toBeTruthy();
    expect(cell.textContent).toContain('自定义');

    await userEvent.click(within(cell).getByRole('button', { name: '设置 题库 的数据范围条件' }));
    const dialog = await screen.findByTestId('scope-dialog');
    // the stored subject in the cascader as its path, the fields empty otherwise
    await waitFor(() => expect(dialog.querySelector('.ant-cascader')?.textContent).toContain('公务员考试 / 申论'));
    expect(within(dialog).getByTestId('scope-dialog-text').textContent).toBe('条件：所属科目 = 申论');
    await userEvent.type(within(dialog).getByRole('textbox', { name: '题目' }), '税');
    await waitFor(() => expect(within(dialog).getByTestId('scope-dialog-text').textContent).toBe('条件：所属科目 = 申论，且 题目 包含“税”'));
    await userEvent.click(screen.getByTestId('scope-dialog-ok'));
    await waitFor(() => expect(within(cell).getByTestId(`scope-text-${QUESTIONS}`).textContent).toBe('所属科目 = 申论，且 题目 包含“税”'));

    await userEvent.click(screen.getByTestId('permission-save'));
    await waitFor(() => expect(saved()).toHaveLength(1));
    // the changed grant carries its filter; the others none (the server keeps theirs)
    expect(saved()[0]).toEqual([
      { menuId: 1, actions: ['view'] },
      { menuId: QUESTIONS, actions: ['view', 'save'], rowFilter: { parentId: 6, name: { type: 'like', value: '税' } } },
      { menuId: SETTINGS, actions: ['view'] },
    ]);
  });

  it('offers 仅本人创建 only on a table that records the creator; 全部数据 sends null; 自定义 on another table', async () => {
    stored = null;
    const cell = await openRole();
    const questions = within(cell).getByRole('combobox', { name: '题库 数据范围' });
    await waitFor(() => expect(questions.closest('.ant-select-disabled')).toBeNull());
    expect((await openOptions(questions)).map((o) => o.textContent)).toEqual(['全部数据', '仅本人创建', '自定义']);
    await userEvent.keyboard('{Escape}');
    const settings = screen.getByRole('combobox', { name: '任务配置 数据范围' });
    expect((await openOptions(settings)).map((o) => o.textContent)).toEqual(['全部数据', '自定义']);
    await userEvent.keyboard('{Escape}');

    await choose(questions, '仅本人创建');
    await choose(settings, '自定义');
    const dialog = await screen.findByTestId('scope-dialog');
    expect(screen.getByTestId('scope-dialog-ok').hasAttribute('disabled')).toBe(true);
    await userEvent.type(within(dialog).getByRole('textbox', { name: '名称' }), '短信');
    await userEvent.click(screen.getByTestId('scope-dialog-ok'));
    await waitFor(() => expect(screen.getByTestId(`scope-text-${SETTINGS}`).textContent).toBe('名称 包含“短信”'));
    await userEvent.click(screen.getByTestId('permission-save'));
    await waitFor(() => expect(saved()).toHaveLength(1));
    expect(saved()[0]).toEqual([
      { menuId: 1, actions: ['view'] },
      { menuId: QUESTIONS, actions: ['view', 'save'], rowFilter: { createdBy: '$CURRENT_USER' } },
      { menuId: SETTINGS, actions: ['view'], rowFilter: { name: { type: 'like', value: '短信' } } },
    ]);

    await choose(questions, '全部数据');
    await userEvent.click(screen.getByTestId('permission-save'));
    await waitFor(() => expect(saved()).toHaveLength(2));
    expect(saved()[1][1]).toEqual({ menuId: QUESTIONS, actions: ['view', 'save'], rowFilter: null });
  });

  it('keeps a filter set through the API that the form cannot show, and says the server’s refusal', async () => {
    stored = { parentId: [5, 6] };
    refuse = 'rowFilter: unknown column';
    const cell = await openRole();
    await waitFor(() => expect(within(cell).getByTestId(`scope-text-${QUESTIONS}`).textContent).toBe('所属科目 属于 行政职业能力测验、申论'));
    expect(cell.textContent).toContain('接口设置的条件');
    await userEvent.click(screen.getByTestId(`grant-${QUESTIONS}-delete`));
    await userEvent.click(screen.getByTestId('permission-save'));
    await waitFor(() => expect(saved()).toHaveLength(1));
    // not sent: the server keeps it as stored
    expect(saved()[0][1]).toEqual({ menuId: QUESTIONS, actions: ['view', 'save', 'delete'] });
    expect(await screen.findByText('rowFilter: unknown column')).toBeTruthy();
    // still shown after the refusal
    expect(within(cell).getByTestId(`scope-text-${QUESTIONS}`).textContent).toBe('所属科目 属于 行政职业能力测验、申论');
  });

  it('reads in English', async () => {
    await setLanguage('en-US');
    const cell = await openRole();
    await waitFor(() => expect(within(cell).getByTestId(`scope-text-${QUESTIONS}`).textContent).toBe('Subject = 申论'));
    expect(within(cell).getByRole('combobox', { name: 'Questions data scope' })).toBeTruthy();
    expect(cell.textContent).toContain('Custom');
    expect(within(cell).getByRole('button', { name: 'Set the data scope conditions of Questions' })).toBeTruthy();
  });
});
