import { useCallback, useEffect, useRef, useState, type MouseEvent } from 'react';
import { Layout, Modal, Spin } from 'antd';
import type { HookAPI as ModalApi } from 'antd/es/modal/useModal';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
// the texts behind the login load with the shell, before anything of it renders
import '../i18n/manage.ts';
import { findManageRoute, normalizeManagePath } from '../pages/manageRoutes.ts';
import NotFoundPage from '../pages/NotFoundPage.tsx';
import { AppHeader } from './AppHeader.tsx';
import { useGeneratedPage, useGeneratedTitles } from './generatedPages.ts';
import { NavMenu } from './NavMenu.tsx';
import { PageHost } from './PageHost.tsx';
import { PasswordChangeGate } from './PasswordChangeGate.tsx';
import { PagePathContext } from '../app/pageContext.ts';
import { MAIN_ID, TagTabs } from './TagTabs.tsx';
import { closeAllTabs, closeOtherTabs, closeTab, removedTabs, type TabsState } from '../app/tagTabs.ts';
import { useDirtyStore, useLayoutStore, useTabsStore } from '../app/stores.ts';
import { useMenuTree } from '../app/shellData.ts';
import { useTitles } from '../pages/menuTitles.ts';
import { usePreloadMenuPages } from './menuPreload.ts';
import './shell.css';

/** Below antd's lg breakpoint (992 px) the navigation collapses by itself. */
function useNavCollapse() {
  const stored = useLayoutStore();
  const [narrow, setNarrow] = useState(() => typeof window !== 'undefined' && window.innerWidth < 992);
  const [narrowOpen, setNarrowOpen] = useState(false);
  const collapsed = narrow ? !narrowOpen : stored.collapsed;
  const toggle = () => (narrow ? setNarrowOpen((o) => !o) : stored.setCollapsed(!stored.collapsed));
  const onBreakpoint = (broken: boolean) => {
    setNarrow(broken);
    setNarrowOpen(false);
  };
  return { collapsed, toggle, onBreakpoint };
}

/** Applies a tab step, asking first when it would close a page with unsaved edits. */
function useTabSteps(currentPath: string, modal: ModalApi) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return useCallback(
    (step: (state: TabsState) => TabsState) => {
      const store = useTabsStore.getState();
      const before = { tabs: store.tabs, active: store.active };
      const next = step(before);
      const removed = removedTabs(before, next);
      const apply = () => {
        useTabsStore.getState().apply(next);
        useDirtyStore.getState().forget(removed);
        if (next.active !== currentPath) void navigate(next.active);
      };
      const dirty = useDirtyStore.getState().dirty;
      if (removed.some((p) => dirty[p])) {
        modal.confirm({ title: t('tabs.confirmTitle'), content: t('tabs.confirmClose'), onOk: apply });
      } else {
        apply();
      }
    },
    [currentPath, modal, navigate, t],
  );
}

/** The shell, once the account may use it (PasswordChangeGate). */
export default function ManageLayout() {
  return (
    <PasswordChangeGate>
      <ManageShell />
    </PasswordChangeGate>
  );
}

