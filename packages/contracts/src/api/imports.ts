/** Spreadsheet import (SPEC.md §7: selectAddTypes, import, typesImport), templates and question export (docs/import.md). */
import { z } from 'zod';
import { answerOf, checkedByService, defineRoute, errorEnvelope, fileAnswer, INT32_MAX, jsonBody, queryOf, requiredText, serviceText } from './common.ts';

const tags = ['import'];
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const UPLOADED = '/api/file/2024/05/3f9c2b7a0d1e.xlsx';
const templateFormat = z
  .enum(['xls', 'xlsx'], { error: 'xls or xlsx' })
  .optional()
  .describe('the file format (default xlsx)')
  .meta({ examples: ['xlsx'] });

/**
 * An id sent by a form: a number (1 to 2^31−1), its text, or a cascader path (list or JSON text) whose last element counts.
 * An optional one may be 0 or empty for none.
 */
const formId = (description: string, optional = false) => {
  const id = z
    .number()
    .int()
    .min(optional ? 0 : 1)
    .max(INT32_MAX);
  const text = z.string().min(optional ? 0 : 1);
  return checkedByService(z.union([id, text, z.array(z.union([id, text])).max(20)]))
    .describe(description)
    .meta({ examples: [3] });
};

export const rowProblemSchema = z.object({
  row: z.number().int().describe('the row number Excel shows'),
  column: z.string().optional(),
  message: z.string(),
});

export const importCountsSchema = z.object({
  rows: z.number().int().describe('data rows read from the file'),
  inserted: z.number().int(),
  skipped: z.number().int().describe('already present (or twice in the file)'),
  rejected: z.number().int().describe('invalid rows; when there are any, nothing is written'),
  problems: z.array(rowProblemSchema).describe('the first 100 problems, by row'),
});

export const importCategorySchema = z.object({ id: z.number().int(), name: z.string(), created: z.boolean() });

export const selectAddTypesBodySchema = jsonBody({
  parentId: formId('the subject (questionsClass id)'),
  typeId: formId("the category chosen in the dialog; the files' categories are created below it (none: top level)", true).optional(),
  fileName: checkedByService(z.union([z.string().min(1), z.array(z.string().min(1)).min(1).max(100)]))
    .describe('file names, comma-joined or as a list (at most 100); extensions and folders are dropped')
    .meta({ examples: ['科目一题库.xlsx'] }),
});

/** A refused file: 400 IMPORT_ROWS_INVALID with the counts and the problems by row. */
const refusedImport = errorEnvelope
  .extend({ data: importCountsSchema.optional() })
  .describe('Refused: invalid rows (IMPORT_ROWS_INVALID, with the counts and problems) or bad parameters; nothing was written');

export const importQuestionsBodySchema = jsonBody({
  fileUrl: requiredText('the path POST /api/action/upload/ answered (/api/file/…)', UPLOADED),
  parentId: formId('the subject'),
  typeId: formId('the category'),
  tableName: serviceText('questionBank (may be left out)', 'questionBank').optional(),
});

export const importCategoriesBodySchema = jsonBody({
  fileUrl: requiredText('the path POST /api/action/upload/ answered (/api/file/…)', UPLOADED),
  subjectId: formId('the subject'),
  tableName: serviceText('questionsSmallClass (may be left out)', 'questionsSmallClass').optional(),
});

export const templateQuerySchema = queryOf({
  kind: z
    .enum(['question', 'category'], { error: 'question or category' })
    .optional()
    .describe('which template (default question)')
    .meta({ examples: ['question'] }),
  format: templateFormat,
});

/** The generic import into any table that offers it (docs/import.md "Import into any table"). */
export const importTableBodySchema = jsonBody({
  _flag: requiredText('the table (an operator table, or sys_member)', 'sys_member'),
  fileUrl: requiredText('the path POST /api/action/upload/ answered (/api/file/…)', UPLOADED),
  mode: z
    .enum(['insert', 'update'], { error: 'insert or update' })
    .optional()
    .describe('a row whose key (or keyColumn) value a live row already has: insert = skipped, update = updated through the save (default insert)')
    .meta({ examples: ['update'] }),
  keyColumn: serviceText(
    "the column rows are matched on (default: the table's natural key, as GET /api/import/tableOptions/ answers it: a column the table treats as unique, such as a member's phone, else the key)",
    'phone',
  ).optional(),
});

export const tableImportCountsSchema = importCountsSchema.extend({
  updated: z.number().int().describe('existing rows updated (mode update)'),
  ignoredColumns: z.array(z.string()).describe('header texts of columns the import does not write (server-filled, read-only)'),
});

