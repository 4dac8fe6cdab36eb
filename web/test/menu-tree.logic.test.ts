import { describe, expect, it } from 'vitest';
import type { MenuRow } from '@qb/contracts';
import { accordionOpenKeys, buildMenuTree, menuPathTo, menuTarget } from '../src/app/menuTree.ts';

let nextSort = 0;
function row(id: number, parentMenu: number, url: string | null, extra: Partial<MenuRow> = {}): MenuRow {
  return {
    id,
    name: `m${id}`,
    menuType: 1,
    icon: null,
    menuMark: null,
    url,
    sortNum: nextSort++,
    display: 1,
    intro: null,
    parentMenu,
    createTime: '2024-01-01 00:00:00',
    ...extra,
  };
}

describe('menu tree', () => {
  it('builds the tree from parentMenu in the server order, 0 being the root', () => {
    const tree = buildMenuTree([row(1, 0, ''), row(5, 0, '/manage/questionBank'), row(2, 1, '/manage/menu'), row(3, 1, '/manage/role')]);
    expect(tree.map((n) => n.id)).toEqual([1, 5]);
    expect(tree[0].children.map((n) => n.id)).toEqual([2, 3]);
    expect(tree[0].target).toEqual({ kind: 'none' });
    expect(tree[0].children[0].target).toEqual({ kind: 'route', path: '/manage/menu' });
  });

  it('shows only display 1; a hidden group hides its branch', () => {
    const tree = buildMenuTree([
      row(1, 0, null, { display: 0 }),
      row(2, 1, '/manage/connSql'),
      row(3, 0, null),
      row(4, 3, '/manage/menu'),
      row(6, 3, '/manage/role', { display: 0 }),
    ]);
    expect(tree.map((n) => n.id)).toEqual([3]);
    expect(tree[0].children.map((n) => n.id)).toEqual([4]);
  });

  it('keeps three levels, drops deeper ones, orphans and empty groups', () => {
    const tree = buildMenuTree([
      row(1, 0, null),
      row(2, 1, null),
      row(3, 2, '/manage/menu'),
      row(4, 3, '/manage/role'),
      row(7, 99, '/manage/user'),
      row(8, 0, null),
    ]);
    expect(tree.map((n) => n.id)).toEqual([1]);
    expect(tree[0].children[0].children.map((n) => n.id)).toEqual([3]);
    expect(tree[0].children[0].children[0].children).toEqual([]);
  });

  it("carries a menu's English name, trimmed; blank or absent is none (the English labels fall back)", () => {
    const tree = buildMenuTree([
      row(1, 0, '/manage/menu', { nameEn: ' Favourite questions ' }),
      row(2, 0, '/manage/role', { nameEn: '  ' }),
      row(3, 0, '/manage/user'),
    ]);
    expect(tree.map((n) => n.nameEn)).toEqual(['Favourite questions', null, null]);
  });

  it('survives a cycle', () => {
    const tree = buildMenuTree([row(1, 0, '/manage/menu'), row(2, 3, '/manage/role'), row(3, 2, '/manage/user')]);
    expect(tree.map((n) => n.id)).toEqual([1]);
  });

  it('classifies links: routes, isTurnByHref_, http(s) and menuType 2 open a new window', () => {
    expect(menuTarget({ url: '/manage/menu', menuType: 1 })).toEqual({ kind: 'route', path: '/manage/menu' });
    expect(menuTarget({ url: 'questionBank', menuType: 1 })).toEqual({ kind: 'route', path: '/manage/questionBank' });
    expect(menuTarget({ url: '/manage/menu/', menuType: 1 })).toEqual({ kind: 'route', path: '/manage/menu' });
    expect(menuTarget({ url: '/isTurnByHref_https://example.com/docs', menuType: 1 })).toEqual({
      kind: 'external',
      href: 'https://example.com/docs',
    });
    expect(menuTarget({ url: 'https://example.com', menuType: 1 })).toEqual({ kind: 'external', href: 'https://example.com' });
    expect(menuTarget({ url: 'HTTP://example.com', menuType: 1 })).toEqual({ kind: 'external', href: 'HTTP://example.com' });
    expect(menuTarget({ url: '//docs.example.com', menuType: 2 })).toEqual({ kind: 'external', href: '//docs.example.com' });
    expect(menuTarget({ url: '', menuType: 1 })).toEqual({ kind: 'none' });
    expect(menuTarget({ url: null, menuType: 2 })).toEqual({ kind: 'none' });
  });

  it('finds the branch of a page and opens one branch at a time', () => {
    const tree = buildMenuTree([row(1, 0, null), row(2, 1, null), row(3, 2, '/manage/menu'), row(4, 0, null), row(5, 4, '/manage/role')]);
    expect(menuPathTo(tree, '/manage/menu')).toEqual(['1', '2', '3']);
    expect(menuPathTo(tree, '/manage/nothing')).toEqual([]);
    // opening group 4 while 1 > 2 are open closes them
    expect(accordionOpenKeys(tree, ['1', '2'], ['1', '2', '4'])).toEqual(['4']);
    // opening 2 inside 1 keeps 1
    expect(accordionOpenKeys(tree, ['1'], ['1', '2'])).toEqual(['1', '2']);
    // closing passes through
    expect(accordionOpenKeys(tree, ['1', '2'], ['1'])).toEqual(['1']);
  });
});
