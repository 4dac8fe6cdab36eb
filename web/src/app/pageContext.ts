import { createContext, useContext, useEffect } from 'react';
import { useDirtyStore } from './stores.ts';

/** The tab a page lives in. Pages stay mounted while their tab is open, so they ask this, not the URL, who they are. */
export const PagePathContext = createContext<string>('/manage/home');

export function usePagePath(): string {
  return useContext(PagePathContext);
}

/** A page with a form calls this; closing its tab then asks 确定要关闭这一页吗? first. */
export function useUnsavedChanges(dirty: boolean) {
  const path = usePagePath();
  const setDirty = useDirtyStore((s) => s.setDirty);
  // no clean-up on unmount: a hidden tab's effects are unmounted too, and its edits are still there;
  // closing the tab forgets the flag (PageHost)
  useEffect(() => {
    setDirty(path, dirty);
  }, [path, dirty, setDirty]);
}
