/** Every row's history, restore and undelete (issue 23, docs/history.md): read from the operation log. */
import { z } from 'zod';
import { answerOf, checkedByService, defineRoute, jsonBody, listAnswerOf, queryOf, requiredText, rowId, rowKeyParam, serviceInt } from './common.ts';
import { enumValueSchema, textsSchema } from './models.ts';

const tags = ['history'];

const flagParam = requiredText('the table (a flag of the registry)', 'sys_member');
/** a key as answered (a read-back table's bigint key may pass the int range) */
const rowKey = z.union([z.number().int(), z.string()]);
const keyParam = checkedByService(rowKeyParam)
  .describe("the row's key: an integer for a table keyed by int, else its text")
  .meta({ examples: [1] });

export const fieldChangeSchema = z.object({
  column: z.string(),
  before: z.unknown().describe('the value before the write (null: none)'),
  after: z.unknown().describe('the value after the write (null: none)'),
  cut: z
    .array(z.enum(['before', 'after']))
    .optional()
    .describe('values too long to be kept whole (over 100,000 characters): not restorable'),
});

/** Why a revision cannot be restored: the code the restore would answer, and its message in the caller's language. */
export const refusalSchema = z.object({ code: z.string(), message: z.string() });

export const revisionSchema = z.object({
  id: z.number().int().describe('the operation-log entry'),
  action: z.string().describe('save, delete, masterSlave, import, restore or undelete'),
  loginid: z.string().nullable().describe('who wrote (system: the server itself)'),
  createTime: z.string().nullable(),
  changes: z.array(fieldChangeSchema),
  current: z.boolean().describe('the newest revision: the row as it is now'),
  restorable: z.boolean().describe('whether POST /api/history/restore/ may take the row back to this revision'),
  refusal: refusalSchema.optional().describe('why not, when restorable is false and the revision is not the current one'),
});

export const historyFieldSchema = z.object({
  title: textsSchema,
  enum: z.array(enumValueSchema).optional(),
  removed: z.boolean().optional().describe('no longer a column of the table'),
  labels: z.record(z.string(), z.string()).optional().describe("a reference column: the label of each row its values name (deleted rows' too)"),
  deleted: z.array(z.string()).optional().describe('a reference column: the ids among its values whose rows are deleted or gone'),
});

export const historyAnswerSchema = z.object({
  revisions: z.array(revisionSchema).describe('newest first, at most 200'),
  deleted: z.boolean().describe('the row is deleted now (undelete it first)'),
  fields: z.record(z.string(), historyFieldSchema).describe('title and enumeration labels of every column the revisions name'),
});

export const historyQuerySchema = queryOf({ _flag: flagParam, id: keyParam });

export const deletedRowSchema = z.object({
  id: rowKey.describe("the deleted row's key"),
  label: z.string().nullable().describe('the value of its naming column when it was deleted'),
  loginid: z.string().nullable(),
  deletedAt: z.string().nullable(),
  revision: z.number().int().describe('the operation-log entry of the delete'),
});

export const deletedRowsQuerySchema = queryOf({
  _flag: flagParam,
  page: serviceInt('page number, from 1 (default 1)', 1_000_000, 1).optional(),
  row: serviceInt('rows per page, 1 to 100 (default 20)', 100, 20).optional(),
});

export const restoreBodySchema = jsonBody({
  _flag: flagParam,
  id: keyParam,
  revision: rowId('the operation-log entry whose state the row goes back to'),
  _version: checkedByService(z.string())
    .optional()
    .describe("the row's `_version` as the client read it: a row changed since is a 409 CONFLICT and nothing is written"),
});

export const restoreAnswerSchema = z.object({
  id: rowKey,
  columns: z.array(z.string()).describe('the columns the restore wrote (none: the row was already in that state)'),
});

export const undeleteBodySchema = jsonBody({ _flag: flagParam, id: keyParam });

/** The calls of every row's history, restore and undelete (docs/history.md), by name: each one's method, path and schemas, declared once (api/routes.ts joins every file's). */
export const historyApi = {
  history: defineRoute({
    method: 'GET',
    path: '/api/history/',
    summary: "A row's revisions, newest first",
    description:
      'Read from the operation log: who, when, which fields, before and after. Needs view on the table. Secret columns never appear. ' +
      'Refusals: UNKNOWN_FLAG, BAD_PARAM, FORBIDDEN.',
    tags,
    querystring: historyQuerySchema,
    response: { 200: answerOf(historyAnswerSchema) },
  }),
  deletedRows: defineRoute({
    method: 'GET',
    path: '/api/history/deleted/',
    summary: 'The deleted rows of a table, newest delete first',
    description: 'Rows whose delete is in the operation log and that are still deleted. Needs delete on the table.',
    tags,
    querystring: deletedRowsQuerySchema,
    response: { 200: listAnswerOf(deletedRowSchema) },
  }),
  restore: defineRoute({
    method: 'POST',
    path: '/api/history/restore/',
    summary: 'Take a row back to one of its revisions',
    description:
      'Written through the normal save (its checks, hooks, grants, version and audit: the restore is a revision of its own). Needs save. ' +
      'Refusals: RESTORE_COLUMN_REMOVED, RESTORE_VALUE_CUT, RESTORE_REFERENCE_GONE, RESTORE_ROW_DELETED, RESTORE_DELETE_REVISION, the save’s own (REQUIRED, TOO_LONG, NOT_IN_ENUM, …), CONFLICT.',
    tags,
    body: restoreBodySchema,
    response: { 200: answerOf(restoreAnswerSchema) },
  }),
  undelete: defineRoute({
    method: 'POST',
    path: '/api/history/undelete/',
    summary: 'Bring a deleted row back',
    description:
      'A soft-deleted row is marked live again; a row deleted for good is inserted again with its key and the values logged at its delete. ' +
      'Needs save and delete on the table. Refusals: ROW_NOT_DELETED, RESTORE_REFERENCE_GONE, RESTORE_VALUE_CUT, the save’s own.',
    tags,
    body: undeleteBodySchema,
    response: { 200: answerOf(z.object({ id: rowKey })) },
  }),
};

// joined into the API by routes.ts (found in this folder); here for the type checker
declare module './routes.ts' {
  interface ApiRecords {
    history: typeof historyApi;
  }
}
