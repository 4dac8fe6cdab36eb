import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import type { MenuRow } from '@qb/contracts';
import ManageLayout from '../src/shell/ManageLayout.tsx';
import { useTabsStore } from '../src/app/stores.ts';
import i18n, { setLanguage } from '../src/i18n/index.ts';
import { changeLine, changesText, parseChanges, summaryText } from '../src/pages/system/operationLog.tsx';
import { fakeFetch, ok, renderWithApp } from './helpers.tsx';
import { operationLogMeta } from './systemMeta.ts';

const menuRows: MenuRow[] = [
  { id: 1, name: '首页', url: '/manage/home', parentMenu: 0, display: 1 },
  { id: 2, name: '操作日志', url: '/manage/sys_operationLog', parentMenu: 0, display: 1 },
].map((r) => ({ menuType: 1, icon: null, menuMark: null, sortNum: 0, intro: null, createTime: '', ...r }));

const rows = [
  {
    id: 9,
    createTime: '2026-11-25 10:00:00',
    loginid: 'admin',
    flag: 'sys_member',
    rowId: '3',
    changes: JSON.stringify([
      { column: 'name', before: '张三', after: '李四' },
      { column: 'sex', before: 1, after: 2 },
      { column: 'intro', before: 'x', after: null },
    ]),
  },
  {
    id: 8,
    createTime: '2026-11-25 09:00:00',
    loginid: 'admin',
    flag: 'questionsClass',
    rowId: '5',
    changes: JSON.stringify([
      { column: 'name', before: null, after: '科目四' },
      { column: 'sortNum', before: null, after: 3 },
    ]),
  },
  // an import's rows logged together as a run of keys: no changes of its own
  {
    id: 7,
    createTime: '2026-11-25 08:00:00',
    loginid: 'admin',
    flag: 'questionsClass',
    action: 'import',
    rowId: '#1-1000',
    changes: null,
    summary: '{"rows":1000}',
  },
];

beforeEach(async () => {
  await setLanguage('zh-CN');
  useTabsStore.getState().reset();
  fakeFetch((call) => {
    const path = call.url.pathname;
    if (path === '/api/system/menu/') return ok(menuRows);
    if (path === '/api/user/userInfo/') return ok([{ id: 1, loginid: 'admin', name: '管理员', isAdmin: true }]);
    if (path === '/api/schema/sys_operationLog') return ok(operationLogMeta);
    if (path === '/api/select/' && call.url.searchParams.get('_flag') === 'sys_operationLog') return ok(rows, { total: rows.length });
    return ok([]);
  });
});
afterEach(() => vi.unstubAllGlobals());

function renderShell(path: string) {
  return renderWithApp(
    <Routes>
      <Route path="/manage/*" element={<ManageLayout />} />
    </Routes>,
    { path },
  );
}

describe('操作日志: the changes column', () => {
  it('reads column: before → after, one per line, cut in the cell with the whole list on hover or focus', async () => {
    renderShell('/manage/sys_operationLog');
    const table = await screen.findByTestId('crud-table');
    const cells = await within(table).findAllByTestId('changes-cell');
    const lines = (cell: HTMLElement) => [...cell.querySelectorAll('.qb-changes-line')].map((l) => l.textContent);
    expect(lines(cells[0]!)).toEqual(['name: 张三 → 李四', 'sex: 1 → 2']);
    expect(cells[0]!.textContent).toContain('共 3 项变更');
    // an insert lists the value given
    expect(lines(cells[1]!)).toEqual(['name: 科目四', 'sortNum: 3']);
    expect(cells[1]!.textContent).not.toContain('项变更');
    // the JSON itself is not shown
    expect(within(table).queryByText(/"column"/)).toBeNull();
    // next to the row it is about, before the summary
    const headers = [...table.querySelectorAll('thead th')].map((th) => th.textContent?.trim()).filter(Boolean);
    expect(headers.indexOf('变更内容')).toBe(headers.indexOf('数据编号') + 1);
    // a run of keys reads as the rows it stands for
    expect(within(table).getByText('导入的 1000 行（编号 1–1000）')).toBeTruthy();
    // its summary read as names and values, not as the stored JSON
    expect(within(table).getByText('行数: 1000')).toBeTruthy();
    expect(within(table).queryByText('{"rows":1000}')).toBeNull();
    await userEvent.hover(cells[0]!);
    const full = await screen.findByTestId('changes-full');
    expect([...full.children].map((c) => c.textContent)).toEqual(['name: 张三 → 李四', 'sex: 1 → 2', 'intro: x → （空）']);
  }, 60_000);

  it('in English too', async () => {
    await setLanguage('en-US');
    renderShell('/manage/sys_operationLog');
    const cells = await within(await screen.findByTestId('crud-table')).findAllByTestId('changes-cell');
    expect(cells[0]!.textContent).toContain('3 changes');
    cells[0]!.parentElement!.focus();
    await userEvent.hover(cells[0]!);
    await waitFor(() => expect(screen.getByTestId('changes-full').textContent).toContain('intro: x → (empty)'));
    expect(screen.getByText('1000 imported rows (ids 1–1000)')).toBeTruthy();
    expect(changesText(null, '—', undefined, '#1-1000')).toBe('1000 imported rows (ids 1–1000)');
    expect(changesText(null, '—', undefined, '1000')).toBe('');
    const t = (key: string) => i18n.t(key);
    expect(summaryText('{"rows":3,"inserted":2,"skipped":1,"typeId":5,"other":true}', t)).toBe('Rows: 3, Inserted: 2, Skipped: 1, Category id: 5, other: true');
    await setLanguage('zh-CN');
    expect(summaryText('{"files":2,"created":1}', t)).toBe('文件数: 2、新建: 1');
    for (const raw of ['imported 3 rows', '[1,2]', '"x"', '']) expect(summaryText(raw, t)).toBe(raw);
  }, 60_000);
});

describe('changes text (print and export)', () => {
  it('lists every change; text that is not a list of changes stays as it is', () => {
    expect(changesText(rows[0]!.changes, '—')).toBe('name: 张三 → 李四\nsex: 1 → 2\nintro: x → —');
    expect(changeLine({ column: 'tags', before: [1], after: { a: 1 } }, '—')).toBe('tags: [1] → {"a":1}');
    // an update from empty keeps its arrow; an insert (nothing before any value) lists the values
    expect(
      changesText(
        JSON.stringify([
          { column: 'a', before: null, after: 1 },
          { column: 'b', before: 2, after: 3 },
        ]),
        '—',
      ),
    ).toBe('a: — → 1\nb: 2 → 3');
    expect(changesText(JSON.stringify([{ column: 'a', before: null, after: 1 }]), '—')).toBe('a: 1');
    expect(parseChanges('{"imported": 3}')).toBeUndefined();
    expect(changesText('imported 3 rows', '—')).toBe('imported 3 rows');
    expect(parseChanges('')).toEqual([]);
  });
});
