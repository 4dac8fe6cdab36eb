/**
 * Forms bound to tables (issue 12, docs/forms.md "Forms bound to tables"): the bound form in a table's metadata,
 * and auto-create: a table made from a form definition's value fields, previewed before its DDL runs.
 */
import { z } from 'zod';
import { answerOf, defineRoute, jsonBody, rowId } from './common.ts';

const tags = ['forms'];

/** A form schema of version 2 as the server checked it (packages/contracts/src/forms; the full grammar is docs/forms.md). */
export const boundFormSchema = z
  .looseObject({
    version: z.literal(2),
    fields: z.array(z.looseObject({ kind: z.string(), name: z.string() })),
  })
  .meta({ id: 'FormSchema', description: 'a form schema, version 2 (docs/forms.md): the add/edit form of a table bound to it' });

export const formTableBodySchema = jsonBody({
  id: rowId('the sys_layTable row (a form definition with isCreateTable 1)'),
  preview: z.boolean().optional().describe('true: answer the derived columns and the SQL, write nothing'),
});

export const derivedColumnSchema = z.object({
  columnName: z.string(),
  type: z.enum(['int', 'nvarchar', 'datetime', 'float', 'money', 'image', 'ntext']),
  length: z.number().int().optional().describe('nvarchar only'),
  primaryKey: z.boolean(),
  autoIncrement: z.boolean(),
  defaults: z.string().optional(),
  intro: z.string().describe('the field label (Chinese)'),
  titleEn: z.string().optional(),
  field: z.string().optional().describe('the form field it comes from (absent for id and isdelete)'),
  kind: z.string().optional().describe("that field's kind"),
});

export const formTableAnswerSchema = z.object({
  formId: z.number().int(),
  tableName: z.string(),
  sourceId: z.number().int().describe('the data source (10000: the local database)'),
  columns: z.array(derivedColumnSchema),
  statements: z.array(z.string()).describe('the SQL that creates the table, in order'),
  sheetId: z.number().int().optional().describe('the table definition saved (sys_dataSheet), when not a preview'),
  created: z.boolean().describe('the table exists after this call'),
});

/** The calls of the designer's forms, by name: each one's method, path and schemas, declared once (api/routes.ts joins every file's). */
export const formApi = {
  formTable: defineRoute({
    method: 'POST',
    path: '/api/forms/createTable/',
    summary: "Creates a table from a form definition's fields",
    description:
      'For a form definition with isCreateTable 1: its value fields become columns (names = field names, types derived from the kinds, ' +
      'docs/forms.md "Auto-create"), with id (int, key, auto increment) and isdelete. preview answers the columns and the SQL; otherwise a ' +
      'table definition (sys_dataSheet, sys_tableFields) is saved and created through POST /api/action/createSqlTable/, and the form becomes ' +
      'bound to the new table. A failure keeps nothing. Requires save on sys_layTable and sys_dataSheet.',
    tags,
    body: formTableBodySchema,
    response: { 200: answerOf(formTableAnswerSchema) },
  }),
};

// joined into the API by routes.ts (found in this folder); here for the type checker
declare module './routes.ts' {
  interface ApiRecords {
    form: typeof formApi;
  }
}
