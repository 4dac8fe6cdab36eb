import { afterEach, describe, expect, it, vi } from 'vitest';
import dayjs from 'dayjs';
import { buildSearchWheres } from '../src/crud/searchWheres.ts';
import { printableHtml } from '../src/crud/printTable.ts';
import { buildOptionTree, findOptionPath, isFilled, leafOf } from '../src/forms/options.ts';
import { referencedIds } from '../src/crud/useReferenceNames.ts';
import { buildRowTree, visibleRows } from '../src/crud/useCrudList.ts';
import { tableHeightFor, useTableHeight } from '../src/crud/useViewportHeight.ts';
import { act, renderHook } from '@testing-library/react';
import { staticSource } from '../src/crud/sources.ts';
import { isImageFileName } from '../src/forms/uploads.tsx';
import { formatMoney } from '../src/crud/cells.tsx';
import { storedQuestion, parseOptions, parseLetters } from '../src/pages/content/questionOptions.tsx';
import { demoRows } from '../src/pages/content/TestThreePage.tsx';
import type { FieldDef } from '../src/crud/types.ts';

afterEach(() => vi.useRealTimers());

describe('search wheres', () => {
  const fields: FieldDef[] = [
    { name: 'name', title: 'n', search: {} },
    { name: 'phone', title: 'p', search: { op: 'eq' } },
    { name: 'gender', title: 'g', search: { kind: 'select' } },
    { name: 'parentId', title: 's', search: { kind: 'cascader' } },
    { name: 'answerDate', title: 'd', search: { kind: 'dateRange' } },
    { name: 'notSearched', title: 'x' },
  ];
  it('sends only filled fields: like for text, eq when asked, the leaf of a cascader, a day range', () => {
    expect(buildSearchWheres({ name: '', phone: '  ', gender: undefined, parentId: [], answerDate: null }, fields)).toEqual({});
    expect(
      buildSearchWheres(
        { name: ' 晨 ', phone: '138', gender: 0, parentId: [1, 2], answerDate: [dayjs('2026-11-01'), dayjs('2026-11-03')], notSearched: 'x' },
        fields,
      ),
    ).toEqual({
      name: { type: 'like', value: '晨' },
      phone: '138',
      gender: 0,
      parentId: 2,
      answerDate: { type: 'between', value: ['2026-11-01 00:00:00', '2026-11-03 23:59:59'] },
    });
  });
  it('knows what is filled', () => {
    expect([undefined, null, '', []].map(isFilled)).toEqual([false, false, false, false]);
    expect([0, '0', [0]].map(isFilled)).toEqual([true, true, true]);
    expect(leafOf([3, 7])).toBe(7);
  });
});

describe('print', () => {
  it('prints the columns and rows given, escaped, with images and indented children', () => {
    const html = printableHtml(
      {
        title: '考题科目',
        columns: [{ title: '名称' }, { title: '封面', image: true }, { title: '余额', align: 'right' }],
        rows: [{ cells: ['<b>驾照</b>', '/api/file/1.png', '1.50'] }, { cells: ['科目一', '', '2.00'], depth: 1 }],
        emptyText: '没有可打印的数据',
      },
      'zh-CN',
    );
    expect(html).toContain('<th>名称</th><th>封面</th><th>余额</th>');
    expect(html).toContain('&lt;b&gt;驾照&lt;/b&gt;');
    expect(html).toContain('<img src="/api/file/1.png"');
    expect(html).toContain('<td style="padding-left:24px">科目一</td>');
    expect(html).toContain('<td class="num">1.50</td>');
    expect(printableHtml({ title: 't', columns: [{ title: 'a' }], rows: [], emptyText: '没有可打印的数据' }, 'zh-CN')).toContain('没有可打印的数据');
  });
});

