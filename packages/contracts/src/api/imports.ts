/** Spreadsheet import (SPEC.md §7: selectAddTypes, import, typesImport), templates and question export (docs/import.md). */
import { z } from 'zod';
import { answerOf, checkedByService, defineRoute, errorEnvelope, fileAnswer, jsonBody, queryOf, serviceText } from './common.ts';

const tags = ['import'];
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** An id sent by a form: a number, its text, or a cascader path (list or JSON text) whose last element counts. */
const formId = (description: string) =>
  checkedByService(z.union([z.number().int(), z.string(), z.array(z.union([z.number().int(), z.string()]))])).describe(description);

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
  typeId: formId("the category chosen in the dialog; the files' categories are created below it (none: top level)").optional(),
  fileName: checkedByService(z.union([z.string(), z.array(z.string())])).describe(
    'file names, comma-joined or as a list (at most 100); extensions and folders are dropped',
  ),
});

export const selectAddTypesRoute = defineRoute({
  summary: 'One category per file name, found or created',
  description: 'Answers every name in the order given.',
  tags,
  body: selectAddTypesBodySchema,
  response: { 200: answerOf(z.array(importCategorySchema)) },
});

/** A refused file: 400 IMPORT_ROWS_INVALID with the counts and the problems by row. */
const refusedImport = errorEnvelope
  .extend({ data: importCountsSchema.optional() })
  .describe('Refused: invalid rows (IMPORT_ROWS_INVALID, with the counts and problems) or bad parameters; nothing was written');

export const importQuestionsBodySchema = jsonBody({
  fileUrl: serviceText('the path POST /api/action/upload/ answered (/api/file/…)'),
  parentId: formId('the subject'),
  typeId: formId('the category'),
  tableName: serviceText('questionBank (may be left out)').optional(),
});

export const importQuestionsRoute = defineRoute({
  summary: 'Import the questions of an uploaded file',
  description: 'One import or export runs at a time (IMPORT_BUSY otherwise). A file with any invalid row writes nothing.',
  tags,
  body: importQuestionsBodySchema,
  response: { 200: answerOf(importCountsSchema), 400: refusedImport },
});

export const importCategoriesBodySchema = jsonBody({
  fileUrl: serviceText('the path POST /api/action/upload/ answered (/api/file/…)'),
  subjectId: formId('the subject'),
  tableName: serviceText('questionsSmallClass (may be left out)').optional(),
});

export const importCategoriesRoute = defineRoute({
  summary: 'Import the categories of an uploaded file',
  description: 'Parents before children; a second run skips what exists. A file with any invalid row writes nothing.',
  tags,
  body: importCategoriesBodySchema,
  response: { 200: answerOf(importCountsSchema), 400: refusedImport },
});

export const templateQuerySchema = queryOf({
  kind: z.enum(['question', 'category'], { error: 'question or category' }).optional().describe('which template (default question)'),
  format: z.enum(['xls', 'xlsx'], { error: 'xls or xlsx' }).optional().describe('the file format (default xlsx)'),
});

export const templateRoute = defineRoute({
  summary: 'The import template the parser reads',
  tags,
  querystring: templateQuerySchema,
  response: { 200: fileAnswer('The template (Content-Disposition: attachment)', [XLSX, 'application/vnd.ms-excel']) },
});

export const exportQuestionsRoute = defineRoute({
  summary: "The questions of a subject and/or category as .xlsx, in the template's layout",
  tags,
  querystring: queryOf({ parentId: formId('the subject').optional(), typeId: formId('the category').optional() }),
  response: { 200: fileAnswer('The file (Content-Disposition: attachment)', [XLSX]) },
});

/** The generic import into any table that offers it (docs/import.md "Import into any table"). */
export const importTableBodySchema = jsonBody({
  _flag: serviceText('the table (an operator table, or sys_member)'),
  fileUrl: serviceText('the path POST /api/action/upload/ answered (/api/file/…)'),
  mode: z
    .enum(['insert', 'update'], { error: 'insert or update' })
    .optional()
    .describe('a row whose key (or keyColumn) value a live row already has: insert = skipped, update = updated through the save (default insert)'),
  keyColumn: serviceText('the column rows are matched on: the table key (default) or another plain column').optional(),
});

export const tableImportCountsSchema = importCountsSchema.extend({
  updated: z.number().int().describe('existing rows updated (mode update)'),
  ignoredColumns: z.array(z.string()).describe('header texts of columns the import does not write (server-filled, read-only)'),
});

export const importTableRoute = defineRoute({
  summary: 'Import the rows of an uploaded file into a table',
  description:
    'Every row goes through the checks of a normal save, all in one transaction, each logged in the operation log (action import). ' +
    'A file with any invalid row writes nothing (IMPORT_ROWS_INVALID with the problems by row). One import or export runs at a time.',
  tags,
  body: importTableBodySchema,
  response: { 200: answerOf(tableImportCountsSchema), 400: errorEnvelope.extend({ data: importCountsSchema.optional() }) },
});

export const tableTemplateQuerySchema = queryOf({
  _flag: serviceText('the table'),
  format: z.enum(['xls', 'xlsx'], { error: 'xls or xlsx' }).optional().describe('the file format (default xlsx)'),
});

export const tableTemplateRoute = defineRoute({
  summary: "A table's import template, generated from its columns",
  description: 'Titles in both languages, * on required columns, enumeration labels as a list validation (.xlsx), a notes sheet.',
  tags,
  querystring: tableTemplateQuerySchema,
  response: { 200: fileAnswer('The template (Content-Disposition: attachment)', [XLSX, 'application/vnd.ms-excel']) },
});
