import { useEffect } from 'react';
import { endOpening } from '../api/earlyCalls.ts';

/**
 * Loads code a page offers on demand (a dialog, the JSON editor) once the browser is idle, so that the click that
 * opens it does not wait for a download and a parse: the page itself has rendered by then. A failure is left for the
 * click, which loads again and shows why.
 */
export function preloadWhenIdle(load: () => Promise<unknown>): void {
  const run = () => {
    // the page has opened: what it loaded so far is what a typed URL of it starts early next time
    endOpening();
    void load().catch(() => undefined);
  };
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout: 5000 });
  else window.setTimeout(run, 200);
}

/** preloadWhenIdle once `ready` (the page has shown what it is for), for each loader given. */
export function useIdlePreload(ready: boolean, ...loads: (() => Promise<unknown>)[]): void {
  useEffect(() => {
    if (ready) for (const load of loads) preloadWhenIdle(load);
    // the loaders are module-level functions: only `ready` decides when
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready]);
}
