/**
 * The method and path of every call, by name: what the web needs of the API at run time, without the zod schemas
 * (its bundle carries these lines, not the schemas). Written from the declarations (api/routes.ts, each call's
 * `defineRoute`) by `npm run endpoints -w @qb/contracts` (api/endpointsFile.ts): not edited by hand. The type checker
 * holds each line to its declaration, so a declared call without its line here fails the type check.
 */
import type { Api, EndpointOf } from './routes.ts';

export type { EndpointName, RouteOf } from './routes.ts';

export const endpoints: { readonly [K in keyof Api]: EndpointOf<Api[K]> } = {
  captcha: { method: 'GET', url: '/api/user/captcha/', public: true },
  login: { method: 'POST', url: '/api/user/login/', public: true },
  logout: { method: 'POST', url: '/api/user/logout/' },
  userInfo: { method: 'GET', url: '/api/user/userInfo/' },
  changePassword: { method: 'POST', url: '/api/user/changePassword/' },
  userList: { method: 'GET', url: '/api/user/list/' },
  userSave: { method: 'POST', url: '/api/user/save/' },
  menuActions: { method: 'GET', url: '/api/access/menuActions/' },
  roleGrants: { method: 'GET', url: '/api/access/role/' },
  saveRoleGrants: { method: 'POST', url: '/api/access/role/' },
  userRoles: { method: 'GET', url: '/api/user/roles/' },
  saveUserRoles: { method: 'POST', url: '/api/user/roles/' },
  resetPassword: { method: 'POST', url: '/api/user/resetPassword/' },
  sessions: { method: 'GET', url: '/api/access/sessions/' },
  endSession: { method: 'POST', url: '/api/access/sessions/logout/' },
  select: { method: 'GET', url: '/api/select/' },
  save: { method: 'POST', url: '/api/action/save/' },
  delete: { method: 'POST', url: '/api/action/delete/' },
  masterSlave: { method: 'POST', url: '/api/action/masterSlave/' },
  menu: { method: 'GET', url: '/api/system/menu/' },
  menuLayout: { method: 'GET', url: '/api/system/layout/' },
  exportTable: { method: 'GET', url: '/api/export/table/' },
  schemaList: { method: 'GET', url: '/api/schema/' },
  schema: { method: 'GET', url: '/api/schema/:flag' },
  upload: { method: 'POST', url: '/api/action/upload/' },
  uploadOss: { method: 'POST', url: '/api/action/uploadsOss/' },
  selectAddTypes: { method: 'POST', url: '/api/coustomApi/selectAddTypes/' },
  importQuestions: { method: 'POST', url: '/api/action/import/' },
  importCategories: { method: 'POST', url: '/api/coustomApi/typesImport/' },
  template: { method: 'GET', url: '/api/import/template/' },
  exportQuestions: { method: 'GET', url: '/api/export/questions/' },
  importTable: { method: 'POST', url: '/api/action/importTable/' },
  tableTemplate: { method: 'GET', url: '/api/import/tableTemplate/' },
  tableImportOptions: { method: 'GET', url: '/api/import/tableOptions/' },
  history: { method: 'GET', url: '/api/history/' },
  deletedRows: { method: 'GET', url: '/api/history/deleted/' },
  restore: { method: 'POST', url: '/api/history/restore/' },
  undelete: { method: 'POST', url: '/api/history/undelete/' },
  testConnection: { method: 'POST', url: '/api/datasources/test/' },
  createSqlTable: { method: 'POST', url: '/api/action/createSqlTable/' },
  sourceTables: { method: 'GET', url: '/api/datasources/tables/' },
  readBack: { method: 'POST', url: '/api/datasources/readBack/' },
  generateMenu: { method: 'POST', url: '/api/datasources/menu/' },
  formTable: { method: 'POST', url: '/api/forms/createTable/' },
  dashboard: { method: 'GET', url: '/api/dashboard/summary/' },
  health: { method: 'GET', url: '/api/health', public: true },
  healthReady: { method: 'GET', url: '/api/health/ready', public: true },
  openApi: { method: 'GET', url: '/api/openapi.json', public: true },
};

export type Endpoints = typeof endpoints;
