/**
 * The route schema of every call of endpoints.ts, by the same name (the type checker holds the two lists to the
 * same names and each schema to its endpoint's). The server registers its routes from both (server/src/http/route.ts).
 */
import type { EndpointName, RouteOf } from './endpoints.ts';
import * as access from './access.ts';
import * as auth from './auth.ts';
import * as crud from './crud.ts';
import * as datasources from './datasources.ts';
import * as forms from './forms.ts';
import * as history from './history.ts';
import * as imports from './imports.ts';
import * as system from './system.ts';
import * as uploads from './uploads.ts';

export const routeSchemas: { [K in EndpointName]: RouteOf<K> } = {
  captcha: auth.captchaRoute,
  login: auth.loginRoute,
  logout: auth.logoutRoute,
  userInfo: auth.userInfoRoute,
  changePassword: auth.changePasswordRoute,
  userList: auth.userListRoute,
  userSave: auth.userSaveRoute,
  menuActions: access.menuActionsRoute,
  roleGrants: access.roleGrantsRoute,
  saveRoleGrants: access.saveRoleGrantsRoute,
  userRoles: access.userRolesRoute,
  saveUserRoles: access.saveUserRolesRoute,
  resetPassword: access.resetPasswordRoute,
  sessions: access.sessionsRoute,
  endSession: access.endSessionRoute,
  select: crud.selectRoute,
  save: crud.saveRoute,
  delete: crud.deleteRoute,
  masterSlave: crud.masterSlaveRoute,
  menu: crud.menuRoute,
  menuLayout: crud.menuLayoutRoute,
  exportTable: crud.exportTableRoute,
  schemaList: crud.schemaListRoute,
  schema: crud.schemaRoute,
  upload: uploads.uploadRoute,
  uploadOss: uploads.uploadOssRoute,
  selectAddTypes: imports.selectAddTypesRoute,
  importQuestions: imports.importQuestionsRoute,
  importCategories: imports.importCategoriesRoute,
  template: imports.templateRoute,
  exportQuestions: imports.exportQuestionsRoute,
  importTable: imports.importTableRoute,
  tableTemplate: imports.tableTemplateRoute,
  tableImportOptions: imports.tableImportOptionsRoute,
  history: history.historyRoute,
  deletedRows: history.deletedRowsRoute,
  restore: history.restoreRoute,
  undelete: history.undeleteRoute,
  testConnection: datasources.testConnectionRoute,
  createSqlTable: datasources.createSqlTableRoute,
  sourceTables: datasources.sourceTablesRoute,
  readBack: datasources.readBackRoute,
  generateMenu: datasources.generateMenuRoute,
  formTable: forms.formTableRoute,
  dashboard: system.dashboardRoute,
  health: system.healthRoute,
  healthReady: system.healthReadyRoute,
  openApi: system.openApiRoute,
};
