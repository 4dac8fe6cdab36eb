/**
 * The tag-tab list as plain data and pure steps, so that the rules (SPEC.md §2 "Tag tabs") are testable alone.
 * A tab is identified by its route path; Home is always first and cannot be closed.
 */
export const HOME_PATH = '/manage/home';

export interface TabsState {
  tabs: string[];
  active: string;
}

export const initialTabs: TabsState = { tabs: [HOME_PATH], active: HOME_PATH };

/** Repairs whatever came out of storage: Home first, no duplicates, an active tab that exists. */
export function normalizeTabs(state: Partial<TabsState> | undefined): TabsState {
  const seen = new Set<string>([HOME_PATH]);
  const tabs = [HOME_PATH];
  for (const path of Array.isArray(state?.tabs) ? state.tabs : []) {
    if (typeof path === 'string' && path.startsWith('/manage/') && !seen.has(path)) {
      seen.add(path);
      tabs.push(path);
    }
  }
  const active = typeof state?.active === 'string' && seen.has(state.active) ? state.active : HOME_PATH;
  return { tabs, active };
}

/** Opens (appends) a tab if it is new and makes it active. */
export function openTab(state: TabsState, path: string): TabsState {
  if (state.tabs.includes(path)) return state.active === path ? state : { ...state, active: path };
  return { tabs: [...state.tabs, path], active: path };
}

/** Closes one tab. If it was the active one, its right neighbour becomes active, or the left one when it was last. */
export function closeTab(state: TabsState, path: string): TabsState {
  const index = state.tabs.indexOf(path);
  if (path === HOME_PATH || index < 0) return state;
  const tabs = state.tabs.filter((p) => p !== path);
  if (state.active !== path) return { tabs, active: state.active };
  const active = tabs[index] ?? tabs[index - 1] ?? HOME_PATH;
  return { tabs, active };
}

/** 关闭其他: keeps Home and the given tab, which becomes active. */
export function closeOtherTabs(state: TabsState, path: string): TabsState {
  if (!state.tabs.includes(path)) return state;
  return { tabs: path === HOME_PATH ? [HOME_PATH] : [HOME_PATH, path], active: path };
}

/** 关闭所有: keeps only Home. */
export function closeAllTabs(): TabsState {
  return { tabs: [HOME_PATH], active: HOME_PATH };
}

/** The tabs a step removes, to ask about unsaved edits before taking it. */
export function removedTabs(before: TabsState, after: TabsState): string[] {
  return before.tabs.filter((p) => !after.tabs.includes(p));
}
