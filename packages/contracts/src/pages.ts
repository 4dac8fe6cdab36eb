import type { GrantAction } from './api/types.ts';

/**
 * Every page of the shell (SPEC.md §2), declared once: its route, its titles in both languages, its icon, where the
 * seed puts it in the navigation, the tables it reads and writes with the actions it offers, and what renders it.
 * Read by the server (access rules: server/src/access/pages.ts; the menu seed: server/src/seed/seedData.ts) and the
 * web app (router and tab titles: web/src/pages/manageRoutes.ts; texts: web/src/i18n/manage.*.ts). Adding a page
 * is one entry here plus, for `renders: 'own'`, one component in web/src/pages (docs/web-pages.md).
 */

export interface Texts {
  'zh-CN': string;
  'en-US': string;
}

const ALL: GrantAction[] = ['view', 'save', 'delete', 'import', 'export'];
const EDIT: GrantAction[] = ['view', 'save', 'delete', 'export'];
const READ: GrantAction[] = ['view', 'export'];

/** The actions a page offers on each table (a role granted the page's menu gets at most these). */
export type PageTables = Record<string, GrantAction[]>;

export interface PageSpec {
  /** the route below /manage (/manage/<path>) */
  path: string;
  /** the tab, page and seeded menu title */
  title: Texts;
  /** the menu icon of the seed (an @ant-design/icons name) */
  icon?: string;
  /** sys_menu.menuMark of the seeded menu; the path when absent */
  mark?: string;
  tables: PageTables;
  /**
   * `own`: a component of its own in web/src/pages (listed in `pageModules` of web/src/pages/manageRoutes.ts, checked by the type
   * checker); `generated`: the generic page of the table named by the path, built from its metadata.
   */
  renders: 'own' | 'generated';
}

/** A group of the seeded navigation: no page of its own, its children in menu order. */
export interface NavGroup {
  mark: string;
  title: Texts;
  icon: string;
  /** 0: hidden from the navigation (SPEC.md §2: 基础管理) */
  display?: 0;
  children: NavNode[];
}

export type NavNode = PageSpec | NavGroup;

export const isNavGroup = (node: NavNode): node is NavGroup => 'children' in node;

type Extra = Pick<PageSpec, 'icon' | 'mark'>;
/** A page with a component of its own. */
const page = <const P extends string>(path: P, zh: string, en: string, icon: string | undefined, tables: PageTables) =>
  ({ path, title: { 'zh-CN': zh, 'en-US': en }, ...(icon ? { icon } : {}), tables, renders: 'own' }) as PageSpec & { path: P; renders: 'own' };
/** The generic page of the table named by its path. */
const tablePage = <const P extends string>(path: P, zh: string, en: string, tables: PageTables, extra: Extra) =>
  ({ path, title: { 'zh-CN': zh, 'en-US': en }, ...extra, tables, renders: 'generated' }) as PageSpec & { path: P; renders: 'generated' };
const group = (mark: string, zh: string, en: string, icon: string, children: NavNode[], more: Partial<NavGroup> = {}): NavGroup => ({
  mark,
  title: { 'zh-CN': zh, 'en-US': en },
  icon,
  children,
  ...more,
});

