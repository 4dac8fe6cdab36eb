/** The generic table API of SPEC.md §7: list, save, delete, master-slave save, menu, export, table metadata. */
import { z } from 'zod';
import { pageQueryShape } from './auth.ts';
import {
  answerOf,
  checkedByService,
  defineRoute,
  fileAnswer,
  INT32_MAX,
  jsonBody,
  listAnswerOf,
  queryOf,
  requiredText,
  rowId,
  rowKeyParam,
  serviceText,
} from './common.ts';
import { menuRowSchema, tableMetaSchema, tableRowSchema } from './models.ts';
import { wheresParam } from './wheres.ts';

const tags = ['tables'];

const flagParam = requiredText('the table (a flag of the registry: GET /api/schema/ lists them)', 'sys_member');
/** a key as answered: a read-back table's bigint key may pass the int range (as a number up to 2^53, else as its digits) */
const rowKey = z.union([z.number().int(), z.string()]);

export const selectQuerySchema = queryOf({
  _flag: flagParam,
  ...pageQueryShape,
  _hasChildren: serviceText('a parent column of the same table (parentId): each row is answered with `hasChildren`', 'parentId').optional(),
});

/** The select query's names, in the schema's order (the order zod's output has them). */
const SELECT_KEYS = ['_flag', 'page', 'row', 'wheres', 'sort', 'sortType', '_hasChildren'] as const;
const PAGE_BOUNDS: Partial<Record<string, number>> = { page: 1_000_000, row: 100_000 };
const PLAIN_COUNT = /^[1-9]\d{0,6}$/;

/**
 * The usual list query, answered without zod's walk through the schema (a list call is the most frequent call,
 * docs/performance.md): only the select query's own names, each given once as a text, a non-empty `_flag`, and
 * `page`/`row` as plain digits within their bounds. That is exactly what the schema makes of such a query: the
 * texts as they are, page and row as numbers. Anything else (a name given twice, another name, `page=05`, an empty
 * flag…) goes through zod, so what is accepted, refused or passed on to the service stays the schema's
 * (server/test/list-query-schema.test.ts compares both on many queries).
 */
function plainSelectQuery(data: unknown): Record<string, unknown> | undefined {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return undefined;
  const given = data as Record<string, unknown>;
  let count = 0;
  const out: Record<string, unknown> = {};
  for (const key of SELECT_KEYS) {
    if (!Object.hasOwn(given, key)) continue;
    const value = given[key];
    if (typeof value !== 'string') return undefined;
    count++;
    const max = PAGE_BOUNDS[key];
    if (max !== undefined) {
      if (!PLAIN_COUNT.test(value)) return undefined;
      const n = Number(value);
      if (n > max) return undefined;
      out[key] = n;
    } else out[key] = value;
  }
  if (typeof out._flag !== 'string' || out._flag === '' || Object.keys(given).length !== count) return undefined;
  return out;
}

const schemaSafeParse = selectQuerySchema.safeParse.bind(selectQuerySchema);
selectQuerySchema.safeParse = ((data: unknown, params?: Parameters<typeof schemaSafeParse>[1]) => {
  const plain = plainSelectQuery(data);
  return plain ? { success: true, data: plain } : schemaSafeParse(data, params);
}) as typeof selectQuerySchema.safeParse;

export const saveBodySchema = jsonBody({
  _flag: flagParam,
  params: checkedByService(z.record(z.string(), z.unknown()))
    .describe('the row: column values by name; with `id` (not 0 or empty) an edit of that row, else a new row')
    .meta({ examples: [{ name: '张三', phone: '13800000000' }] }),
});

export const saveAnswerSchema = z.object({
  id: rowKey.describe('the key of the saved row'),
  created: z.boolean(),
  password: z.string().optional().describe("_flag sys_user: a new account's generated password, answered once"),
});

export const deleteBodySchema = jsonBody({
  _flag: flagParam,
  id: checkedByService(z.union([rowKeyParam, z.array(rowKeyParam).min(1).max(1000)]))
    .describe(`a key, a list of 1 to 1000 keys, or (integer keys, 1 to ${INT32_MAX}) a comma-joined text`)
    .meta({ examples: [[3, 5]] }),
  _version: checkedByService(z.string())
    .optional()
    .describe('with one id: the `_version` of the row as it was listed; a row changed since is a 409 CONFLICT with the current row, and nothing is deleted'),
});

export const deleteAnswerSchema = z.object({ ids: z.array(rowKey).describe('the deleted keys') });

export const masterSlaveBodySchema = jsonBody({
  _flag: requiredText('the main table', 'questionsClass'),
  _flagChidren: requiredText('the child table (the spelling is the contract)', 'questionsSmallClass'),
  bindField: requiredText('the column of the child table that points at the main table', 'subjectId'),
  mainData: checkedByService(z.record(z.string(), z.unknown()))
    .describe('the main row (with `id`: an edit)')
    .meta({ examples: [{ name: '科目一' }] }),
  chidrenData: checkedByService(z.array(z.record(z.string(), z.unknown())))
    .optional()
    .describe('the child rows, at most 1000; a child with `id` is updated (with isdelete 1: deleted)'),
});

export const masterSlaveAnswerSchema = z.object({ id: rowKey, created: z.boolean(), children: z.array(rowKey).describe('the keys of the saved children') });

