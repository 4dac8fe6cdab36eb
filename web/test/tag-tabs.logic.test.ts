import { describe, expect, it } from 'vitest';
import { closeAllTabs, closeOtherTabs, closeTab, HOME_PATH, normalizeTabs, openTab, removedTabs, type TabsState } from '../src/app/tagTabs.ts';

const A = '/manage/menu';
const B = '/manage/role';
const C = '/manage/user';
const state = (active: string): TabsState => ({ tabs: [HOME_PATH, A, B, C], active });

describe('tag tabs', () => {
  it('opening appends once and activates', () => {
    let s = openTab({ tabs: [HOME_PATH], active: HOME_PATH }, A);
    s = openTab(s, B);
    s = openTab(s, A);
    expect(s).toEqual({ tabs: [HOME_PATH, A, B], active: A });
  });

  it('closing the active tab selects the right neighbour', () => {
    expect(closeTab(state(B), B)).toEqual({ tabs: [HOME_PATH, A, C], active: C });
  });

  it('closing the last (active) tab selects the left neighbour', () => {
    expect(closeTab(state(C), C)).toEqual({ tabs: [HOME_PATH, A, B], active: B });
    expect(closeTab({ tabs: [HOME_PATH, A], active: A }, A)).toEqual({ tabs: [HOME_PATH], active: HOME_PATH });
  });

  it('closing another tab keeps the active one', () => {
    expect(closeTab(state(C), A)).toEqual({ tabs: [HOME_PATH, B, C], active: C });
  });

  it('Home cannot be closed', () => {
    expect(closeTab(state(HOME_PATH), HOME_PATH)).toEqual(state(HOME_PATH));
  });

  it('关闭其他 keeps Home and the chosen tab, and selects it', () => {
    expect(closeOtherTabs(state(C), A)).toEqual({ tabs: [HOME_PATH, A], active: A });
    expect(closeOtherTabs(state(C), HOME_PATH)).toEqual({ tabs: [HOME_PATH], active: HOME_PATH });
  });

  it('关闭所有 keeps only Home', () => {
    expect(closeAllTabs()).toEqual({ tabs: [HOME_PATH], active: HOME_PATH });
    expect(removedTabs(state(B), closeAllTabs())).toEqual([A, B, C]);
  });

  it('a stored list is repaired: Home first, no duplicates, no foreign paths, a valid active tab', () => {
    expect(normalizeTabs({ tabs: [A, A, '/elsewhere', HOME_PATH, B, 7 as unknown as string], active: '/gone' })).toEqual({
      tabs: [HOME_PATH, A, B],
      active: HOME_PATH,
    });
    expect(normalizeTabs(undefined)).toEqual({ tabs: [HOME_PATH], active: HOME_PATH });
  });
});
