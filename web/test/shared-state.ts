import i18n, { DEFAULT_LANGUAGE, LANGUAGE_KEY, setLanguage } from '../src/i18n/index.ts';
import { vi } from 'vitest';
import { resetClientState } from '../src/api/client.ts';
import { forgetAllTableMetaRead } from '../src/crud/tableMeta.ts';
import { unmountDialogHost } from '../src/import/dialogHost.tsx';
import { queryClient } from '../src/app/queryClient.ts';
import { useDirtyStore, useLayoutStore, usePasswordDialog, useTabMenuStore, useTabsStore } from '../src/app/stores.ts';

/**
 * What the app keeps at module level, put back as a fresh page load has it. The component files share their modules
 * (vitest `isolate: false`, test/setup.ts): this module is evaluated once per worker, so the states captured here
 * are the stores' first ones.
 */
const stores = [useLayoutStore, useTabsStore, useTabMenuStore, useDirtyStore, usePasswordDialog] as const;
const initial = stores.map((store) => store.getState());

export async function resetSharedState(): Promise<void> {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  queryClient.clear();
  resetClientState();
  stores.forEach((store, i) => (store as { setState(state: unknown, replace: true): void }).setState(initial[i], true));
  unmountDialogHost();
  forgetAllTableMetaRead();
  if (i18n.language !== DEFAULT_LANGUAGE) {
    await setLanguage(DEFAULT_LANGUAGE);
    localStorage.removeItem(LANGUAGE_KEY);
  }
}
