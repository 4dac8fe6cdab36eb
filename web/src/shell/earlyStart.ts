import { fetchUserInfo } from '../api/auth.ts';
import { getToken } from '../api/token.ts';
import { queryClient, queryKeys } from './queryClient.ts';

/**
 * A typed URL or a reload of /manage/<page> with a session: starts, before React has rendered anything, what the
 * shell would otherwise ask for one after the other (its own code; then the account and the menu; then the page's
 * code and first rows). All of it is shared with the shell: the same module promises, the same query cache entries
 * (shell/useShellData.ts), the same page load (shell/pageLoader.ts). The page is loaded only when the account may
 * open it (shell/access.ts, the rule the shell applies), so a refused page reads nothing. The login page loads none
 * of this (every import below is dynamic).
 */
export function startManageEarly(pathname: string): void {
  if (!/^\/manage(\/|$)/.test(pathname) || !getToken()) return;
  void import('./ManageLayout.tsx');
  const user = queryClient.fetchQuery({ queryKey: queryKeys.userInfo, queryFn: fetchUserInfo });
  const menu = import('../api/system.ts').then(({ fetchMenu }) =>
    queryClient.fetchQuery({ queryKey: queryKeys.menu, queryFn: fetchMenu, staleTime: 5 * 60_000 }),
  );
  void Promise.all([import('../pages/manageRoutes.ts'), import('./pageLoader.ts'), import('./menuTree.ts'), import('./access.ts'), user, menu])
    .then(([routes, pages, menuTree, access, account, rows]) => {
      const path = routes.normalizeManagePath(pathname);
      const route = routes.resolveManageRoute(path);
      const paths = menuTree.routePathsOf(menuTree.menuTreeFor(rows, account?.isAdmin === true));
      // an account that must change its password first sees only that dialog (shell/PasswordChangeGate.tsx)
      if (route && account && !account.mustChangePassword && access.mayOpenPage(account, paths, path)) void pages.loadPage(route).catch(() => undefined);
    })
    .catch(() => undefined); // an expired session or a failed call: the shell asks again and shows why
}
