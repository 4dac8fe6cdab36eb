/** Accounts and sessions: captcha, login, logout, the signed-in user, passwords, the account list and save. */
import { z } from 'zod';
import { answerOf, checkedByService, clientHash, defineRoute, emptyAnswer, jsonBody, listAnswerOf, queryOf, serviceInt, serviceText } from './common.ts';
import { captchaAnswerSchema, loginAnswerSchema, tableRowSchema, userInfoSchema } from './models.ts';
import { wheresParam } from './wheres.ts';

const tags = ['accounts'];

export const loginBodySchema = jsonBody({
  // exactly as stored: no case folding, no spaces around it (MariaDB's collation would match ADMIN or 'admin ' otherwise)
  loginid: z
    .string({ error: 'required' })
    .regex(/\S/, { error: 'required' })
    .max(50, { error: 'at most 50 characters' })
    .regex(/^\S(.*\S)?$/s, { error: 'no spaces around the account' })
    .describe('the account, exactly as it is stored')
    .meta({ examples: ['admin'] }),
  pass: clientHash,
  vcode: z
    .string({ error: 'text expected' })
    .max(16, { error: 'at most 16 characters' })
    .optional()
    .describe('the captcha text (needed unless the server runs with CAPTCHA=off)')
    .meta({ examples: ['a7k2'] }),
  captchaId: z
    .string({ error: 'text expected' })
    .max(40, { error: 'at most 40 characters' })
    .optional()
    .describe('the captchaId of GET /api/user/captcha/')
    .meta({ examples: ['3f9c2b7a0d1e4f5a6b7c8d9e0f1a2b3c'] }),
});

export const changePasswordBodySchema = jsonBody({ oldPass: clientHash, newPass: clientHash });

/** The list parameters of GET /api/select/ without `_flag`. */
export const pageQueryShape = {
  page: serviceInt('page number, from 1 (default 1)', 1_000_000, 1).optional(),
  row: serviceInt('rows per page, 1 to 100000 (default 20)', 100_000, 20).optional(),
  wheres: wheresParam.optional(),
  sort: serviceText("comma list of columns, e.g. `parentMenu, sortNum` (default: the table's default sort, then id)", 'createTime, id').optional(),
  sortType: serviceText('comma list of asc/desc; one value applies to every column, otherwise one per column', 'desc').optional(),
};

export const userSaveBodySchema = jsonBody({
  params: checkedByService(z.record(z.string(), z.unknown())).describe('the form fields; with `id` an edit, without a new account'),
});

export const userSaveAnswerSchema = z.object({
  id: z.number().int(),
  created: z.boolean(),
  password: z.string().optional().describe("a new account's generated password, answered once"),
});

/** The calls of sessions and accounts, by name: each one's method, path and schemas, declared once (api/routes.ts joins every file's). */
export const authApi = {
  captcha: defineRoute({
    method: 'GET',
    path: '/api/user/captcha/',
    public: true,
    summary: 'A new login captcha',
    description: 'Public. Limited per client address; with CAPTCHA=off it answers `enabled: false` and nothing is drawn.',
    tags,
    response: { 200: answerOf(captchaAnswerSchema) },
  }),
  login: defineRoute({
    method: 'POST',
    path: '/api/user/login/',
    public: true,
    summary: 'Sign in',
    description:
      'Public. Answers the session token twice: at the top level (`token`) and in `data`. Send it as the `Authorization` header. ' +
      'Wrong captcha: CAPTCHA_WRONG; wrong account or password: LOGIN_WRONG (the same answer and time for an unknown account); ' +
      'too many failures: 429 LOGIN_LOCKED; a disabled account: 403 ACCOUNT_DISABLED.',
    tags,
    body: loginBodySchema,
    response: {
      200: answerOf(loginAnswerSchema)
        .extend({ token: z.string().describe('the session token (also in data)') })
        .describe('Signed in'),
    },
  }),
  logout: defineRoute({
    method: 'POST',
    path: '/api/user/logout/',
    summary: 'Sign out (ends this session)',
    tags,
    response: { 200: emptyAnswer },
  }),
  userInfo: defineRoute({
    method: 'GET',
    path: '/api/user/userInfo/',
    access: 'session',
    summary: 'The signed-in account',
    tags,
    response: { 200: answerOf(z.array(userInfoSchema).describe('one element: the signed-in account')) },
  }),
  changePassword: defineRoute({
    method: 'POST',
    path: '/api/user/changePassword/',
    summary: "Change the signed-in account's password",
    description: "Both passwords are sent hashed. Ends the account's other sessions; this one stays valid. Wrong current password: PASSWORD_WRONG.",
    tags,
    body: changePasswordBodySchema,
    response: { 200: emptyAnswer },
  }),
  userList: defineRoute({
    method: 'GET',
    path: '/api/user/list/',
    summary: 'Accounts (sys_user), never the password hash',
    description: 'The parameters of GET /api/select/ without `_flag`.',
    tags,
    querystring: queryOf(pageQueryShape),
    response: { 200: listAnswerOf(tableRowSchema) },
  }),
  userSave: defineRoute({
    method: 'POST',
    path: '/api/user/save/',
    summary: 'Create or edit an account',
    description:
      'A new account gets a generated password, answered once. Duplicate loginid: 409 LOGINID_TAKEN. The last administrator cannot be disabled, deleted or renamed (LAST_ADMIN).',
    tags,
    body: userSaveBodySchema,
    response: { 200: answerOf(userSaveAnswerSchema) },
  }),
};

// joined into the API by routes.ts (found in this folder); here for the type checker
declare module './routes.ts' {
  interface ApiRecords {
    auth: typeof authApi;
  }
}