const home = page('home', '首页', 'Home', 'HomeOutlined', {});
const questionsClass = page('questionsClass', '考题科目', 'Subjects', 'ReadOutlined', { questionsClass: EDIT });
const questionsSmallClass = page('questionsSmallClass', '题目分类', 'Categories', 'TagsOutlined', { questionsSmallClass: ALL });
const questionBank = page('questionBank', '题库', 'Questions', 'FileTextOutlined', { questionBank: ALL });
// members take the generic spreadsheet import (docs/import.md "Import into any table"); bill flows do not
const member = page('member', '小程序用户管理', 'Members', 'UserOutlined', { sys_member: ALL });
// a flow names its member: the member list is read for those names (a reference to a system table gives no view)
const billFlow = page('billFlow', '用户账单流水管理', 'Bill flows', 'AccountBookOutlined', { userBillFlow: EDIT, sys_member: ['view'] });
const taskConfiguration = page('taskConfiguration', '任务配置', 'Task configuration', 'ScheduleOutlined', { sys_config: ['view', 'save'] });
const menu = page('menu', '菜单管理', 'Menus', 'MenuOutlined', { sys_menu: EDIT, sys_layList: ['view', 'save'] });
const role = page('role', '角色管理', 'Roles', 'SafetyOutlined', { sys_role: EDIT });
// accounts are written by administrators only (roles, passwords, the last administrator): the pages show them to others
const user = page('user', '用户管理', 'Users', 'UserSwitchOutlined', { sys_user: READ });
// the permission page calls administrator routes: a grant shows the page, the calls still need the role
const permission = page('permission', '权限管理', 'Permissions', 'KeyOutlined', { sys_role: ['view'], sys_menu: ['view'] });
const operationLog = tablePage('sys_operationLog', '操作日志', 'Operation log', { sys_operationLog: READ }, { icon: 'AuditOutlined', mark: 'operationLog' });
const loginLog = tablePage('sys_loginLog', '登录日志', 'Login log', { sys_loginLog: READ }, { icon: 'LoginOutlined', mark: 'loginLog' });
// its calls are an administrator's: a grant shows the page only
const onlineSessions = page('onlineSessions', '在线用户', 'Online users', 'TeamOutlined', {});
const connSql = page('connSql', '数据源管理', 'Data sources', 'ApiOutlined', { sys_connsql: EDIT });
// the DDL history (read-only) is shown with the table definitions; createSqlTable, read-back and menus need save on sys_dataSheet
const dataMana = page('dataMana', '数据库管理', 'Databases', 'DatabaseOutlined', {
  sys_dataSheet: EDIT,
  sys_tableFields: EDIT,
  sys_connsql: ['view'],
  sys_ddlHistory: ['view'],
});
const dataSMana = page('dataSMana', '数据表管理', 'Data tables', 'TableOutlined', { sys_dataMana: EDIT });
const layTable = page('layTable', '表单设计', 'Form designer', 'FormOutlined', { sys_layTable: EDIT, sys_connsql: ['view'] });
const testList = page('testList', '测试列表', 'Test list', 'ProfileOutlined', { testList: EDIT });
const testThree = page('testThree', '示例表格', 'Demo table', 'TableOutlined', {});
const roleList = page('roleList', '角色列表', 'Role list', 'SolutionOutlined', { sys_role: EDIT });
const userList = page('userList', '用户列表', 'User list', 'IdcardOutlined', { sys_user: READ });
/** the signed-in account's own page (the header's menu), in no navigation */
const profile = page('profile', '基本资料', 'Profile', undefined, {});

/** The navigation a new installation starts with, in menu order (the seed writes it into sys_menu). */
export const seedNavigation: NavNode[] = [
  home,
  group('questionGroup', '题库管理', 'Question bank', 'BookOutlined', [questionsClass, questionsSmallClass, questionBank]),
  group('operationGroup', '运营管理', 'Operations', 'TeamOutlined', [member, billFlow, taskConfiguration]),
  group('system', '系统管理', 'System', 'SettingOutlined', [menu, role, user, permission, operationLog, loginLog, onlineSessions]),
  group('baseMana', '基础管理', 'Base data', 'DatabaseOutlined', [connSql, dataMana, dataSMana], { display: 0 }),
  group('devTools', '开发工具', 'Developer tools', 'ToolOutlined', [layTable]),
  group('samples', '示例页面', 'Samples', 'AppstoreOutlined', [
    group('sampleLists', '列表示例', 'List samples', 'UnorderedListOutlined', [testList, testThree]),
    roleList,
    userList,
  ]),
];

/** Every page of the shell: those of the navigation, and those reached otherwise (the profile). */
export const managePages = [
  home,
  profile,
  questionsClass,
  questionsSmallClass,
  questionBank,
  member,
  billFlow,
  taskConfiguration,
  menu,
  role,
  user,
  permission,
  operationLog,
  loginLog,
  onlineSessions,
  connSql,
  dataMana,
  dataSMana,
  layTable,
  testList,
  testThree,
  roleList,
  userList,
] as const;

/** The path of a page with a component of its own: `pageModules` of web/src/pages/manageRoutes.ts has one loader for each. */
export type OwnPage = Extract<(typeof managePages)[number], { renders: 'own' }>;
export type OwnPagePath = OwnPage['path'];

export const isOwnPage = (p: (typeof managePages)[number]): p is OwnPage => p.renders === 'own';

/** The group the data-source tools put generated pages under (POST /api/datasources/menu/): named, not seeded. */
export const GENERATED_PAGES_GROUP: Texts = { 'zh-CN': '数据页面', 'en-US': 'Data pages' };

/** Titles of everything the seed names (groups and pages), Chinese → English, for menus shown in English. */
export function seededMenuNames(): Record<string, string> {
  const names: Record<string, string> = { [GENERATED_PAGES_GROUP['zh-CN']]: GENERATED_PAGES_GROUP['en-US'] };
  const walk = (nodes: NavNode[]) => {
    for (const node of nodes) {
      names[node.title['zh-CN']] = node.title['en-US'];
      if (isNavGroup(node)) walk(node.children);
    }
  };
  walk(seedNavigation);
  return names;
}

/** The title of every page in one language, by path (the web app's `route.<path>` texts). */
export function pageTitles(language: keyof Texts): Record<string, string> {
  return Object.fromEntries(managePages.map((p) => [p.path, p.title[language]]));
}
