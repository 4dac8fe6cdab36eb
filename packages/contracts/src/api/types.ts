/** The request and answer types, inferred from the route schemas (type-only: no zod at run time). */
import type { z } from 'zod';
import type * as access from './access.ts';
import type * as auth from './auth.ts';
import type * as common from './common.ts';
import type * as crud from './crud.ts';
import type * as datasources from './datasources.ts';
import type * as forms from './forms.ts';
import type * as imports from './imports.ts';
import type * as models from './models.ts';

export type Texts = z.infer<typeof models.textsSchema>;
export type EnumValue = z.infer<typeof models.enumValueSchema>;
export type ColumnSearch = z.infer<typeof models.columnSearchSchema>;
export type ColumnUi = z.infer<typeof models.columnUiSchema>;
export type ColumnReference = z.infer<typeof models.columnReferenceSchema>;
export type ColumnMeta = z.infer<typeof models.columnMetaSchema>;
export type TableMeta = z.infer<typeof models.tableMetaSchema>;
export type MenuRow = z.infer<typeof models.menuRowSchema>;
export type UserInfo = z.infer<typeof models.userInfoSchema>;
export type CaptchaAnswer = z.infer<typeof models.captchaAnswerSchema>;
export type LoginAnswer = z.infer<typeof models.loginAnswerSchema>;
export type DashboardSummary = z.infer<typeof models.dashboardSummarySchema>;
export type UploadAnswer = z.infer<typeof models.uploadAnswerSchema>;

/** The body of POST /api/user/login/ as a client sends it. */
export type LoginRequest = z.input<typeof auth.loginBodySchema>;
export type ChangePasswordRequest = z.input<typeof auth.changePasswordBodySchema>;
export type UserSaveAnswer = z.infer<typeof auth.userSaveAnswerSchema>;
export type SaveRequest = z.input<typeof crud.saveBodySchema>;
export type SaveAnswer = z.infer<typeof crud.saveAnswerSchema>;
export type DeleteRequest = z.input<typeof crud.deleteBodySchema>;
export type DeleteAnswer = z.infer<typeof crud.deleteAnswerSchema>;
export type MasterSlaveRequest = z.input<typeof crud.masterSlaveBodySchema>;
export type MasterSlaveAnswer = z.infer<typeof crud.masterSlaveAnswerSchema>;
export type RowProblem = z.infer<typeof imports.rowProblemSchema>;
export type ImportCounts = z.infer<typeof imports.importCountsSchema>;
export type ImportCategory = z.infer<typeof imports.importCategorySchema>;
/** Every failure: `{status: false, success: false, message, code}` (and `data` on a refused import). */
export type ErrorEnvelope = z.infer<typeof common.errorEnvelope>;
export type GrantAction = z.infer<typeof access.grantActionSchema>;
export type MenuActions = z.infer<typeof access.menuActionsSchema>;
export type RoleGrants = z.infer<typeof access.roleGrantsSchema>;
export type SessionRow = z.infer<typeof access.sessionRowSchema>;
export type TestConnectionRequest = z.input<typeof datasources.testConnectionBodySchema>;
export type TestConnectionAnswer = z.infer<typeof datasources.testConnectionAnswerSchema>;
export type CreateSqlTableRequest = z.input<typeof datasources.createSqlTableBodySchema>;
export type CreateSqlTableAnswer = z.infer<typeof datasources.createSqlTableAnswerSchema>;
export type SourceTable = z.infer<typeof datasources.sourceTableSchema>;
export type ReadBackRequest = z.input<typeof datasources.readBackBodySchema>;
export type GenerateMenuRequest = z.input<typeof datasources.generateMenuBodySchema>;
export type FormTableRequest = z.input<typeof forms.formTableBodySchema>;
export type FormTableAnswer = z.infer<typeof forms.formTableAnswerSchema>;
export type DerivedColumn = z.infer<typeof forms.derivedColumnSchema>;
