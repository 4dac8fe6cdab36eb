import type { ImportCounts } from '@qb/contracts';
import { ApiError, call, callFile, type CallData, type DownloadedFile } from '../api/client.ts';
import { IMPORT_TIMEOUT_MS, type TemplateFormat } from '../api/import.ts';

/** The calls of the generic table import (docs/import.md "Import into any table"). */

export type TableImportCounts = CallData<'importTable'>;
export type DedupeMode = 'insert' | 'update';

export interface TableImportParams {
  flag: string;
  fileUrl: string;
  mode: DedupeMode;
  /** the column rows are matched on; the table's key when absent */
  keyColumn?: string;
}

/** The answer of one import: its counts, or why nothing was imported (with the counts and problems of a refused file). */
export type TableImportAnswer =
  { ok: true; counts: TableImportCounts; message: string } | { ok: false; counts?: ImportCounts; message: string; error: ApiError };

const isCounts = (data: unknown): data is ImportCounts => !!data && typeof data === 'object' && typeof (data as ImportCounts).inserted === 'number';

/** POST /api/action/importTable/: silent, the dialog shows the outcome. */
export async function importTableFile({ flag, fileUrl, mode, keyColumn }: TableImportParams): Promise<TableImportAnswer> {
  try {
    const answer = await call('importTable', {
      body: { _flag: flag, fileUrl, mode, ...(keyColumn ? { keyColumn } : {}) },
      silent: true,
      timeoutMs: IMPORT_TIMEOUT_MS,
    });
    return { ok: true, counts: answer.data, message: String(answer.message ?? '') };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const data = error.body?.data;
    return {
      ok: false,
      counts: isCounts(data) ? { ...data, problems: Array.isArray(data.problems) ? data.problems : [] } : undefined,
      message: error.message,
      error,
    };
  }
}

/** GET /api/import/tableTemplate/: the table's template, generated from its columns (the call needs the session header). */
export function downloadTableTemplate(flag: string, format: TemplateFormat): Promise<DownloadedFile> {
  return callFile('tableTemplate', { query: { _flag: flag, format } });
}

export type TableImportOptions = CallData<'tableImportOptions'>;

/** GET /api/import/tableOptions/: the table's natural key (the dialog's default 去重字段) and its unique columns. */
export async function tableImportOptions(flag: string): Promise<TableImportOptions> {
  return (await call('tableImportOptions', { query: { _flag: flag }, silent: true })).data;
}
