import type { ComponentType } from 'react';
import type { PageOverrides } from '../crud/configFromMeta.ts';

/**
 * Every page of the shell (SPEC.md §2), one entry per route under /manage.
 */
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
const HomePage = page(() => import('./HomePage.tsx'));
const ProfilePage = page(() => import('./ProfilePage.tsx'));
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

const QuestionsClassPage = tablePage(() => import('./content/QuestionsClassPage.tsx'), (m) => m.questionsClassPage);
const QuestionsSmallClassPage = tablePage(() => import('./content/QuestionsSmallClassPage.tsx'), (m) => m.questionsSmallClassPage);
const QuestionBankPage = tablePage(() => import('./content/QuestionBankPage.tsx'), (m) => m.questionBankPage);
const MemberPage = tablePage(() => import('./content/MemberPage.tsx'), (m) => m.memberPage);
const BillFlowPage = tablePage(() => import('./content/BillFlowPage.tsx'), (m) => m.billFlowPage);
const TaskConfigurationPage = page(() => import('./content/TaskConfigurationPage.tsx'));
// the accounts are listed by their own call (userSource): their metadata is read with the page
const UserPage = tablePage(() => import('./content/UserPages.tsx').then((m) => ({ ...m, default: m.UserPage })), (m) => m.userPageOverrides);
const UserListPage = tablePage(() => import('./content/UserPages.tsx').then((m) => ({ ...m, default: m.UserListPage })), (m) => m.userListPageOverrides);
const RolePage = tablePage(() => import('./content/RolePages.tsx').then((m) => ({ ...m, default: m.RolePage })), (m) => m.rolePage);
const RoleListPage = tablePage(() => import('./content/RolePages.tsx').then((m) => ({ ...m, default: m.RoleListPage })), (m) => m.roleListPage);
const TestListPage = tablePage(() => import('./content/TestListPage.tsx'), (m) => m.testListPage);
const TestThreePage = page(() => import('./content/TestThreePage.tsx'));
const PermissionPage = page(() => import('./system/PermissionPage.tsx'));
const OnlineSessionsPage = page(() => import('./system/OnlineSessionsPage.tsx'));
const MenuPage = tablePage(() => import('./system/MenuPage.tsx'), (m) => m.menuPage);
const ConnSqlPage = tablePage(() => import('./datasources/ConnSqlPage.tsx'), (m) => m.connSqlPage);
const DataManaPage = page(() => import('./datasources/DataManaPage.tsx'));
const DataSManaPage = tablePage(() => import('./datasources/DataSManaPage.tsx'), (m) => m.dataSManaPage);
const LayTablePage = page(() => import('./datasources/LayTablePage.tsx'));

export const manageRoutes: ManageRoute[] = [
  { path: 'home', titleKey: 'route.home', ...HomePage },
  { path: 'profile', titleKey: 'route.profile', ...ProfilePage },
  { path: 'menu', titleKey: 'route.menu', ...MenuPage },
  { path: 'connSql', titleKey: 'route.connSql', ...ConnSqlPage },
  { path: 'dataMana', titleKey: 'route.dataMana', ...DataManaPage },
  { path: 'dataSMana', titleKey: 'route.dataSMana', ...DataSManaPage },
  { path: 'role', titleKey: 'route.role', ...RolePage },
  { path: 'user', titleKey: 'route.user', ...UserPage },
  { path: 'permission', titleKey: 'route.permission', ...PermissionPage },
  { path: 'onlineSessions', titleKey: 'route.onlineSessions', ...OnlineSessionsPage },
  { path: 'layTable', titleKey: 'route.layTable', ...LayTablePage },
  { path: 'billFlow', titleKey: 'route.billFlow', ...BillFlowPage },
  { path: 'member', titleKey: 'route.member', ...MemberPage },
  { path: 'questionBank', titleKey: 'route.questionBank', ...QuestionBankPage },
  { path: 'questionsClass', titleKey: 'route.questionsClass', ...QuestionsClassPage },
  { path: 'questionsSmallClass', titleKey: 'route.questionsSmallClass', ...QuestionsSmallClassPage },
  { path: 'roleList', titleKey: 'route.roleList', ...RoleListPage },
  { path: 'taskConfiguration', titleKey: 'route.taskConfiguration', ...TaskConfigurationPage },
  { path: 'testList', titleKey: 'route.testList', ...TestListPage },
  { path: 'testThree', titleKey: 'route.testThree', ...TestThreePage },
  { path: 'userList', titleKey: 'route.userList', ...UserListPage },
];

const byFullPath = new Map(manageRoutes.map((r) => [`/manage/${r.path}`, r]));

/** The route entry of a page module for a full path such as '/manage/menu', or undefined. */
export function findManageRoute(fullPath: string): ManageRoute | undefined {
  return byFullPath.get(fullPath);
}

/** A name a generated page can have: the name of a table (/manage/book). */
const TABLE_NAME = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;
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
  if (!name || !TABLE_NAME.test(name)) return undefined;
  let route = generated.get(name);
  if (!route) {
    route = { path: name, titleKey: '', flag: name, ...tablePage(() => import('./GeneratedPage.tsx'), () => generatedPageOf(name)) };
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
