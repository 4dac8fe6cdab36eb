import { useEffect, useState, type ComponentType } from 'react';
import type { ManageRoute } from '../pages/manageRoutes.ts';

/**
 * Loads the pages of the shell without React.lazy/Suspense. A page revealed after a Suspense fallback is held
 * back by React until the fallback has been on screen for 300 ms (its anti-flicker throttle), which made every
 * first visit of a page at least that slow; here the host shows its own spinner and renders the page the moment
 * its code (and first rows) are there. Loads are shared: the menu starts one on click, the host reuses it.
 */
const loaded = new Map<ManageRoute, ComponentType>();
const pending = new Map<ManageRoute, Promise<ComponentType>>();

function track(route: ManageRoute, start: () => Promise<ComponentType>): Promise<ComponentType> {
  let promise = pending.get(route);
  if (!promise) {
    promise = start().then(
      (page) => {
        loaded.set(route, page);
        pending.delete(route);
        return page;
      },
      (error: unknown) => {
        pending.delete(route); // a later try loads again (a chunk may fail while the server restarts)
        throw error;
      },
    );
    pending.set(route, promise);
  }
  return promise;
}

/**
 * Opens a page: loads its code and first rows, or, when the code is already here, starts reading the rows
 * (synchronously, before the click that opens the page is rendered) and answers at once.
 */
export function loadPage(route: ManageRoute): Promise<ComponentType> {
  const done = loaded.get(route);
  if (done) {
    route.prefetch?.();
    return Promise.resolve(done);
  }
  return track(route, () => route.load());
}

/** Loads the code of these pages one after the other, without their rows; failures are left for the visit. */
export async function preloadPages(routes: ManageRoute[]): Promise<void> {
  for (const route of routes) {
    if (loaded.has(route) || pending.has(route) || !route.preload) continue;
    await track(route, route.preload).catch(() => undefined);
  }
}

export type PageState = { page: ComponentType } | { loading: true } | { error: unknown; retry(): void };

/** The route's page once loaded; starts (or joins) the load otherwise. */
export function usePage(route: ManageRoute): PageState {
  const [, setVersion] = useState(0);
  const [error, setError] = useState<unknown>();
  const page = loaded.get(route);
  useEffect(() => {
    if (page || error) return;
    let live = true;
    loadPage(route).then(
      () => live && setVersion((v) => v + 1),
      (e: unknown) => live && setError(e ?? new Error('page failed to load')),
    );
    return () => {
      live = false;
    };
  }, [route, page, error]);
  if (page) return { page };
  if (error) return { error, retry: () => setError(undefined) };
  return { loading: true };
}