function ManageShell() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const currentPath = normalizeManagePath(location.pathname);
  // a page module's path, or the generated page of a table the server knows (/manage/book)
  const generated = useGeneratedPage(currentPath);
  const known = !!findManageRoute(currentPath) || generated === 'found';
  const tabs = useTabsStore((s) => s.tabs);
  const openTab = useTabsStore((s) => s.open);
  const nav = useNavCollapse();
  const menu = useMenuTree();
  // a generated page is titled by its table where no menu item names it: a tab the menu does not open, and in English
  // the menu's own items (useTitles: Chinese shows the menu's names). Not read at every load for nothing.
  const titled = !menu.data ? [] : i18n.language === 'zh-CN' ? tabs.filter((path) => !menu.routePaths.includes(path)) : [...tabs, ...menu.routePaths];
  const tableTitle = useGeneratedTitles(titled);
  const { menuLabel, pageTitle } = useTitles(menu.tree, tableTitle);
  const { Warmup, warmupDone } = usePreloadMenuPages(menu.tree);
  const [modal, modalHolder] = Modal.useModal();
  const step = useTabSteps(currentPath, modal);

  // coming from the login page, whose form is gone, the next Tab would start where that form was: the shell takes
  // the focus (no ring), so that the skip link is the first thing Tab reaches
  const shellRef = useRef<HTMLElement>(null);
  useEffect(() => {
    const shell = shellRef.current;
    if (shell && (!document.activeElement || document.activeElement === document.body)) shell.focus({ preventScroll: true });
  }, []);

  useEffect(() => {
    if (known) openTab(currentPath);
  }, [known, currentPath, openTab]);

  useEffect(() => {
    document.title = known ? `${pageTitle(currentPath)} - ${t('app.title')}` : t('app.title');
  }, [known, currentPath, pageTitle, t]);

  const skipToContent = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    document.getElementById(MAIN_ID)?.focus();
  };

  return (
    <Layout className="qb-shell" ref={shellRef} tabIndex={-1}>
      <a className="qb-skip-link" href={`#${MAIN_ID}`} onClick={skipToContent} data-testid="skip-link">
        {t('shell.skipToContent')}
      </a>
      {modalHolder}
      <Layout.Sider
        className="qb-sider"
        width={220}
        collapsedWidth={64}
        collapsible
        collapsed={nav.collapsed}
        trigger={null}
        breakpoint="lg"
        onBreakpoint={nav.onBreakpoint}
        data-testid="sider"
        data-collapsed={nav.collapsed}
      >
        <a
          className="qb-brand"
          href="/manage/home"
          // collapsed, only the logo shows: the link is named by the full name
          aria-label={nav.collapsed ? t('app.brand') : undefined}
          onClick={(event) => {
            event.preventDefault();
            void navigate('/manage/home');
          }}
        >
          <span className="qb-brand-logo" aria-hidden="true">
            {t('app.shortTitle')}
          </span>
          {!nav.collapsed && <span className="qb-brand-name">{t('app.brand')}</span>}
        </a>
        <nav className="qb-sider-menu" aria-label={t('shell.navigation')}>
          <NavMenu
            tree={menu.tree}
            loading={menu.isPending}
            failed={menu.isError}
            onRetry={() => void menu.refetch()}
            collapsed={nav.collapsed}
            currentPath={currentPath}
            menuLabel={menuLabel}
          />
        </nav>
      </Layout.Sider>
      <Layout className="qb-main">
        <AppHeader collapsed={nav.collapsed} onToggleCollapsed={nav.toggle} />
        <TagTabs
          tabs={tabs}
          activePath={currentPath}
          titleOf={pageTitle}
          onSelect={(path) => path !== currentPath && navigate(path)}
          onClose={(path) => step((s) => closeTab({ ...s, active: currentPath }, path))}
          onCloseOthers={(path) => step((s) => closeOtherTabs(s, path))}
          onCloseAll={() => step(() => closeAllTabs())}
        />
        <main className="qb-content" id={MAIN_ID} tabIndex={-1} data-testid="content">
          {/* the page's one level-one heading: its title, as the active tag shows it */}
          <h1 className="qb-sr-only" data-testid="page-heading">
            {known ? pageTitle(currentPath) : t('app.title')}
          </h1>
          {known ? (
            <PageHost tabs={tabs} currentPath={currentPath} />
          ) : generated === 'checking' ? (
            <div style={{ padding: 48, textAlign: 'center' }} data-testid="page-loading">
              <Spin />
            </div>
          ) : (
            <NotFoundPage path={location.pathname} />
          )}
          {Warmup && (
            <PagePathContext.Provider value="/manage/__warmup">
              <Warmup onDone={warmupDone} />
            </PagePathContext.Provider>
          )}
        </main>
      </Layout>
    </Layout>
  );
}
