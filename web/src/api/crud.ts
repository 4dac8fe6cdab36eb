import type { SaveAnswer, TableMeta, UploadAnswer, UserSaveAnswer, Wheres } from '@qb/contracts';
import { call, callFile, type DownloadedFile } from './client.ts';

/** The answer of a save: the row's key, whether it was new, a new account's generated password (once). */
export type { SaveAnswer };

/**
 * POST /api/action/save/: insert without id, update with id. Silent: the page shows the server's
 * message itself, for 2 s (SPEC.md §8).
 */
export async function saveRow(flag: string, params: Record<string, unknown>): Promise<SaveAnswer> {
  const answer = await call('save', { body: { _flag: flag, params }, silent: true });
  return answer.data as SaveAnswer;
}

/** POST /api/user/save/: a new account gets a generated password, answered once. */
export async function saveUser(params: Record<string, unknown>): Promise<UserSaveAnswer> {
  const answer = await call('userSave', { body: { params }, silent: true });
  return answer.data as UserSaveAnswer;
}

/**
 * POST /api/action/delete/: soft delete of one row or a batch (all or nothing). With `version` (one row: its
 * `_version` as listed) a row changed since is not deleted: 409 CONFLICT, shown by the caller (silent).
 */
export async function deleteRows(flag: string, ids: (number | string)[], version?: string): Promise<void> {
  const versioned = ids.length === 1 && typeof version === 'string';
  await call('delete', {
    body: { _flag: flag, id: ids.length === 1 ? ids[0] : ids, ...(versioned ? { _version: version } : {}) },
    silent: versioned,
  });
}

/** GET /api/schema/:flag: column types, required flags, sortability and references. */
export async function fetchTableMeta(flag: string): Promise<TableMeta> {
  const answer = await call('schema', { params: { flag } });
  return answer.data as TableMeta;
}

export interface ExportColumn {
  name: string;
  title: string;
  /** value -> label (enumerations) */
  labels?: Record<string, string>;
  /** a reference column: the server exports the referenced rows' `labelField` (default name) */
  ref?: { flag: string; labelField?: string };
}

export interface ExportParams {
  wheres?: Wheres;
  sort?: string;
  sortType?: string;
  columns: ExportColumn[];
  fileName: string;
}

/** GET /api/export/table/: every row of the current query as an .xlsx file, with the page's column titles. */
export async function exportTable(flag: string, params: ExportParams): Promise<DownloadedFile> {
  return callFile('exportTable', {
    query: { _flag: flag, wheres: params.wheres, sort: params.sort, sortType: params.sortType, columns: params.columns, fileName: params.fileName },
  });
}

/** POST /api/action/upload/: one file in the multipart field `files`; answers its served path. Silent: the field says what failed. */
export async function uploadFile(file: File): Promise<UploadAnswer> {
  const form = new FormData();
  form.append('files', file);
  const answer = await call('upload', { body: form, silent: true, timeoutMs: 120_000 });
  return answer.data as UploadAnswer;
}
