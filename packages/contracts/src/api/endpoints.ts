/**
 * Every call of the API, declared once: its name, method and path. The request and answer schemas are the zod
 * route schemas of this folder, linked by name in `routeSchemas` (routes.ts); the server registers each route from
 * the two (server/src/http/route.ts), the web client calls them by name with the types of their schemas
 * (web/src/api/client.ts `call`), and the OpenAPI document is generated from what the server registered. This
 * module holds no zod value, so that the web bundle carries only the paths.
 */
import type * as S from './index.ts';
import type { RouteSchema } from './common.ts';

/** A call's method and path; `R` is its route schema (types only: the value is never set). */
export interface Endpoint<R extends RouteSchema = RouteSchema> {
  readonly method: 'GET' | 'POST';
  readonly url: string;
  /** answered without a session (health, the captcha, the login, the API's description) */
  readonly public?: true;
  readonly schema?: R;
}

type Flags = Pick<Endpoint, 'public'>;
const get = <R extends RouteSchema>(url: string, flags: Flags = {}): Endpoint<R> => ({ method: 'GET', url, ...flags });
const post = <R extends RouteSchema>(url: string, flags: Flags = {}): Endpoint<R> => ({ method: 'POST', url, ...flags });
const open = { public: true } as const;

export const endpoints = {
  // sessions and accounts
  captcha: get<typeof S.captchaRoute>('/api/user/captcha/', open),
  login: post<typeof S.loginRoute>('/api/user/login/', open),
  logout: post<typeof S.logoutRoute>('/api/user/logout/'),
  userInfo: get<typeof S.userInfoRoute>('/api/user/userInfo/'),
  changePassword: post<typeof S.changePasswordRoute>('/api/user/changePassword/'),
  userList: get<typeof S.userListRoute>('/api/user/list/'),
  userSave: post<typeof S.userSaveRoute>('/api/user/save/'),
  // grants, roles of accounts, sessions
  menuActions: get<typeof S.menuActionsRoute>('/api/access/menuActions/'),
  roleGrants: get<typeof S.roleGrantsRoute>('/api/access/role/'),
  saveRoleGrants: post<typeof S.saveRoleGrantsRoute>('/api/access/role/'),
  userRoles: get<typeof S.userRolesRoute>('/api/user/roles/'),
  saveUserRoles: post<typeof S.saveUserRolesRoute>('/api/user/roles/'),
  resetPassword: post<typeof S.resetPasswordRoute>('/api/user/resetPassword/'),
  sessions: get<typeof S.sessionsRoute>('/api/access/sessions/'),
  endSession: post<typeof S.endSessionRoute>('/api/access/sessions/logout/'),
  // the generic table API
  select: get<typeof S.selectRoute>('/api/select/'),
  save: post<typeof S.saveRoute>('/api/action/save/'),
  delete: post<typeof S.deleteRoute>('/api/action/delete/'),
  masterSlave: post<typeof S.masterSlaveRoute>('/api/action/masterSlave/'),
  menu: get<typeof S.menuRoute>('/api/system/menu/'),
  menuLayout: get<typeof S.menuLayoutRoute>('/api/system/layout/'),
  exportTable: get<typeof S.exportTableRoute>('/api/export/table/'),
  schemaList: get<typeof S.schemaListRoute>('/api/schema/'),
  schema: get<typeof S.schemaRoute>('/api/schema/:flag'),
  // uploads, import and export of questions and categories
  upload: post<typeof S.uploadRoute>('/api/action/upload/'),
  uploadOss: post<typeof S.uploadOssRoute>('/api/action/uploadsOss/'),
  selectAddTypes: post<typeof S.selectAddTypesRoute>('/api/coustomApi/selectAddTypes/'),
  importQuestions: post<typeof S.importQuestionsRoute>('/api/action/import/'),
  importCategories: post<typeof S.importCategoriesRoute>('/api/coustomApi/typesImport/'),
  template: get<typeof S.templateRoute>('/api/import/template/'),
  exportQuestions: get<typeof S.exportQuestionsRoute>('/api/export/questions/'),
  // import into any table that offers it (docs/import.md "Import into any table")
  importTable: post<typeof S.importTableRoute>('/api/action/importTable/'),
  tableTemplate: get<typeof S.tableTemplateRoute>('/api/import/tableTemplate/'),
  tableImportOptions: get<typeof S.tableImportOptionsRoute>('/api/import/tableOptions/'),
  // every row's history, restore and undelete (docs/history.md)
  history: get<typeof S.historyRoute>('/api/history/'),
  deletedRows: get<typeof S.deletedRowsRoute>('/api/history/deleted/'),
  restore: post<typeof S.restoreRoute>('/api/history/restore/'),
  undelete: post<typeof S.undeleteRoute>('/api/history/undelete/'),
  // data sources, tables made from definitions, forms
  testConnection: post<typeof S.testConnectionRoute>('/api/datasources/test/'),
  createSqlTable: post<typeof S.createSqlTableRoute>('/api/action/createSqlTable/'),
  sourceTables: get<typeof S.sourceTablesRoute>('/api/datasources/tables/'),
  readBack: post<typeof S.readBackRoute>('/api/datasources/readBack/'),
  generateMenu: post<typeof S.generateMenuRoute>('/api/datasources/menu/'),
  formTable: post<typeof S.formTableRoute>('/api/forms/createTable/'),
  // the server itself
  dashboard: get<typeof S.dashboardRoute>('/api/dashboard/summary/'),
  health: get<typeof S.healthRoute>('/api/health', open),
  healthReady: get<typeof S.healthReadyRoute>('/api/health/ready', open),
  openApi: get<typeof S.openApiRoute>('/api/openapi.json', open),
} as const;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;
/** The route schema of a call. */
export type RouteOf<K extends EndpointName> = Endpoints[K] extends Endpoint<infer R> ? R : never;
