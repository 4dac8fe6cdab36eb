/** Who may do what: the grants of roles to menus and their actions, accounts' roles, sessions. Administrators only. */
import { z } from 'zod';
import { answerOf, defineRoute, emptyAnswer, jsonBody, queryOf, rowId } from './common.ts';

const tags = ['access'];

/** What a role may be granted on a menu's page: see its rows, add/edit, delete, import, export. */
export const GRANT_ACTIONS = ['view', 'save', 'delete', 'import', 'export'] as const;
export const grantActionSchema = z.enum(GRANT_ACTIONS);

export const menuActionsSchema = z.object({
  menuId: z.number().int(),
  url: z.string(),
  actions: z.array(grantActionSchema).describe("the actions the menu's page offers"),
});

/** The variables a row filter may give as a value: the caller's account id, the time of the call. */
export const ROW_FILTER_VARIABLES = ['$CURRENT_USER', '$NOW'] as const;

export const menuGrantSchema = z.object({
  menuId: rowId('the menu'),
  actions: z.array(grantActionSchema).max(GRANT_ACTIONS.length),
  rowFilter: z
    .record(z.string(), z.unknown())
    .nullable()
    .optional()
    .describe(
      "the rows of the page's table the grant gives: a `wheres` object of the list call (docs/api.md), values may be $CURRENT_USER (the account's id) or $NOW; null: every row; absent in a save: the stored filter is kept",
    )
    .meta({ examples: [{ parentId: 3 }, { createdBy: '$CURRENT_USER' }] }),
  fieldRules: z
    .object({
      hidden: z.array(z.string().max(64)).max(500).describe('columns the role may not read: absent from its lists, exports, templates, history and answers'),
      readOnly: z.array(z.string().max(64)).max(500).describe('columns the role may read but not write'),
    })
    .nullable()
    .optional()
    .describe("field permissions on the page's table; null: every column readable and writable; absent in a save: the stored rules are kept")
    .meta({ examples: [{ hidden: ['phone'], readOnly: ['gender'] }] }),
});
export const roleGrantsSchema = z.object({ roleId: z.number().int(), grants: z.array(menuGrantSchema) });

export const roleGrantsQuerySchema = queryOf({ roleId: rowId('the role') });
export const saveRoleGrantsBodySchema = jsonBody({
  roleId: rowId('the role'),
  grants: z
    .array(menuGrantSchema)
    .max(2000)
    .meta({ examples: [[{ menuId: 1, actions: ['view', 'save'] }]] }),
});
export const userRolesQuerySchema = queryOf({ id: rowId('the account') });
export const saveUserRolesBodySchema = jsonBody({
  id: rowId('the account'),
  roleIds: z
    .array(rowId('a role'))
    .max(200)
    .meta({ examples: [[1]] }),
});
export const resetPasswordBodySchema = jsonBody({ id: rowId('the account') });
export const sessionRowSchema = z.object({
  id: z.number().int().describe('the session (never its token)'),
  userId: z.number().int(),
  loginid: z.string(),
  name: z.string(),
  createTime: z.string(),
  lastSeen: z.string(),
  current: z.boolean().describe("the caller's own session"),
});
export const endSessionBodySchema = jsonBody({ id: rowId('the session') });

/** The calls of grants, roles of accounts and sessions, by name: each one's method, path and schemas, declared once (api/routes.ts joins every file's). */
export const accessApi = {
  menuActions: defineRoute({
    method: 'GET',
    path: '/api/access/menuActions/',
    access: 'administrator',
    summary: 'The actions each menu offers',
    description: 'For the permission page: every menu with the actions its page offers (a page without import offers no import). Administrators only.',
    tags,
    response: { 200: answerOf(z.array(menuActionsSchema)) },
  }),
  roleGrants: defineRoute({
    method: 'GET',
    path: '/api/access/role/',
    summary: "A role's grants",
    tags,
    querystring: roleGrantsQuerySchema,
    response: { 200: answerOf(roleGrantsSchema) },
  }),
  saveRoleGrants: defineRoute({
    method: 'POST',
    path: '/api/access/role/',
    summary: "Replaces a role's grants",
    description:
      'In one transaction. An unknown menu or action is refused (400) and nothing changes. The sessions of accounts holding the role take the new grants at once.',
    tags,
    body: saveRoleGrantsBodySchema,
    response: { 200: emptyAnswer },
  }),
  userRoles: defineRoute({
    method: 'GET',
    path: '/api/user/roles/',
    summary: "An account's roles",
    tags,
    querystring: userRolesQuerySchema,
    response: { 200: answerOf(z.object({ roleIds: z.array(z.number().int()) })) },
  }),
  saveUserRoles: defineRoute({
    method: 'POST',
    path: '/api/user/roles/',
    summary: "Replaces an account's roles",
    description: 'Refused (409 LAST_ADMIN) when it would leave no enabled account holding an administrator role.',
    tags,
    body: saveUserRolesBodySchema,
    response: { 200: emptyAnswer },
  }),
  resetPassword: defineRoute({
    method: 'POST',
    path: '/api/user/resetPassword/',
    summary: "Resets an account's password",
    description: "A new random password is generated on the server and answered once; the account's sessions end.",
    tags,
    body: resetPasswordBodySchema,
    response: { 200: answerOf(z.object({ password: z.string() })) },
  }),
  sessions: defineRoute({
    method: 'GET',
    path: '/api/access/sessions/',
    access: 'administrator',
    summary: 'Live sessions',
    tags,
    response: { 200: answerOf(z.array(sessionRowSchema)) },
  }),
  endSession: defineRoute({
    method: 'POST',
    path: '/api/access/sessions/logout/',
    summary: 'Ends a session (force logout)',
    tags,
    body: endSessionBodySchema,
    response: { 200: emptyAnswer },
  }),
};

// joined into the API by routes.ts (found in this folder); here for the type checker
declare module './routes.ts' {
  interface ApiRecords {
    access: typeof accessApi;
  }
}
