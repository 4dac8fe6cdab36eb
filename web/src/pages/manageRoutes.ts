import { SQL_NAME_PATTERN } from '@qb/contracts';
import { isOwnPage, managePages, type OwnPagePath } from '@qb/contracts/pages';
import type { ComponentType } from 'react';
import type { PageOverrides } from '../crud/configFromMeta.ts';

/** A page of the shell (SPEC.md §2) as the router loads it: one per route under /manage. */
export interface ManageRoute {
  /** path below /manage, without slashes */
  path: string;
  /** i18n key of the page title (tab title, placeholder title); empty for a generated page, titled by its table */
  titleKey: string;
  /** a page generated for this table (/manage/:name without a page module): the shell checks that the table exists */
  flag?: string;
  /** Loads the page's code (and, for a table page, its first rows); shell/pageLoader.ts caches the answer. */
  load(): Promise<ComponentType>;
  /** Loads the code only (the shell does this for menu pages when idle). */
  preload?(): Promise<ComponentType>;
  /** Once the code is loaded: starts reading the page's first rows (a table page), synchronously. */
  prefetch?(): void;
}

type PageLoaders = Pick<ManageRoute, 'load' | 'preload' | 'prefetch'>;

const page = <M extends { default: ComponentType }>(load: () => Promise<M>): PageLoaders => {
  const code = () => load().then((m) => m.default);
  return { load: code, preload: code };
};
/** How long a table page waits for its first rows before it renders without them. */
const PREFETCH_WAIT_MS = 400;

/**
 * A generic table page: its metadata and first rows are read as soon as its code has loaded, and the page renders
 * when they are there (or after 400 ms), so that the table renders once, with its rows, not empty and then full.
 * When the code is already there (preloaded), opening the page starts reading the rows at once.
 */
function tablePage<M extends { default: ComponentType }>(load: () => Promise<M>, pageOf: (m: M) => PageOverrides): PageLoaders {
  let ready: { module: M; prefetchTablePage(page: PageOverrides): Promise<void> } | undefined;
  const code = async () => {
    const [module, { prefetchTablePage }] = await Promise.all([load(), import('../crud/prefetch.ts')]);
    ready = { module, prefetchTablePage };
    return ready;
  };
  return {
    async load() {
      const { module, prefetchTablePage } = ready ?? (await code());
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([prefetchTablePage(pageOf(module)), new Promise((resolve) => (timer = setTimeout(resolve, PREFETCH_WAIT_MS)))]);
      clearTimeout(timer);
      return module.default;
    },
    preload: () => code().then((r) => r.module.default),
    prefetch() {
      if (ready) void ready.prefetchTablePage(pageOf(ready.module)); // the page shows a failed read
    },
  };
}

/**
 * The component of each page that has one of its own (packages/contracts/src/pages.ts declares every page: route,
 * titles, menu, tables; its `renders: 'own'` pages need an entry here, which the type checker enforces).
 */
const pageModules: Record<OwnPagePath, PageLoaders> = {
  home: page(() => import('./HomePage.tsx')),
  profile: page(() => import('./ProfilePage.tsx')),
  questionsClass: tablePage(
    () => import('./content/QuestionsClassPage.tsx'),
    (m) => m.questionsClassPage,
  ),
  questionsSmallClass: tablePage(
    () => import('./content/QuestionsSmallClassPage.tsx'),
    (m) => m.questionsSmallClassPage,
  ),
  questionBank: tablePage(
    () => import('./content/QuestionBankPage.tsx'),
    (m) => m.questionBankPage,
  ),
  member: tablePage(
    () => import('./content/MemberPage.tsx'),
    (m) => m.memberPage,
  ),
  billFlow: tablePage(
    () => import('./content/BillFlowPage.tsx'),
    (m) => m.billFlowPage,
  ),
  taskConfiguration: page(() => import('./content/TaskConfigurationPage.tsx')),
  // the accounts are listed by their own call (userSource): their metadata is read with the page
  user: tablePage(
    () => import('./content/UserPages.tsx').then((m) => ({ ...m, default: m.UserPage })),
    (m) => m.userPageOverrides,
  ),
  userList: tablePage(
    () => import('./content/UserPages.tsx').then((m) => ({ ...m, default: m.UserListPage })),
    (m) => m.userListPageOverrides,
  ),
  role: tablePage(
    () => import('./content/RolePages.tsx').then((m) => ({ ...m, default: m.RolePage })),
    (m) => m.rolePage,
  ),
  roleList: tablePage(
    () => import('./content/RolePages.tsx').then((m) => ({ ...m, default: m.RoleListPage })),
    (m) => m.roleListPage,
  ),
  testList: tablePage(
    () => import('./content/TestListPage.tsx'),
    (m) => m.testListPage,
  ),
  testThree: page(() => import('./content/TestThreePage.tsx')),
  permission: page(() => import('./system/PermissionPage.tsx')),
  onlineSessions: page(() => import('./system/OnlineSessionsPage.tsx')),
  menu: tablePage(
    () => import('./system/MenuPage.tsx'),
    (m) => m.menuPage,
  ),
  connSql: tablePage(
    () => import('./datasources/ConnSqlPage.tsx'),
    (m) => m.connSqlPage,
  ),
  dataMana: page(() => import('./datasources/DataManaPage.tsx')),
  dataSMana: tablePage(
    () => import('./datasources/DataSManaPage.tsx'),
    (m) => m.dataSManaPage,
  ),
  layTable: page(() => import('./datasources/LayTablePage.tsx')),
};

/** The pages with a component of their own; a declared page rendered by the generic page is a generated route. */
export const manageRoutes: ManageRoute[] = managePages.filter(isOwnPage).map((p) => ({ path: p.path, titleKey: `route.${p.path}`, ...pageModules[p.path] }));

const byFullPath = new Map(manageRoutes.map((r) => [`/manage/${r.path}`, r]));

/** The route entry of a page module for a full path such as '/manage/menu', or undefined. */
export function findManageRoute(fullPath: string): ManageRoute | undefined {
  return byFullPath.get(fullPath);
}

const generated = new Map<string, ManageRoute>();

/** The overrides of a generated page: none, only its table. */
export const generatedPageOf = (flag: string): PageOverrides => ({ key: flag, flag });

/**
 * The route of /manage/:name when no page module has that path: the generic page of the table `name`, built from
 * its metadata alone (a table an operator defined at run time gets /manage/<its name>). Whether the table exists
 * is the server's answer (the shell asks before it opens a tab). One entry per name, so that loads are shared.
 */
export function generatedRoute(fullPath: string): ManageRoute | undefined {
  if (byFullPath.has(fullPath)) return undefined;
  const name = /^\/manage\/([^/]+)$/.exec(fullPath)?.[1];
  // a name a generated page can have: the name of a table an operator defined (/manage/book)
  if (!name || !SQL_NAME_PATTERN.test(name)) return undefined;
  let route = generated.get(name);
  if (!route) {
    route = {
      path: name,
      titleKey: '',
      flag: name,
      ...tablePage(
        () => import('./GeneratedPage.tsx'),
        () => generatedPageOf(name),
      ),
    };
    generated.set(name, route);
  }
  return route;
}

/** The route of a full path: a page module's, else a generated table page's. */
export function resolveManageRoute(fullPath: string): ManageRoute | undefined {
  return findManageRoute(fullPath) ?? generatedRoute(fullPath);
}

/** '/manage', '/manage/' and '/manage/home/' all mean the home page; trailing slashes are dropped. */
export function normalizeManagePath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '/manage' || trimmed === '' ? '/manage/home' : trimmed;
}
