import { call, type CallBody, type CallData } from './client.ts';

/** SPEC.md §9: the local database's source id (its tables live in this server's own database). */
export const LOCAL_SOURCE_ID = 10000;

/** What POST /api/datasources/test/ needs: the form's values; `id` lets an edit test with the stored password. */
export type ConnectionTestParams = CallBody<'testConnection'>;

/** Connects (5 s at most) and answers how long it took; a refusal is an ApiError whose message says why. Silent: the dialog shows it. */
export async function testConnection(params: ConnectionTestParams): Promise<CallData<'testConnection'>> {
  const answer = await call('testConnection', { body: params, silent: true });
  return answer.data!;
}

/** The DDL of a definition: the statements that run (or would, in a preview), one each; whether they ran. */
export type CreateTableAnswer = CallData<'createSqlTable'>;

/** POST /api/action/createSqlTable/: the DDL of a table definition; `preview` answers it without running it. */
export async function createSqlTable(id: number, preview: boolean): Promise<CreateTableAnswer> {
  const answer = await call('createSqlTable', { body: preview ? { id, preview: true } : { id }, silent: true });
  return answer.data!;
}

/** The tables that exist in a source, and whether each one has a definition already. */
export async function listSourceTables(sourceId: number): Promise<CallData<'sourceTables'>> {
  const answer = await call('sourceTables', { query: { sourceId } });
  return Array.isArray(answer.data) ? answer.data : [];
}

/** Reads an existing table of a source back into a definition (columns, types, lengths, keys); answers the new sheet's id. */
export async function readBackTable(sourceId: number, tableName: string): Promise<CallData<'readBack'>> {
  const answer = await call('readBack', { body: { sourceId, tableName } });
  return answer.data!;
}

/** Adds a menu entry for a created table under `parentMenu` (else the group 数据页面); its page is the generic table page at `url`. */
export async function createTablePage(sheetId: number, parentMenu?: number): Promise<CallData<'generateMenu'>> {
  const body = parentMenu === undefined ? { sheetId } : { sheetId, parentMenu };
  const answer = await call('generateMenu', { body });
  return answer.data!;
}

/**
 * POST /api/action/masterSlave/ (SPEC.md §7, the misspelled names are the contract): a table definition and its
 * columns in one transaction; answers the definition's id.
 */
export async function saveTableDefinition(mainData: Record<string, unknown>, columns: Record<string, unknown>[]): Promise<{ id?: number }> {
  const answer = await call('masterSlave', {
    body: { _flag: 'sys_dataSheet', _flagChidren: 'sys_tableFields', mainData, chidrenData: columns, bindField: 'parentid' },
    silent: true,
  });
  return (answer.data ?? {}) as { id?: number };
}

export type FormTableAnswer = CallData<'formTable'>;
export type FormTableColumn = FormTableAnswer['columns'][number];

/** POST /api/forms/createTable/: a table from a form definition's fields (auto-create); `preview` answers the columns and SQL only. */
export async function createTableFromForm(id: number, preview: boolean): Promise<FormTableAnswer> {
  const answer = await call('formTable', { body: preview ? { id, preview: true } : { id }, silent: true });
  return answer.data!;
}
