import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { closeAllTabs, closeOtherTabs, closeTab, initialTabs, normalizeTabs, openTab, type TabsState } from './tagTabs.ts';

/** localStorage keys. Preferences (collapsed, language) survive logout; the tab list is session state. */
export const LAYOUT_KEY = 'qb.layout';
export const TABS_KEY = 'qb.tabs';

interface LayoutStore {
  collapsed: boolean;
  setCollapsed(collapsed: boolean): void;
}

export const useLayoutStore = create<LayoutStore>()(
  persist((set) => ({ collapsed: false, setCollapsed: (collapsed) => set({ collapsed }) }), {
    name: LAYOUT_KEY,
    storage: createJSONStorage(() => localStorage),
  }),
);

interface TabsStore extends TabsState {
  open(path: string): void;
  /** applies a step computed with the pure functions of tagTabs.ts */
  apply(next: TabsState): void;
  close(path: string): void;
  closeOthers(path: string): void;
  closeAll(): void;
  reset(): void;
}

export const useTabsStore = create<TabsStore>()(
  persist(
    (set, get) => ({
      ...initialTabs,
      open: (path) => set(openTab(get(), path)),
      apply: (next) => set({ tabs: next.tabs, active: next.active }),
      close: (path) => set(closeTab(get(), path)),
      closeOthers: (path) => set(closeOtherTabs(get(), path)),
      closeAll: () => set(closeAllTabs()),
      reset: () => set({ ...initialTabs }),
    }),
    {
      name: TABS_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ tabs, active }) => ({ tabs, active }),
      merge: (persisted, current) => ({ ...current, ...normalizeTabs(persisted as Partial<TabsState>) }),
    },
  ),
);

/**
 * Which menu item opened each tab's path: two items may lead to one page (an operator's menu at /manage/testList
 * beside the seeded 测试列表), and the tab and the highlighted item are the one the person clicked.
 */
export const TAB_MENUS_KEY = 'qb.tabMenus';
export const useTabMenuStore = create<{ menuOf: Record<string, number>; remember(path: string, menuId: number): void }>()(
  persist((set) => ({ menuOf: {}, remember: (path, menuId) => set((s) => ({ menuOf: { ...s.menuOf, [path]: menuId } })) }), {
    name: TAB_MENUS_KEY,
    storage: createJSONStorage(() => localStorage),
    partialize: ({ menuOf }) => ({ menuOf }),
  }),
);

/** Pages with unsaved edits, by tab path; not persisted (a reload loses the edits anyway). */
interface DirtyStore {
  dirty: Record<string, boolean>;
  setDirty(path: string, dirty: boolean): void;
  forget(paths: string[]): void;
}

export const useDirtyStore = create<DirtyStore>()((set) => ({
  dirty: {},
  setDirty: (path, dirty) =>
    set((s) => {
      if (!!s.dirty[path] === dirty) return s;
      const next = { ...s.dirty };
      if (dirty) next[path] = true;
      else delete next[path];
      return { dirty: next };
    }),
  forget: (paths) =>
    set((s) => {
      const next = { ...s.dirty };
      for (const p of paths) delete next[p];
      return { dirty: next };
    }),
}));

/** The change-password dialog is opened from the header menu and from the profile page. */
export const usePasswordDialog = create<{ open: boolean; setOpen(open: boolean): void }>()((set) => ({
  open: false,
  setOpen: (open) => set({ open }),
}));
