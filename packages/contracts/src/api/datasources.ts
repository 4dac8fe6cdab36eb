/**
 * Data sources and table definitions (issue 11): the connection test, real DDL from a saved table definition
 * (with its SQL preview), the tables of a source and reading one back into a definition, and the menu entry of a
 * created table's generated page. Saving a connection stays POST /api/action/save/ with `_flag: sys_connsql`.
 */
import { z } from 'zod';
import { answerOf, defineRoute, jsonBody, queryOf, rowId } from './common.ts';

const tags = ['datasources'];

export const testConnectionBodySchema = jsonBody({
  id: rowId('a saved source: its stored password is used when databasePsd is empty', 10000).optional(),
  sqlType: z.coerce.number().int().min(1).max(5).describe('1 SQL Server, 2 MySQL/MariaDB, 3 Oracle, 4 PostgreSQL, 5 SQLite file'),
  mainAddr: z.string().max(200),
  port: z.coerce.number().int().min(1).max(65535).nullable().optional(),
  databaseName: z.string().max(500),
  databaseUser: z.string().max(200),
  databasePsd: z.string().max(200).optional(),
  noPassword: z
    .boolean()
    .optional()
    .describe('true: the database has no password (connect with an empty one; neither databasePsd nor the stored password is used)'),
});
export const testConnectionAnswerSchema = z.object({ ok: z.literal(true), elapsedMs: z.number() });
export const createSqlTableBodySchema = jsonBody({
  id: rowId('the sys_dataSheet row'),
  preview: z.boolean().optional().describe('true: answer the statements, run nothing'),
});
export const createSqlTableAnswerSchema = z.object({
  sheetId: z.number().int(),
  sourceId: z.number().int(),
  tableName: z.string(),
  statements: z.array(z.string()).describe('the SQL, in order (empty: nothing to change)'),
  applied: z.boolean().describe('the statements were run'),
  created: z.boolean().describe('the table exists after this call'),
});
export const sourceTablesQuerySchema = queryOf({ sourceId: rowId('the data source (10000: this server’s database)', 10000) });
export const sourceTableSchema = z.object({
  tableName: z.string(),
  defined: z.boolean().describe('a live sys_dataSheet of that name on that source exists'),
});
export const readBackBodySchema = jsonBody({
  sourceId: rowId('the data source (10000: this server’s database)', 10000),
  tableName: z
    .string()
    .min(1)
    .max(128)
    .describe('a table of the source')
    .meta({ examples: ['orders'] }),
});
export const generateMenuBodySchema = jsonBody({
  sheetId: rowId('the sys_dataSheet row of a created table'),
  parentMenu: rowId('default: the menu group 数据页面 / Data pages, created on demand').optional(),
});

/** The calls of data sources and tables made from definitions, by name: each one's method, path and schemas, declared once (api/routes.ts joins every file's). */
export const datasourceApi = {
  testConnection: defineRoute({
    method: 'POST',
    path: '/api/datasources/test/',
    summary: 'Tests a connection (5 s timeout)',
    description:
      'Really connects and runs `select 1`. A failure is the error envelope saying why (unreachable 502, login refused 502, unknown database 502, timeout 504). ' +
      'Requires save on sys_connsql.',
    tags,
    body: testConnectionBodySchema,
    response: { 200: answerOf(testConnectionAnswerSchema) },
  }),
  createSqlTable: defineRoute({
    method: 'POST',
    path: '/api/action/createSqlTable/',
    summary: 'Creates or alters the real table of a saved table definition',
    description:
      'Reads the saved definition (sys_dataSheet and its live sys_tableFields). A new table is CREATE TABLE; a created one is altered by the difference ' +
      'from the last applied definition (ADD, lossless ALTER) or refused (400) with the reason. A failure leaves nothing half-made. Every run, ' +
      'failed or not, is recorded in sys_ddlHistory. A hostile name: 400 before any SQL; a table name taken by another definition or a built-in table: 409. ' +
      'Requires save on sys_dataSheet.',
    tags,
    body: createSqlTableBodySchema,
    response: { 200: answerOf(createSqlTableAnswerSchema) },
  }),
  sourceTables: defineRoute({
    method: 'GET',
    path: '/api/datasources/tables/',
    summary: "A source's tables",
    description: "The user tables of the source (10000: this server's database without the app's own tables). Requires save on sys_dataSheet.",
    tags,
    querystring: sourceTablesQuerySchema,
    response: { 200: answerOf(z.array(sourceTableSchema)) },
  }),
  readBack: defineRoute({
    method: 'POST',
    path: '/api/datasources/readBack/',
    summary: 'Reads an existing table back into a definition',
    description:
      'Its columns (name, type mapped to the logical types, length, nullable, primary key, auto increment) become a sys_dataSheet (created) with its ' +
      'sys_tableFields, in one transaction; the table joins the registry. Unknown table: 404; already defined: 409. Requires save on sys_dataSheet.',
    tags,
    body: readBackBodySchema,
    response: { 200: answerOf(z.object({ id: z.number().int().describe('the new sys_dataSheet') })) },
  }),
  generateMenu: defineRoute({
    method: 'POST',
    path: '/api/datasources/menu/',
    summary: "Adds the menu entry of a created table's generated page",
    description:
      'A sys_menu row with the url /manage/<tableName>. Refused (409) when the table is not created yet or a live menu has that url. ' +
      'Requires save on sys_menu and on sys_dataSheet.',
    tags,
    body: generateMenuBodySchema,
    response: { 200: answerOf(z.object({ menuId: z.number().int(), url: z.string() })) },
  }),
};

// joined into the API by routes.ts (found in this folder); here for the type checker
declare module './routes.ts' {
  interface ApiRecords {
    datasource: typeof datasourceApi;
  }
}