/** The calls of the generic table API, by name: each one's method, path and schemas, declared once (api/routes.ts joins every file's). */
export const crudApi = {
  select: defineRoute({
    method: 'GET',
    path: '/api/select/',
    summary: 'One page of rows of a table',
    description:
      'Answers `data` (the rows of the page) and `total` (all matching rows, exact). Deleted rows are never listed. ' +
      'A page of more than 2,000 rows is written as it is read (chunked); every refusal comes before the first byte. ' +
      'Refusals: UNKNOWN_FLAG, BAD_PARAM (page, row), BAD_WHERES, BAD_OPERATOR, UNKNOWN_COLUMN, NOT_FILTERABLE, NOT_SORTABLE, BAD_SORT_TYPE, SORT_MISMATCH, FORBIDDEN.',
    tags,
    querystring: selectQuerySchema,
    response: { 200: listAnswerOf(tableRowSchema) },
  }),
  save: defineRoute({
    method: 'POST',
    path: '/api/action/save/',
    summary: 'Insert or update a row',
    description:
      'Unknown fields, wrong types and over-long texts are refused with a 400 naming the field (UNKNOWN_COLUMN, BAD_VALUE, TOO_LONG, REQUIRED, NOT_IN_ENUM); ' +
      'an edit of a missing row is a 404 ROW_NOT_FOUND. `_flag` sys_user follows the account rules of POST /api/user/save/. ' +
      "An edit whose `params._version` (the row's `_version` as listed) is not the stored row's is a 409 CONFLICT answering the current row in `data`, and writes nothing; without `_version` nothing is compared.",
    tags,
    body: saveBodySchema,
    response: { 200: answerOf(saveAnswerSchema) },
  }),
  delete: defineRoute({
    method: 'POST',
    path: '/api/action/delete/',
    summary: 'Delete rows (soft delete: isdelete 1), all or nothing',
    description: 'If one key is unknown or already deleted nothing changes: 404 ROW_NOT_FOUND naming it.',
    tags,
    body: deleteBodySchema,
    response: { 200: answerOf(deleteAnswerSchema) },
  }),
  masterSlave: defineRoute({
    method: 'POST',
    path: '/api/action/masterSlave/',
    summary: 'Save a main row and its children in one transaction',
    description:
      "A main row or child carrying a `_version` other than its stored row's is a 409 CONFLICT with that row in `data`; nothing of the save is written.",
    tags,
    body: masterSlaveBodySchema,
    response: { 200: answerOf(masterSlaveAnswerSchema) },
  }),
  menu: defineRoute({
    method: 'GET',
    path: '/api/system/menu/',
    access: 'session',
    summary: 'The menu rows (sys_menu)',
    description: 'Sorted by `sort`/`sortType` (default `parentMenu, sortNum` ascending); the client builds the tree from parentMenu.',
    tags: ['system'],
    querystring: queryOf({ sort: pageQueryShape.sort, sortType: pageQueryShape.sortType, wheres: wheresParam.optional() }),
    response: { 200: listAnswerOf(menuRowSchema) },
  }),
  menuLayout: defineRoute({
    method: 'GET',
    path: '/api/system/layout/',
    summary: 'The layout record of a menu the caller may open',
    description:
      "The menu's sys_layList record (数据设计: which columns a generated page lists, searches and edits), for whoever may open the menu — a role granted a generated page reads its layout without a grant on the menu page. 403 for a menu the caller may not open; `data` null when the menu has no layout.",
    tags: ['system'],
    querystring: queryOf({
      menuId: rowId('the menu'),
    }),
    response: { 200: answerOf(z.object({ id: z.number().int(), menuId: z.number().int(), layout: z.string().nullable() }).nullable()) },
  }),
  exportTable: defineRoute({
    method: 'GET',
    path: '/api/export/table/',
    summary: 'Every row of a list query as a spreadsheet',
    description: "At most 100,000 rows; written while the rows are read. Reference columns are exported as the referenced rows' names.",
    tags,
    querystring: queryOf({
      _flag: flagParam,
      wheres: wheresParam.optional(),
      sort: pageQueryShape.sort,
      sortType: pageQueryShape.sortType,
      columns: requiredText(
        'JSON list of {name, title, labels?, ref?: {flag, labelField?}}: the columns and titles of the file, 1 to 100',
        '[{"name":"name","title":"姓名"},{"name":"gender","title":"性别","labels":{"1":"男","2":"女"}}]',
      ),
      fileName: serviceText("the download's name without extension (default: the flag)", '会员').optional(),
      format: serviceText('xlsx (default) or csv', 'csv').optional(),
    }),
    response: {
      200: fileAnswer('The file (Content-Disposition: attachment)', ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'text/csv']),
    },
  }),
  schemaList: defineRoute({
    method: 'GET',
    path: '/api/schema/',
    summary: 'Every table of the registry with its columns',
    tags,
    response: { 200: answerOf(z.array(tableMetaSchema)) },
  }),
  schema: defineRoute({
    method: 'GET',
    path: '/api/schema/:flag',
    summary: "One table's columns: types, required, filterable, sortable, references",
    tags,
    params: z.object({
      flag: z
        .string()
        .min(1)
        .describe('the table')
        .meta({ examples: ['sys_member'] }),
    }),
    response: { 200: answerOf(tableMetaSchema) },
  }),
};

// joined into the API by routes.ts (found in this folder); here for the type checker
declare module './routes.ts' {
  interface ApiRecords {
    crud: typeof crudApi;
  }
}