export const tableTemplateQuerySchema = queryOf({
  _flag: requiredText('the table', 'sys_member'),
  format: templateFormat,
});

export const tableImportOptionsSchema = z.object({
  keyColumn: z
    .string()
    .describe("the column an import matches rows on when the call names none: the table's natural key (its first unique column, else its key)"),
  uniqueColumns: z
    .array(z.string())
    .describe('the columns the import treats as unique besides a generated key: no import writes a second live row with one of their values'),
  matchColumns: z.array(z.string()).describe('every column keyColumn may name: the key and the plain columns a file may fill'),
});

/** The calls of the import and export of questions and categories (docs/import.md), by name: each one's method, path and schemas, declared once (api/routes.ts joins every file's). */
export const importApi = {
  selectAddTypes: defineRoute({
    method: 'POST',
    path: '/api/coustomApi/selectAddTypes/',
    summary: 'One category per file name, found or created',
    description: 'Answers every name in the order given.',
    tags,
    body: selectAddTypesBodySchema,
    response: { 200: answerOf(z.array(importCategorySchema)) },
  }),
  importQuestions: defineRoute({
    method: 'POST',
    path: '/api/action/import/',
    summary: 'Import the questions of an uploaded file',
    description: 'One import or export runs at a time (IMPORT_BUSY otherwise). A file with any invalid row writes nothing.',
    tags,
    body: importQuestionsBodySchema,
    response: { 200: answerOf(importCountsSchema), 400: refusedImport },
  }),
  importCategories: defineRoute({
    method: 'POST',
    path: '/api/coustomApi/typesImport/',
    summary: 'Import the categories of an uploaded file',
    description: 'Parents before children; a second run skips what exists. A file with any invalid row writes nothing.',
    tags,
    body: importCategoriesBodySchema,
    response: { 200: answerOf(importCountsSchema), 400: refusedImport },
  }),
  template: defineRoute({
    method: 'GET',
    path: '/api/import/template/',
    summary: 'The import template the parser reads',
    tags,
    querystring: templateQuerySchema,
    response: { 200: fileAnswer('The template (Content-Disposition: attachment)', [XLSX, 'application/vnd.ms-excel']) },
  }),
  exportQuestions: defineRoute({
    method: 'GET',
    path: '/api/export/questions/',
    summary: "The questions of a subject and/or category as .xlsx, in the template's layout",
    tags,
    querystring: queryOf({ parentId: formId('the subject', true).optional(), typeId: formId('the category', true).optional() }),
    response: { 200: fileAnswer('The file (Content-Disposition: attachment)', [XLSX]) },
  }),
};

/** The calls of the import into any table that offers it (docs/import.md "Import into any table"), by name. */
export const tableImportApi = {
  importTable: defineRoute({
    method: 'POST',
    path: '/api/action/importTable/',
    summary: 'Import the rows of an uploaded file into a table',
    description:
      'Every row goes through the checks of a normal save, all in one transaction, each logged in the operation log (action import). ' +
      'A file with any invalid row writes nothing (IMPORT_ROWS_INVALID with every problem of every row, the first 100). ' +
      "A row whose value of a unique column (tableOptions' uniqueColumns) a live row other than its own, or an earlier row of the file, has is such a problem: an import never doubles it. " +
      'One import or export runs at a time.',
    tags,
    body: importTableBodySchema,
    response: { 200: answerOf(tableImportCountsSchema), 400: errorEnvelope.extend({ data: importCountsSchema.optional() }) },
  }),
  tableTemplate: defineRoute({
    method: 'GET',
    path: '/api/import/tableTemplate/',
    summary: "A table's import template, generated from its columns",
    description: 'Titles in both languages, * on required columns, enumeration labels as a list validation (.xlsx), a notes sheet.',
    tags,
    querystring: tableTemplateQuerySchema,
    response: { 200: fileAnswer('The template (Content-Disposition: attachment)', [XLSX, 'application/vnd.ms-excel']) },
  }),
  tableImportOptions: defineRoute({
    method: 'GET',
    path: '/api/import/tableOptions/',
    summary: "How a table's import matches rows: its natural key, its unique columns",
    description: 'The dialog presets 去重字段 (keyColumn) to keyColumn. Needs the import grant on the table, as the import does.',
    tags,
    querystring: queryOf({ _flag: requiredText('the table', 'sys_member') }),
    response: { 200: answerOf(tableImportOptionsSchema) },
  }),
};

// joined into the API by routes.ts (found in this folder); here for the type checker
declare module './routes.ts' {
  interface ApiRecords {
    import: typeof importApi;
    tableImport: typeof tableImportApi;
  }
}
