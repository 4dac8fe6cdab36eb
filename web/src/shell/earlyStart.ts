import { getToken } from '../api/token.ts';
import { menuQuery, queryClient, userInfoQuery } from '../app/queryClient.ts';

/**
 * A typed URL or a reload of /manage/<page> with a session: starts, before React has rendered anything, what the
 * shell would otherwise ask for one after the other (its own code; then the account and the menu; then the page's
 * code, a table page's metadata and its first rows). All of it is shared with the shell: the same module promises,
 * the same query cache entries (app/shellData.ts), the same page load (shell/pageLoader.ts). The page is loaded
 * only when the account may open it (app/access.ts, the rule the shell applies), so a refused page reads nothing.
 * The login page loads none of this (every import below is dynamic; the build puts them in the small `routes`
 * chunk, vite.config.ts).
 */
export function startManageEarly(pathname: string): void {
  early = undefined;
  if (!/^\/manage(\/|$)/.test(pathname) || !getToken()) return;
  // the two calls first: the browser's six connections to the server are then not all taken by code chunks
  const user = queryClient.fetchQuery(userInfoQuery);
  const menu = queryClient.fetchQuery(menuQuery);
  void import('./ManageLayout.tsx');
  const routes = import('../pages/manageRoutes.ts');
  // the page's code does not wait for the account and the menu (code reads nothing); its rows do
  const page = routes.then((r) => {
    const path = r.normalizeManagePath(pathname);
    const route = r.resolveManageRoute(path);
    void route?.preload?.().catch(() => undefined);
    return { path, route };
  });
  const rest = [
    import('./pageLoader.ts'),
    import('../app/menuTree.ts'),
    import('../app/access.ts'),
    import('../crud/tableMeta.ts'),
    import('@qb/contracts/pages'),
  ] as const;
  early = Promise.all([page, ...rest, user, menu])
    .then(([{ path, route }, pages, menuTree, access, tableMeta, declared, account, rows]) => {
      const paths = menuTree.routePathsOf(menuTree.menuTreeFor(rows, account?.isAdmin === true));
      // an account that must change its password first sees only that dialog (shell/PasswordChangeGate.tsx)
      if (!route || !account || account.mustChangePassword || !access.mayOpenPage(account, paths, path)) return;
      // a table page's metadata is read now, beside its code, not once the code has run: one round trip less before
      // its rows (the table: a generated page's own, else the first its declaration names, the one it lists)
      const flag = route.flag ?? (route.prefetch ? Object.keys(declared.managePages.find((p) => `/manage/${p.path}` === path)?.tables ?? {})[0] : undefined);
      if (flag) void queryClient.prefetchQuery(tableMeta.tableMetaQuery(flag));
      return pages.loadPage(route).then(() => undefined);
    })
    .catch(() => undefined); // an expired session or a failed call: the shell asks again and shows why
}

let early: Promise<void> | undefined;

/**
 * Settles when the page the early start opened has its code (and a table page its first rows, or 400 ms have passed),
 * or the start has given up; undefined when nothing was started. The shell waits for it (a while at most) before its
 * first render, so that shell and page render once, together, and the page's rows are asked for before that render
 * takes the main thread (shell/router.tsx).
 */
export function earlyPageSettled(): Promise<void> | undefined {
  return early;
}
