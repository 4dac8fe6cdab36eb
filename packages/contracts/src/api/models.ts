/** The schemas of what the API answers: table metadata, menu rows, the signed-in user, the home page's figures. */
import { z } from 'zod';
import { COLUMN_TYPES } from '../core/entities.ts';
import { boundFormSchema } from './forms.ts';

export const textsSchema = z.object({ zh: z.string(), en: z.string() }).describe('a text in both languages of the product');

export const enumValueSchema = z
  .object({
    value: z.union([z.number(), z.string()]),
    label: textsSchema,
    color: z.string().optional().describe('the tag colour a page shows the value in'),
  })
  .describe('one allowed value of an enumerated column (gender 1 男 / Male)');

export const columnSearchSchema = z
  .enum(['input', 'select', 'cascader'])
  .describe('how a search bar offers a column: a text box, a dropdown (enumerations, references) or a cascader (trees)');

export const columnUiSchema = z
  .object({
    width: z.number().optional().describe('list column width in px'),
    hidden: z.boolean().optional().describe('listed, but hidden until the user shows it with the column chooser'),
    list: z.boolean().optional().describe('false: not in the list at all'),
    form: z.boolean().optional().describe('false: not in the add/edit form (a value the server keeps, like a balance)'),
    control: z.enum(['textarea', 'editor', 'radio']).optional().describe('the form control when the type alone does not say it'),
    min: z.number().optional().describe("a number input's lower bound"),
    max: z.number().optional().describe("a number input's upper bound"),
    optional: z.boolean().optional().describe('a form field that may stay empty although the column has a default (a parent picker)'),
  })
  .describe('presentation hints a generated page follows; a page file may still override them');

export const columnReferenceSchema = z
  .object({
    flag: z.string(),
    labelColumn: z.string(),
    treeColumn: z.string().optional().describe('the referenced rows form a tree by this column (a cascader picks a path)'),
  })
  .describe('a reference: the column holds ids of rows of `flag`, shown as their `labelColumn`');

export const columnMetaSchema = z
  .object({
    name: z.string(),
    type: z.enum(COLUMN_TYPES),
    title: textsSchema,
    length: z.number().int().optional(),
    required: z.boolean(),
    filterable: z.boolean(),
    sortable: z.boolean(),
    defaultValue: z.union([z.string(), z.number()]).optional().describe('the value a new row gets when none is sent'),
    serverFilled: z.boolean().optional().describe('filled by the server (createTime): shown, never sent'),
    creator: z
      .boolean()
      .optional()
      .describe("the account that added the row (createdBy, its id; null before it was recorded): a list's rows also carry its name as `<name>Name`"),
    list: z.boolean().optional().describe('a list column stored comma-joined (questionsSmallClass.typeId)'),
    references: z.string().optional().describe('flag of the table this column points to (memberid -> sys_member)'),
    reference: columnReferenceSchema.optional(),
    enum: z.array(enumValueSchema).optional().describe('the only values the column may hold'),
    search: columnSearchSchema.optional(),
    ui: columnUiSchema.optional(),
  })
  .meta({ id: 'ColumnMeta', description: 'one column of a table, as GET /api/schema/:flag answers it' });

export const tableMetaSchema = z
  .object({
    flag: z.string(),
    title: textsSchema,
    softDelete: z.boolean(),
    source: z.number().int().describe('the data source (10000: the local database)'),
    primaryKey: z.string(),
    dynamic: z.boolean().describe('defined by an operator in the data-table manager rather than built in'),
    referable: z.boolean().optional().describe("a built-in content table an operator's table on the local database may reference"),
    readOnly: z.boolean().optional().describe('written only by the server (the audit logs): no page adds, edits, deletes or imports its rows'),
    insertNeedsUnwritable: z
      .boolean()
      .optional()
      .describe(
        'the caller may add no row: a column every new row needs is hidden from it or read-only (a save of a new row answers 403 INSERT_NEEDS_UNWRITABLE); edits stay allowed',
      ),
    defaultSort: z.object({ column: z.string(), direction: z.enum(['asc', 'desc']) }).optional(),
    tree: z.object({ parentColumn: z.string(), mode: z.enum(['lazy', 'client']) }).optional(),
    columns: z.array(columnMetaSchema),
    form: boundFormSchema.optional().describe('GET /api/schema/:flag only: the form definition bound to this table, its add/edit form'),
  })
  .meta({ id: 'TableMeta', description: 'a table of the registry: the web renders its pages from it' });

