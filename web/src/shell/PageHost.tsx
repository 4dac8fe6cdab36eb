import { Activity, memo, useEffect, useState } from 'react';
import { Button, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { resolveManageRoute, type ManageRoute } from '../pages/manageRoutes.ts';
import { PagePathContext } from '../app/pageContext.ts';
import { useMayOpen } from '../app/access.ts';
import { usePage } from './pageLoader.ts';

/**
 * Keeps the page of every open tab alive (hidden, state kept) so that switching tabs does not lose
 * a half-filled form. A restored tab is mounted only when first shown; a closed tab is unmounted.
 */
export function PageHost({ tabs, currentPath }: { tabs: string[]; currentPath: string }) {
  const [visited, setVisited] = useState<string[]>([currentPath]);
  useEffect(() => {
    setVisited((v) => (v.includes(currentPath) ? v : [...v, currentPath]));
  }, [currentPath]);

  const mounted = tabs.filter((p) => p === currentPath || visited.includes(p));
  const mayOpen = useMayOpen();
  return (
    <>
      {mounted.map((path) => {
        const route = resolveManageRoute(path);
        if (!route) return null;
        return (
          <Activity key={path} mode={path === currentPath ? 'visible' : 'hidden'}>
            <PagePathContext.Provider value={path}>{mayOpen(path) ? <LoadedPage route={route} /> : <NoAccess />}</PagePathContext.Provider>
          </Activity>
        );
      })}
    </>
  );
}

/** A page the role may not open (a URL typed in, a tab restored from storage): said plainly, nothing of it loaded. */
function NoAccess() {
  const { t } = useTranslation();
  return (
    <div className="qb-panel" data-testid="page-no-access">
      <Result status="403" title={t('shell.noAccess')} subTitle={t('shell.noAccessDetail')} />
    </div>
  );
}

/**
 * A page renders again only when its own state or what it reads changes, not each time the shell does (a new tab, the
 * tag bar, the menu): the first tab of a typed URL in a browser without saved tabs rendered the whole page a second
 * time as the shell added its tab (issue 31). Routes are module-level objects, the same for a path.
 */
const LoadedPage = memo(function LoadedPage({ route }: { route: ManageRoute }) {
  const { t } = useTranslation();
  const state = usePage(route);
  if ('page' in state) {
    const Page = state.page;
    return <Page />;
  }
  if ('error' in state) {
    return (
      <div className="qb-panel" data-testid="page-load-failed">
        <Result
          status="warning"
          title={t('shell.pageFailed')}
          extra={
            <Button type="primary" onClick={state.retry}>
              {t('home.retry')}
            </Button>
          }
        />
      </div>
    );
  }
  return (
    <div style={{ padding: 48, textAlign: 'center' }} data-testid="page-loading">
      <Spin />
    </div>
  );
});
