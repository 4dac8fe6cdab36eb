import { request } from './client.ts';

/** SPEC.md §9: the local database's source id (its tables live in this server's own database). */
export const LOCAL_SOURCE_ID = 10000;

/** What POST /api/datasources/test/ needs: the form's values; `id` lets an edit test with the stored password. */
export interface ConnectionTestParams {
  id?: number;
  sqlType: number;
  mainAddr: string;
  port?: number;
  databaseName: string;
  databaseUser: string;
  databasePsd?: string;
}

/** Connects (5 s at most) and answers how long it took; a refusal is an ApiError whose message says why. Silent: the dialog shows it. */
export async function testConnection(params: ConnectionTestParams): Promise<{ ok: true; elapsedMs: number }> {
  const answer = await request<{ ok: true; elapsedMs: number }>('/api/datasources/test/', { method: 'POST', body: params, silent: true });
  return answer.data!;
}

export interface CreateTableAnswer {
  sheetId: number;
  sourceId: number;
  tableName: string;
  /** the SQL that runs (or would run, in a preview), one statement each */
  statements: string[];
  applied: boolean;
  created: boolean;
}

/** POST /api/action/createSqlTable/: the DDL of a table definition; `preview` answers it without running it. */
export async function createSqlTable(id: number, preview: boolean): Promise<CreateTableAnswer> {
  const answer = await request<CreateTableAnswer>('/api/action/createSqlTable/', { method: 'POST', body: preview ? { id, preview: true } : { id }, silent: true });
  return answer.data!;
}

/** The tables that exist in a source, and whether each one has a definition already. */
export async function listSourceTables(sourceId: number): Promise<{ tableName: string; defined: boolean }[]> {
  const answer = await request<{ tableName: string; defined: boolean }[]>('/api/datasources/tables/', { query: { sourceId } });
  return Array.isArray(answer.data) ? answer.data : [];
}

/** Reads an existing table of a source back into a definition (columns, types, lengths, keys); answers the new sheet's id. */
export async function readBackTable(sourceId: number, tableName: string): Promise<{ id: number }> {
  const answer = await request<{ id: number }>('/api/datasources/readBack/', { method: 'POST', body: { sourceId, tableName } });
  return answer.data!;
}

/** Adds a menu entry for a created table under `parentMenu` (else the group 数据页面); its page is the generic table page at `url`. */
export async function createTablePage(sheetId: number, parentMenu?: number): Promise<{ menuId: number; url: string }> {
  const body = parentMenu === undefined ? { sheetId } : { sheetId, parentMenu };
  const answer = await request<{ menuId: number; url: string }>('/api/datasources/menu/', { method: 'POST', body });
  return answer.data!;
}

/**
 * POST /api/action/masterSlave/ (SPEC.md §7, the misspelled names are the contract): a table definition and its
 * columns in one transaction; answers the definition's id.
 */
export async function saveTableDefinition(mainData: Record<string, unknown>, columns: Record<string, unknown>[]): Promise<{ id?: number }> {
  const answer = await request<{ id?: number }>('/api/action/masterSlave/', {
    method: 'POST',
    body: { _flag: 'sys_dataSheet', _flagChidren: 'sys_tableFields', mainData, chidrenData: columns, bindField: 'parentid' },
    silent: true,
  });
  return (answer.data ?? {}) as { id?: number };
}

export interface FormTableColumn {
  columnName: string;
  type: string;
  length?: number;
  primaryKey: boolean;
  autoIncrement: boolean;
  defaults?: string;
  intro: string;
  titleEn?: string;
  field?: string;
  kind?: string;
}

export interface FormTableAnswer {
  formId: number;
  tableName: string;
  sourceId: number;
  columns: FormTableColumn[];
  statements: string[];
  sheetId?: number;
  created: boolean;
}

/** POST /api/forms/createTable/: a table from a form definition's fields (auto-create); `preview` answers the columns and SQL only. */
export async function createTableFromForm(id: number, preview: boolean): Promise<FormTableAnswer> {
  const answer = await request<FormTableAnswer>('/api/forms/createTable/', { method: 'POST', body: preview ? { id, preview: true } : { id }, silent: true });
  return answer.data!;
}