/** the version every answered row carries (crud/versions.ts on the server); sent back with a save, it makes a stale save a 409 */
export const rowVersionSchema = z
  .string()
  .optional()
  .describe(
    "the version of the row's client-writable values: send it back as `_version` with a save or delete of this row, and a row changed since is refused (409 CONFLICT, with the current row)",
  );

export const menuRowSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    // every answer of the server has it; optional so that rows written in code without it (tests' menus) still type
    nameEn: z
      .string()
      .nullable()
      .optional()
      .describe('the English name (shown in English; empty: the built-in translation of a seeded name, else the title of the page it opens, else the name)'),
    menuType: z.number().int(),
    icon: z.string().nullable(),
    menuMark: z.string().nullable(),
    url: z.string().nullable(),
    sortNum: z.number(),
    display: z.number().int(),
    intro: z.string().nullable(),
    parentMenu: z.number().int(),
    createTime: z.string(),
    _version: rowVersionSchema,
  })
  .meta({ id: 'MenuRow', description: 'a row of sys_menu; parentMenu 0 is the root' });

export const userInfoSchema = z
  .object({
    id: z.number().int(),
    loginid: z.string(),
    name: z.string(),
    photo: z.string().nullable(),
    sex: z.number().int(),
    state: z.number().int(),
    intro: z.string().nullable(),
    createTime: z.string(),
    roles: z.array(z.number().int()).describe("ids of the account's roles"),
    roleNames: z.array(z.string()).describe("names of the account's roles that still exist, by role id"),
    isAdmin: z.boolean().describe('holds an enabled role with the administrator property: may do everything'),
    grants: z
      .record(z.string(), z.array(z.enum(['view', 'save', 'delete', 'import', 'export'])))
      .describe('per table (flag), the actions the account may take (empty for an administrator, who may do all)'),
    menuIds: z.array(z.number().int()).describe('the menus the account may open'),
    _version: rowVersionSchema,
    mustChangePassword: z
      .boolean()
      .optional()
      .describe(
        'the password was set by an administrator: until the account changes it, only userInfo, changePassword and logout answer (403 PASSWORD_CHANGE_REQUIRED)',
      ),
  })
  .meta({ id: 'UserInfo', description: 'the signed-in account (never its password hash)' });

export const captchaAnswerSchema = z.object({
  enabled: z.boolean().describe('false when the server runs with CAPTCHA=off: no code is asked for'),
  captchaId: z.string(),
  image: z.string().describe('data: URL of an SVG image, 112x33'),
});

export const loginAnswerSchema = z.object({ token: z.string(), user: userInfoSchema });

export const dashboardSummarySchema = z.object({
  counts: z.object({ subjects: z.number().int(), categories: z.number().int(), questions: z.number().int(), members: z.number().int() }),
  billFlow: z
    .array(z.object({ date: z.string().describe('YYYY-MM-DD'), income: z.number(), expense: z.number() }))
    .describe('one entry per day of the last 30 days, oldest first'),
});

export const uploadAnswerSchema = z.object({
  path: z.string().describe('where the file is served: /api/file/…'),
  oldFileName: z.string().describe('the name the file was uploaded with'),
});

/** A row of any table: its columns by name (never a secret column). */
export const tableRowSchema = z
  .record(z.string(), z.unknown())
  .describe(
    'a row: columns by name (a secret column such as sys_user.pass is never answered), and `_version`, the version of its values (docs/api.md, "Row versions")',
  );