describe('trees and references', () => {
  const rows = [
    { id: 1, name: '驾照考试', parentId: 0 },
    { id: 2, name: '科目一', parentId: 1 },
    { id: 3, name: '交通信号', parentId: 2 },
    { id: 4, name: '孤儿', parentId: 99 },
  ];
  it('builds cascader options, finds paths, and keeps a row from becoming its own ancestor', () => {
    const tree = buildOptionTree(rows, 'parentId', 'name', 2);
    expect(tree.map((o) => o.label)).toEqual(['驾照考试', '孤儿']);
    expect(findOptionPath(tree, 3)).toEqual([1, 2, 3]);
    expect(tree[0]!.disabled).toBeUndefined();
    expect(tree[0]!.children![0]!.disabled).toBe(true);
    expect(tree[0]!.children![0]!.children![0]!.disabled).toBe(true);
  });
  it('builds a row tree and lists the rows as shown (expanded children only)', () => {
    const tree = buildRowTree(rows, 'parentId');
    expect(tree.map((r) => r.id)).toEqual([1, 4]);
    expect(visibleRows(tree, []).map((r) => r.id)).toEqual([1, 4]);
    expect(visibleRows(tree, [1, 2]).map((r) => [r.id, r._depth])).toEqual([
      [1, 0],
      [2, 1],
      [3, 2],
      [4, 0],
    ]);
  });
  it('collects referenced ids, lists included, 0 left out', () => {
    expect(referencedIds([{ m: 3 }, { m: 0 }, { m: [5, 3] }, { m: null }, { m: '7' }], 'm')).toEqual([3, 5, 7]);
  });
});

describe('values', () => {
  it('money has two decimals; images are jpg/jpeg/png/bmp in any case', () => {
    expect([formatMoney(5), formatMoney('55.5'), formatMoney(null)]).toEqual(['5.00', '55.50', '']);
    expect(['a.JPG', 'b.jpeg', 'c.Png', 'd.bmp'].every(isImageFileName)).toBe(true);
    expect(['a.txt', 'b.gif', 'png', 'c.png.exe'].some(isImageFileName)).toBe(false);
  });
  it('question options: JSON text <-> list, letters follow the options that stay', () => {
    expect(parseOptions('["红灯停","绿灯行"]')).toEqual(['红灯停', '绿灯行']);
    expect(parseOptions('')).toEqual([]);
    expect(parseLetters('acd')).toEqual(['A', 'C', 'D']);
    expect(storedQuestion(['甲', ' ', '丙', '丁'], ['C', 'A'])).toEqual({ options: '["甲","丙","丁"]', correctOptions: 'AB' });
  });
  it('the table is as high as the viewport minus 300, measured again at most once a second on resize', () => {
    expect(tableHeightFor(800)).toBe(500);
    expect(tableHeightFor(400)).toBe(240);
    vi.useFakeTimers();
    window.innerHeight = 800;
    const { result } = renderHook(() => useTableHeight());
    expect(result.current).toBe(500);
    const resize = (h: number) => {
      window.innerHeight = h;
      window.dispatchEvent(new Event('resize'));
    };
    act(() => {
      resize(900);
      vi.advanceTimersByTime(500);
      resize(1000);
    });
    expect(result.current).toBe(500);
    act(() => {
      vi.advanceTimersByTime(500);
    });
    expect(result.current).toBe(700);
    act(() => {
      resize(700);
      vi.advanceTimersByTime(999);
    });
    expect(result.current).toBe(700);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current).toBe(400);
  });
});

describe('static demo rows', () => {
  it('are filtered, sorted and paged like the server does', async () => {
    const source = staticSource('t', () => demoRows('zh-CN'));
    const all = await source.list({ page: 1, row: 20 });
    expect(all.total).toBe(400);
    expect(all.rows).toHaveLength(20);
    const found = await source.list({ page: 1, row: 400, wheres: { name: { type: 'like', value: '王小虎' } }, sort: 'date', sortType: 'desc' });
    expect(found.rows.every((r) => r.name === '王小虎')).toBe(true);
    expect(found.rows[0]!.date! > found.rows[1]!.date!).toBe(true);
    await source.remove([1]);
    expect((await source.list({ page: 1, row: 20 })).total).toBe(399);
    expect(demoRows('en-US')[0]!.name).toBe('Wang Xiaohu');
  });
});
